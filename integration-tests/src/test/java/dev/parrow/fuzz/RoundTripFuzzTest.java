package dev.parrow.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.storage.InputFile;
import dev.parrow.storage.OutputFile;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampSecTZVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.Text;

/**
 * The differential target: random Arrow data (types, nesting up to three levels, nulls) written by
 * Parrow under random write options (codecs, page versions, sizes and row counts, dictionaries and
 * their size limit, statistics, content-defined chunking, a top-level column's own encoding,
 * dictionary choice and Bloom filter, INT96 timestamps, one, two or four threads) and read back. An
 * encoding the column's type has not, or a timestamp INT96 cannot hold, must fail the write with an
 * IllegalArgumentException. The read must give the written schema and the written values, row for
 * row. Values stay inside what each Arrow type means (times within a day, date64 on whole days,
 * decimals within their precision), as a producer's would.
 */
class RoundTripFuzzTest {
  private static final CompressionCodec[] CODECS = {
    CompressionCodec.UNCOMPRESSED,
    CompressionCodec.SNAPPY,
    CompressionCodec.GZIP,
    CompressionCodec.ZSTD,
    CompressionCodec.LZ4_RAW
  };

  private static final String[] ZONES = {"UTC", "America/New_York", "+05:30"};

  private static final Encoding[] ENCODINGS = {
    Encoding.PLAIN,
    Encoding.DELTA_BINARY_PACKED,
    Encoding.DELTA_LENGTH_BYTE_ARRAY,
    Encoding.DELTA_BYTE_ARRAY,
    Encoding.BYTE_STREAM_SPLIT,
    Encoding.ALP
  };

