package dev.parrow.delta;

import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.metadata.Statistics;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import io.delta.kernel.expressions.Column;
import io.delta.kernel.expressions.Literal;
import io.delta.kernel.statistics.DataFileStatistics;
import io.delta.kernel.types.ByteType;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.DateType;
import io.delta.kernel.types.DecimalType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.ShortType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructField;
import io.delta.kernel.types.StructType;
import io.delta.kernel.types.TimestampNTZType;
import io.delta.kernel.types.TimestampType;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The statistics Delta records of a data file, from the footer Parrow wrote: the row count, and for
 * each column Kernel asks for (by physical path, outside lists and maps) its null count and, for
 * integers, decimals, dates, timestamps and strings, its exact minimum and maximum (none for a
 * column some row group has no statistics of, or holds only nulls in everywhere).
 */
final class DeltaStatistics {
  private DeltaStatistics() {}

  static DataFileStatistics of(FileMetaData meta, StructType schema, List<Column> asked) {
    Set<Column> wanted = new HashSet<>(asked);
    ParquetSchema parquet = ParquetSchema.fromElements(meta.schema());
    Map<Column, Literal> min = new HashMap<>();
    Map<Column, Literal> max = new HashMap<>();
    Map<Column, Long> nulls = new HashMap<>();
    Map<Column, Object[]> bounds = new HashMap<>();
    Set<Column> incomplete = new HashSet<>();
    for (ColumnDescriptor leaf : parquet.columns()) {
      Column column = new Column(leaf.path().toArray(new String[0]));
      DataType type = typeAt(schema, leaf.path());
      if (!wanted.contains(column) || leaf.maxRepetitionLevel() > 0 || type == null) {
        continue;
      }
      for (RowGroup group : meta.rowGroups()) {
        ColumnMetaData m = group.columns().get(leaf.index()).metaData();
        Statistics s = m.statistics();
        if (s == null || s.nullCount() == null) {
          incomplete.add(column);
          continue;
        }
        nulls.merge(column, s.nullCount(), Long::sum);
        // INT96 bounds (12 bytes, and only in INT96_TIMESTAMP_ORDER) are not a long: none.
        if (s.minValue() != null
            && s.maxValue() != null
            && bounded(type)
            && leaf.physicalType() != PhysicalType.INT96) {
          Comparable<Object> lo = value(s.minValue().toByteArray(), leaf, type);
          Comparable<Object> hi = value(s.maxValue().toByteArray(), leaf, type);
          Object[] b = bounds.get(column);
          if (b == null) {
            bounds.put(column, new Object[] {lo, hi});
          } else {
            if (lo.compareTo(b[0]) < 0) {
              b[0] = lo;
            }
            if (hi.compareTo(b[1]) > 0) {
              b[1] = hi;
            }
          }
        } else if (s.nullCount() != m.numValues()) {
          incomplete.add(column);
        }
      }
    }
    for (Column c : incomplete) {
      nulls.remove(c);
      bounds.remove(c);
    }
    bounds.forEach(
        (c, b) -> {
          DataType type = typeAt(schema, List.of(c.getNames()));
          min.put(c, literal(b[0], type));
          max.put(c, literal(b[1], type));
        });
    return new DataFileStatistics(meta.numRows(), min, max, nulls);
  }

  /** The type of the field a physical path names, through structs only; null otherwise. */
  private static DataType typeAt(StructType schema, List<String> path) {
    DataType at = schema;
    for (String name : path) {
      if (!(at instanceof StructType s)) {
        return null;
      }
      StructField f = null;
      for (StructField c : s.fields()) {
        if (c.getName().equals(name)) {
          f = c;
        }
      }
      if (f == null) {
        return null;
      }
      at = f.getDataType();
    }
    return at instanceof StructType ? null : at;
  }

  private static boolean bounded(DataType t) {
    return t instanceof ByteType
        || t instanceof ShortType
        || t instanceof IntegerType
        || t instanceof LongType
        || t instanceof DecimalType
        || t instanceof DateType
        || t instanceof TimestampType
        || t instanceof TimestampNTZType
        || t instanceof StringType;
  }

  @SuppressWarnings("unchecked")
  private static Comparable<Object> value(byte[] bytes, ColumnDescriptor leaf, DataType type) {
    ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    PhysicalType physical = leaf.physicalType();
    Object v;
    if (type instanceof StringType) {
      v = new Text(bytes);
    } else if (type instanceof DecimalType d) {
      v = dev.parrow.codec.metadata.Statistics.decimal(bytes, physical, d.getScale());
    } else if (physical == PhysicalType.INT32) {
      v = (long) le.getInt();
    } else {
      v = le.getLong();
    }
    return (Comparable<Object>) v;
  }

  /** A string's UTF-8 bytes, ordered unsigned: the order of code points, as Delta compares. */
  private record Text(byte[] bytes) implements Comparable<Text> {
    @Override
    public int compareTo(Text o) {
      return java.util.Arrays.compareUnsigned(bytes, o.bytes);
    }
  }

  private static Literal literal(Object v, DataType type) {
    if (type instanceof StringType) {
      return Literal.ofString(new String(((Text) v).bytes(), StandardCharsets.UTF_8));
    }
    if (type instanceof DecimalType d) {
      return Literal.ofDecimal((BigDecimal) v, d.getPrecision(), d.getScale());
    }
    long x = (Long) v;
    if (type instanceof ByteType) {
      return Literal.ofByte((byte) x);
    }
    if (type instanceof ShortType) {
      return Literal.ofShort((short) x);
    }
    if (type instanceof IntegerType) {
      return Literal.ofInt((int) x);
    }
    if (type instanceof DateType) {
      return Literal.ofDate((int) x);
    }
    if (type instanceof TimestampType) {
      return Literal.ofTimestamp(x);
    }
    if (type instanceof TimestampNTZType) {
      return Literal.ofTimestampNtz(x);
    }
    return Literal.ofLong(x);
  }
}
