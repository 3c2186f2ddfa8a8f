package dev.parrow.iceberg;

import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.metadata.Statistics;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.MetricsModes;
import org.apache.iceberg.MetricsUtil;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Comparators;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.BinaryUtil;
import org.apache.iceberg.util.UnicodeUtil;

/**
 * The metrics Iceberg records of a data file, from the footer Parrow wrote, by field id and under
 * the table's metrics modes, as Iceberg's own Parquet code records them: each column's stored size;
 * of the columns outside lists and maps, their values and nulls, NaN counts of floats (Parrow
 * writes them), and their lower and upper bounds, truncated under {@code truncate(N)} (strings to N
 * characters, binaries to N bytes, the upper bound rounded up). A column without statistics in some
 * row group has no null count and no bounds; a float column with NaNs has no bounds.
 */
final class IcebergMetrics {
  private IcebergMetrics() {}

  static Metrics of(FileMetaData meta, Schema schema, MetricsConfig config) {
    ParquetSchema parquet = ParquetSchema.fromElements(meta.schema());
    Map<Integer, Long> sizes = new HashMap<>();
    Map<Integer, Long> values = new HashMap<>();
    Map<Integer, Long> nulls = new HashMap<>();
    Map<Integer, Long> nans = new HashMap<>();
    Map<Integer, Object> lower = new HashMap<>();
    Map<Integer, Object> upper = new HashMap<>();
    Set<Integer> noStatistics = new HashSet<>();
    Set<Integer> noBounds = new HashSet<>();
    for (RowGroup group : meta.rowGroups()) {
      for (ColumnDescriptor column : parquet.columns()) {
        Integer id = column.element().fieldId();
        Types.NestedField field = id == null ? null : schema.findField(id);
        if (field == null || !field.type().isPrimitiveType()) {
          continue;
        }
        MetricsModes.MetricsMode mode = MetricsUtil.metricsMode(schema, config, id);
        if (mode instanceof MetricsModes.None) {
          continue;
        }
        ColumnChunk chunk = group.columns().get(column.index());
        ColumnMetaData m = chunk.metaData();
        sizes.merge(id, m.totalCompressedSize(), Long::sum);
        if (column.maxRepetitionLevel() > 0) {
          // Inside a list or map: a chunk's values are elements, not rows; Iceberg keeps only
          // the column's size.
          continue;
        }
        values.merge(id, m.numValues(), Long::sum);
        Statistics s = m.statistics();
        if (s == null || s.nullCount() == null) {
          noStatistics.add(id);
        } else {
          nulls.merge(id, s.nullCount(), Long::sum);
        }
        Type type = field.type();
        boolean floating =
            type.typeId() == Type.TypeID.FLOAT || type.typeId() == Type.TypeID.DOUBLE;
        if (floating && s != null && s.nanCount() != null) {
          nans.merge(id, s.nanCount(), Long::sum);
        }
        if (mode instanceof MetricsModes.Counts) {
          continue;
        }
        boolean bounded =
            s != null
                && s.minValue() != null
                && s.maxValue() != null
                // INT96 bounds are 12 bytes (and only in INT96_TIMESTAMP_ORDER), not a long.
                && column.physicalType() != PhysicalType.INT96
                && (!floating || s.nanCount() != null && s.nanCount() == 0);
        if (!bounded) {
          // All nulls: no bound, which keeps the others' (Iceberg counts them as no values).
          if (s == null || s.nullCount() == null || s.nullCount() != m.numValues()) {
            noBounds.add(id);
          }
          continue;
        }
        Object min = value(s.minValue(), column, type);
        Object max = value(s.maxValue(), column, type);
        Comparator<Object> order = comparator(type);
        lower.merge(id, min, (a, b) -> order.compare(a, b) <= 0 ? a : b);
        upper.merge(id, max, (a, b) -> order.compare(a, b) >= 0 ? a : b);
      }
    }
    noStatistics.forEach(nulls::remove);
    lower.keySet().removeAll(noBounds);
    upper.keySet().removeAll(noBounds);
    Map<Integer, ByteBuffer> lowerBounds = bounds(lower, schema, config, false);
    Map<Integer, ByteBuffer> upperBounds = bounds(upper, schema, config, true);
    return new Metrics(meta.numRows(), sizes, values, nulls, nans, lowerBounds, upperBounds);
  }

  /**
   * Each column's lower (or upper) bound as Iceberg stores it; none where truncation gives none.
   */
  private static Map<Integer, ByteBuffer> bounds(
      Map<Integer, Object> values, Schema schema, MetricsConfig config, boolean max) {
    Map<Integer, ByteBuffer> out = new HashMap<>();
    values.forEach(
        (id, v) -> {
          ByteBuffer b =
              bound(v, schema.findType(id), MetricsUtil.metricsMode(schema, config, id), max);
          if (b != null) {
            out.put(id, b);
          }
        });
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Comparator<Object> comparator(Type type) {
    return (Comparator<Object>) (Comparator<?>) Comparators.forType(type.asPrimitiveType());
  }

  /** A bound as Iceberg stores it, truncated under {@code truncate(N)}; null when it has none. */
  private static ByteBuffer bound(Object v, Type type, MetricsModes.MetricsMode mode, boolean max) {
    if (mode instanceof MetricsModes.Truncate t) {
      int n = t.length();
      if (type.typeId() == Type.TypeID.STRING) {
        String s = v.toString();
        v = max ? UnicodeUtil.truncateStringMax(s, n) : UnicodeUtil.truncateStringMin(s, n);
      } else if (type.typeId() == Type.TypeID.BINARY) {
        ByteBuffer b = (ByteBuffer) v;
        v = max ? BinaryUtil.truncateBinaryMax(b, n) : BinaryUtil.truncateBinaryMin(b, n);
      }
      if (v == null) {
        return null;
      }
    }
    return Conversions.toByteBuffer(type, v);
  }

  /** A statistics value (plain-encoded) as Iceberg's value of the column's type. */
  private static Object value(Bytes stored, ColumnDescriptor column, Type type) {
    byte[] bytes = stored.toByteArray();
    ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    PhysicalType physical = column.physicalType();
    switch (type.typeId()) {
      case BOOLEAN:
        return bytes[0] != 0;
      case INTEGER:
      case DATE:
        return le.getInt();
      case LONG:
        return physical == PhysicalType.INT32 ? (long) le.getInt() : le.getLong();
      case TIME:
      case TIMESTAMP:
      case TIMESTAMP_NANO:
        return le.getLong();
      case FLOAT:
        return le.getFloat();
      case DOUBLE:
        return physical == PhysicalType.FLOAT ? (double) le.getFloat() : le.getDouble();
      case DECIMAL:
        return dev.parrow.codec.metadata.Statistics.decimal(
            bytes, physical, ((Types.DecimalType) type).scale());
      case STRING:
        return new String(bytes, StandardCharsets.UTF_8);
      case UUID:
        {
          ByteBuffer be = ByteBuffer.wrap(bytes);
          return new UUID(be.getLong(), be.getLong());
        }
      case FIXED:
      case BINARY:
        return ByteBuffer.wrap(bytes);
      default:
        throw new UnsupportedOperationException("bounds of " + type);
    }
  }
}