  @FuzzTest
  void roundTrip(FuzzedDataProvider data) throws Exception {
    List<Field> fields = new ArrayList<>();
    for (int c = data.consumeInt(1, 4); c > 0; c--) {
      fields.add(randomField("c" + c, 0, data));
    }
    Schema schema = new Schema(fields);
    WriteOptions.Builder builder =
        WriteOptions.builder()
            .compression(data.pickValue(CODECS))
            .dataPageVersion(WriteOptions.DataPageVersion.of(data.consumeInt(1, 2)))
            .dictionary(data.consumeBoolean())
            .pageSizeBytes(data.consumeInt(16, 4096))
            .rowGroupRows(data.consumeInt(1, 300))
            .statistics(data.consumeBoolean())
            .writeCrc(data.consumeBoolean())
            .floatTotalOrder(data.consumeBoolean())
            .statisticsTruncateLength(data.consumeBoolean() ? data.consumeInt(1, 40) : null)
            .sizeStatistics(data.consumeBoolean())
            // Small chunks, so that a few hundred rows cut into several content-defined pages.
            .contentDefinedChunking(
                data.consumeBoolean()
                    ? new dev.parrow.codec.options.ContentDefinedChunking(
                        data.consumeInt(8, 64), 256, 0)
                    : null)
            .pageRows(data.consumeInt(1, 400))
            .dictionaryPageSizeLimit(data.consumeInt(16, 4096))
            // 4 threads and more encode row groups at once (RowGroupPipeline).
            .parallelism(data.pickValue(new int[] {1, 2, 4}));
    boolean int96 = data.consumeBoolean();
    builder.int96Timestamps(int96);
    for (Field f : fields) {
      // A top-level leaf's own encoding, dictionary choice and Bloom filter.
      if (f.getChildren().isEmpty() && data.consumeBoolean()) {
        Encoding encoding = data.pickValue(ENCODINGS);
        boolean dictionary = data.consumeBoolean();
        boolean bloom = data.consumeBoolean();
        builder.column(
            f.getName(),
            c -> {
              c.encoding(encoding).dictionary(dictionary);
              if (bloom) {
                c.bloomFilter();
              }
            });
      }
    }
    WriteOptions options = builder.build();
    int rows = data.consumeInt(0, 300);
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      for (FieldVector v : root.getFieldVectors()) {
        fill(v, rows, data);
      }
      root.setRowCount(rows);
      ByteArrayOutputStream sink = new ByteArrayOutputStream();
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(new MemoryFile(sink), schema, options)) {
        writer.write(root);
      } catch (IllegalArgumentException e) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("cannot be written as") || (int96 && m.contains("beyond the days INT96"))) {
          return; // an encoding the column's type has not, or a timestamp INT96 cannot hold
        }
        throw e;
      }
      compare(root, sink.toByteArray(), allocator);
    }
  }

  /** The file must read back as {@code written}: the same types, and equal values row by row. */
  private static void compare(VectorSchemaRoot written, byte[] file, BufferAllocator allocator)
      throws Exception {
    try (ParquetFile parquet = ParquetFile.open(InputFile.of(ByteBuffer.wrap(file), "roundtrip"));
        ParquetArrowReader reader = parquet.newReader(allocator, ReadOptions.defaults())) {
      int row = 0;
      while (reader.loadNextBatch()) {
        VectorSchemaRoot batch = reader.getVectorSchemaRoot();
        for (int c = 0; c < written.getFieldVectors().size(); c++) {
          FieldVector expected = written.getVector(c);
          FieldVector actual = batch.getVector(c);
          if (!sameType(expected.getField(), actual.getField())) {
            throw new AssertionError(
                "read as " + actual.getField() + ", written as " + expected.getField());
          }
          FuzzChecks.checkVector(actual, reader);
          for (int i = 0; i < batch.getRowCount(); i++) {
            Object want = comparable(expected.getObject(row + i));
            Object got = comparable(actual.getObject(i));
            if (!Objects.equals(want, got)) {
              throw new AssertionError(
                  expected.getField() + " row " + (row + i) + ": wrote " + want + ", read " + got);
            }
          }
        }
        row += batch.getRowCount();
      }
      if (row != written.getRowCount()) {
        throw new AssertionError("read " + row + " rows of " + written.getRowCount());
      }
    }
  }

  /** Types and nullability at every depth; the names of list and map children may differ. */
  private static boolean sameType(Field a, Field b) {
    if (!a.getType().equals(b.getType())
        || a.isNullable() != b.isNullable()
        || a.getChildren().size() != b.getChildren().size()) {
      return false;
    }
    for (int i = 0; i < a.getChildren().size(); i++) {
      if (!sameType(a.getChildren().get(i), b.getChildren().get(i))) {
        return false;
      }
    }
    return true;
  }

  /** Arrow's value objects with content equality (byte arrays compare by identity). */
  private static Object comparable(Object value) {
    if (value instanceof byte[] bytes) {
      return ByteBuffer.wrap(bytes);
    }
    if (value instanceof Text text) {
      return text.toString();
    }
    if (value instanceof List<?> list) {
      List<Object> out = new ArrayList<>();
      for (Object o : list) {
        out.add(comparable(o));
      }
      return out;
    }
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> out = new LinkedHashMap<>();
      map.forEach((k, v) -> out.put(comparable(k), comparable(v)));
      return out;
    }
    return value;
  }

  private static Field randomField(String name, int depth, FuzzedDataProvider data) {
    boolean nullable = data.consumeBoolean();
    int kind = data.consumeInt(0, depth >= 3 ? 0 : 5);
    return switch (kind) {
      case 1 ->
          new Field(
              name,
              new FieldType(nullable, ArrowType.Struct.INSTANCE, null),
              children(depth, data));
      case 2 ->
          new Field(
              name,
              new FieldType(nullable, ArrowType.List.INSTANCE, null),
              List.of(randomField("element", depth + 1, data)));
      case 3 ->
          new Field(
              name,
              new FieldType(nullable, ArrowType.LargeList.INSTANCE, null),
              List.of(randomField("element", depth + 1, data)));
      case 4 ->
          new Field(
              name,
              new FieldType(nullable, new ArrowType.FixedSizeList(data.consumeInt(1, 4)), null),
              List.of(randomField("element", depth + 1, data)));
      case 5 ->
          new Field(
              name,
              new FieldType(nullable, new ArrowType.Map(false), null),
              List.of(
                  new Field(
                      "entries",
                      FieldType.notNullable(ArrowType.Struct.INSTANCE),
                      List.of(
                          new Field("key", FieldType.notNullable(keyType(data)), null),
                          randomField("value", depth + 1, data)))));
      default -> {
        ArrowType type = leafType(data);
        // The null type has only nulls.
        yield new Field(
            name, new FieldType(nullable || type == ArrowType.Null.INSTANCE, type, null), null);
      }
    };
  }

  /** A map's key: any leaf type but the null type. */
  private static ArrowType keyType(FuzzedDataProvider data) {
    ArrowType type = leafType(data);
    return type == ArrowType.Null.INSTANCE ? ArrowType.Utf8.INSTANCE : type;
  }

  private static List<Field> children(int depth, FuzzedDataProvider data) {
    List<Field> children = new ArrayList<>();
    for (int c = data.consumeInt(1, 3); c > 0; c--) {
      children.add(randomField("f" + c, depth + 1, data));
    }
    return children;
  }

  private static ArrowType leafType(FuzzedDataProvider data) {
    return switch (data.consumeInt(0, 22)) {
      case 0 -> ArrowType.Bool.INSTANCE;
      case 1 -> new ArrowType.Int(8 << data.consumeInt(0, 3), data.consumeBoolean());
      case 2 -> new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
      case 3 -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case 4 -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case 5 -> ArrowType.Utf8.INSTANCE;
      case 6 -> ArrowType.LargeUtf8.INSTANCE;
      case 7 -> ArrowType.Binary.INSTANCE;
      case 8 -> ArrowType.LargeBinary.INSTANCE;
      case 9 -> new ArrowType.FixedSizeBinary(data.consumeInt(1, 20));
      case 10 -> {
        int precision = data.consumeInt(1, 38);
        yield new ArrowType.Decimal(precision, data.consumeInt(0, precision), 128);
      }
      case 11 -> {
        int precision = data.consumeInt(1, 76);
        yield new ArrowType.Decimal(precision, data.consumeInt(0, precision), 256);
      }
      case 12 -> new ArrowType.Date(DateUnit.DAY);
      case 13 -> new ArrowType.Date(DateUnit.MILLISECOND);
      case 14 -> new ArrowType.Time(TimeUnit.SECOND, 32);
      case 15 -> new ArrowType.Time(TimeUnit.MILLISECOND, 32);
      case 16 ->
          new ArrowType.Time(
              data.consumeBoolean() ? TimeUnit.MICROSECOND : TimeUnit.NANOSECOND, 64);
      case 17 ->
          new ArrowType.Timestamp(
              data.pickValue(TimeUnit.values()),
              data.consumeBoolean() ? null : data.pickValue(ZONES));
      case 18 -> new ArrowType.Duration(data.pickValue(TimeUnit.values()));
      case 19 -> ArrowType.Null.INSTANCE;
      case 20 -> ArrowType.Utf8View.INSTANCE;
      case 21 -> ArrowType.BinaryView.INSTANCE;
      default -> new ArrowType.Int(32, true);
    };
  }

  /** Sets {@code count} values of {@code v}, nulls where the field allows them. */
  private static void fill(FieldVector v, int count, FuzzedDataProvider data) {
    boolean nullable = v.getField().isNullable();
    if (v instanceof NullVector) {
      v.setValueCount(count);
      return;
    }
    v.setInitialCapacity(count);
    v.allocateNew();
    if (v instanceof StructVector struct) {
      for (FieldVector child : struct.getChildrenFromFields()) {
        fill(child, count, data);
      }
      for (int i = 0; i < count; i++) {
        if (nullable && data.consumeInt(0, 7) == 0) {
          struct.setNull(i);
        } else {
          struct.setIndexDefined(i);
        }
      }
    } else if (v instanceof FixedSizeListVector list) {
      fill(list.getDataVector(), count * list.getListSize(), data);
      for (int i = 0; i < count; i++) {
        if (nullable && data.consumeInt(0, 7) == 0) {
          list.setNull(i);
        } else {
          list.setNotNull(i);
        }
      }
    } else if (v instanceof ListVector || v instanceof LargeListVector) {
      fillList(v, count, nullable, data);
      return;
    } else {
      for (int i = 0; i < count; i++) {
        if (!(nullable && data.consumeInt(0, 5) == 0)) {
          setLeaf(v, i, data);
        }
      }
    }
    v.setValueCount(count);
  }

  private static void fillList(
      FieldVector v, int count, boolean nullable, FuzzedDataProvider data) {
    boolean large = v instanceof LargeListVector;
    int width = large ? 8 : 4;
    boolean[] valid = new boolean[count];
    long[] ends = new long[count];
    long total = 0;
    for (int i = 0; i < count; i++) {
      valid[i] = !(nullable && data.consumeInt(0, 7) == 0);
      total += valid[i] ? data.consumeInt(0, 4) : 0;
      ends[i] = total;
    }
    FieldVector child =
        large ? ((LargeListVector) v).getDataVector() : ((ListVector) v).getDataVector();
    while (v.getOffsetBuffer().capacity() < (count + 1L) * width
        || v.getValidityBuffer().capacity() * 8 < count) {
      v.reAlloc();
    }
    fill(child, (int) total, data);
    ArrowBuf offsets = v.getOffsetBuffer();
    for (int i = 0; i <= count; i++) {
      long offset = i == 0 ? 0 : ends[i - 1];
      if (large) {
        offsets.setLong((long) i * 8, offset);
      } else {
        offsets.setInt((long) i * 4, (int) offset);
      }
      if (i < count && valid[i]) {
        BitVectorHelper.setBit(v.getValidityBuffer(), i);
      }
    }
    if (large) {
      ((LargeListVector) v).setLastSet(count - 1);
    } else {
      ((ListVector) v).setLastSet(count - 1);
    }
    v.setValueCount(count);
  }

  private static void setLeaf(FieldVector v, int i, FuzzedDataProvider data) {
    if (v instanceof BitVector bits) {
      bits.setSafe(i, data.consumeBoolean() ? 1 : 0);
    } else if (v instanceof DecimalVector decimal) {
      decimal.setSafe(i, decimal(decimal.getPrecision(), decimal.getScale(), data));
    } else if (v instanceof Decimal256Vector decimal) {
      decimal.setSafe(i, decimal(decimal.getPrecision(), decimal.getScale(), data));
    } else if (v instanceof DateMilliVector dates) {
      dates.setSafe(i, data.consumeLong(-1_000_000, 1_000_000) * 86_400_000L);
    } else if (v instanceof TimeSecVector times) {
      times.setSafe(i, data.consumeInt(0, 86_399));
    } else if (v instanceof TimeMilliVector times) {
      times.setSafe(i, data.consumeInt(0, 86_399_999));
    } else if (v instanceof TimeMicroVector times) {
      times.setSafe(i, data.consumeLong(0, 86_399_999_999L));
    } else if (v instanceof TimeNanoVector times) {
      times.setSafe(i, data.consumeLong(0, 86_399_999_999_999L));
    } else if (v instanceof TimeStampSecVector || v instanceof TimeStampSecTZVector) {
      // Seconds are written as milliseconds: keep them where that fits in 64 bits.
      long seconds = data.consumeLong(-(1L << 50), 1L << 50);
      ((BaseFixedWidthVector) v).getDataBuffer().setLong((long) i * 8, seconds);
      BitVectorHelper.setBit(v.getValidityBuffer(), i);
    } else if (v instanceof BaseFixedWidthVector fixed) {
      int width = fixed.getTypeWidth();
      byte[] bytes = data.consumeBytes(width);
      byte[] value = java.util.Arrays.copyOf(bytes, width);
      fixed.getDataBuffer().setBytes((long) i * width, value);
      BitVectorHelper.setBit(v.getValidityBuffer(), i);
    } else if (v instanceof BaseVariableWidthVector variable) {
      variable.setSafe(i, bytes(v, data));
    } else if (v instanceof BaseLargeVariableWidthVector variable) {
      variable.setSafe(i, bytes(v, data));
    } else if (v instanceof BaseVariableWidthViewVector variable) {
      variable.setSafe(i, bytes(v, data));
    } else {
      throw new IllegalStateException("no generator for " + v.getField());
    }
  }

  private static byte[] bytes(FieldVector v, FuzzedDataProvider data) {
    ArrowType type = v.getField().getType();
    boolean text =
        type instanceof ArrowType.Utf8
            || type instanceof ArrowType.LargeUtf8
            || type instanceof ArrowType.Utf8View;
    return text
        ? data.consumeString(data.consumeInt(0, 24))
            .getBytes(java.nio.charset.StandardCharsets.UTF_8)
        : data.consumeBytes(data.consumeInt(0, 24));
  }

  /** A value of at most {@code precision} digits, either sign. */
  private static BigDecimal decimal(int precision, int scale, FuzzedDataProvider data) {
    byte[] raw = data.consumeBytes(32);
    BigInteger unscaled = raw.length == 0 ? BigInteger.ZERO : new BigInteger(raw);
    return new BigDecimal(unscaled.remainder(BigInteger.TEN.pow(precision)), scale);
  }

  /** Bytes kept in memory, so that a trial touches no disk. */
  record MemoryFile(ByteArrayOutputStream sink) implements OutputFile {
    @Override
    public OutputStream open() {
      return sink;
    }

    @Override
    public void commit() {}

    @Override
    public void abort() {
      sink.reset();
    }
  }
}
