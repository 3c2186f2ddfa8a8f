package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.PageType;
import dev.parrow.storage.OutputFile;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.*;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrow vectors of every flat type of the writing table (nulls on about one row in seven per
 * column, edge values first: integer extremes, NaN, ±0.0, ±Infinity, decimals of every precision
 * 1..76 at their extremes, dates and timestamps far before 1970 and after 2262 in coarse units,
 * empty and multi-byte strings) written by Parrow with every codec it writes x data pages v1 and v2
 * x dictionary on and off, then read by Arrow C++, DuckDB and Parrow: the same values every time,
 * and from Parrow the same Arrow types (restored through ARROW:schema), from Arrow C++ too but for
 * the types it restores from no writer (date64, second units, intervals). Each variant also writes
 * the nested and dictionary rows of the table ({@link NestedData}: lists, large and fixed-size
 * lists, structs, maps, dictionaries top-level and in a list) and checks them the same way.
 */
class WriteReadBackIT {
  private static final int ROWS = 1_500;

  /** DuckDB has no half floats and no decimals above precision 38 (it reads them as DOUBLE). */
  static final Set<String> DUCKDB_CANNOT =
      java.util.stream.Stream.concat(
              Stream.of("f16"),
              java.util.stream.IntStream.rangeClosed(39, 76).mapToObj(p -> "dec" + p))
          .collect(java.util.stream.Collectors.toSet());

  static Schema schema() {
    List<Field> f = new ArrayList<>();
    f.add(field("bool", ArrowType.Bool.INSTANCE));
    for (int bits : new int[] {8, 16, 32, 64}) {
      f.add(field("i" + bits, new ArrowType.Int(bits, true)));
      f.add(field("u" + bits, new ArrowType.Int(bits, false)));
    }
    f.add(field("f16", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)));
    f.add(field("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
    f.add(field("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
    for (int precision = 1; precision <= 76; precision++) {
      // Every precision, INT32, INT64 and FIXED_LEN_BYTE_ARRAY of every length; scales from 0 to
      // the precision.
      f.add(
          field(
              "dec" + precision,
              new ArrowType.Decimal(precision, scale(precision), precision <= 38 ? 128 : 256)));
    }
    f.add(field("utf8", ArrowType.Utf8.INSTANCE));
    f.add(field("large_utf8", ArrowType.LargeUtf8.INSTANCE));
    f.add(field("binary", ArrowType.Binary.INSTANCE));
    f.add(field("large_binary", ArrowType.LargeBinary.INSTANCE));
    f.add(field("fsb5", new ArrowType.FixedSizeBinary(5)));
    f.add(field("date32", new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY)));
    f.add(field("date64", new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.MILLISECOND)));
    f.add(field("time_s", new ArrowType.Time(TimeUnit.SECOND, 32)));
    f.add(field("time_ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32)));
    f.add(field("time_us", new ArrowType.Time(TimeUnit.MICROSECOND, 64)));
    f.add(field("time_ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64)));
    f.add(field("ts_s_ny", new ArrowType.Timestamp(TimeUnit.SECOND, "America/New_York")));
    f.add(field("ts_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)));
    f.add(field("ts_us_utc", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")));
    f.add(field("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)));
    f.add(field("dur_us", new ArrowType.Duration(TimeUnit.MICROSECOND)));
    f.add(field("interval", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)));
    f.add(new Field("required_i64", FieldType.notNullable(new ArrowType.Int(64, true)), null));
    return new Schema(f);
  }

  private static int scale(int precision) {
    return precision % 3 == 0 ? precision : precision / 3;
  }

  private static Field field(String name, ArrowType type) {
    return new Field(name, FieldType.nullable(type), null);
  }

  /**
   * Deterministic values: edge values on the first rows, then a mix; column c null where (i * 7 +
   * c) % 7 == 3.
   */
  static VectorSchemaRoot data(BufferAllocator allocator) {
    return data(allocator, 0);
  }

  /**
   * {@link #data(BufferAllocator)}, or with {@code repeating} &gt; 0, each row's random draw one of
   * that many: values repeat, so that a dictionary pays and the writer keeps it (a chunk of
   * distinct values is written PLAIN, as parquet-java does).
   */
  static VectorSchemaRoot data(BufferAllocator allocator, int repeating) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator);
    root.allocateNew();
    java.util.Random random = new java.util.Random(42);
    long[] draws = random.longs(repeating).toArray();
    List<FieldVector> vectors = root.getFieldVectors();
    for (int c = 0; c < vectors.size(); c++) {
      FieldVector v = vectors.get(c);
      for (int i = 0; i < ROWS; i++) {
        boolean isNull = v.getField().isNullable() && i > 6 && (i * 31 + c * 17) % 7 == 3;
        if (!isNull) {
          if (repeating > 0) {
            long x = draws[random.nextInt(repeating)];
            set(v, i, x, new java.util.Random(x), x >> 16);
          } else {
            set(v, i, random.nextLong(), random, i);
          }
        }
      }
    }
    root.setRowCount(ROWS);
    return root;
  }

  /**
   * Sets row i from the draw x; decimals take their digits from {@code digits}, and fsb5 its last
   * byte from {@code last}.
   */
  private static void set(FieldVector v, int i, long x, java.util.Random digits, long last) {
    String name = v.getName();
    switch (name) {
      case "bool" -> ((BitVector) v).setSafe(i, (x & 1) == 0 ? 1 : 0);
      case "i8" ->
          ((TinyIntVector) v)
              .setSafe(i, i == 0 ? Byte.MIN_VALUE : i == 1 ? Byte.MAX_VALUE : (byte) x);
      case "u8" -> ((UInt1Vector) v).setSafe(i, i == 0 ? 0 : i == 1 ? 255 : (int) (x & 0xff));
      case "i16" ->
          ((SmallIntVector) v)
              .setSafe(i, i == 0 ? Short.MIN_VALUE : i == 1 ? Short.MAX_VALUE : (short) x);
      case "u16" -> ((UInt2Vector) v).setSafe(i, i == 0 ? 0 : i == 1 ? 65535 : (int) (x & 0xffff));
      case "i32" ->
          ((IntVector) v)
              .setSafe(i, i == 0 ? Integer.MIN_VALUE : i == 1 ? Integer.MAX_VALUE : (int) x);
      case "u32" -> ((UInt4Vector) v).setSafe(i, i == 0 ? 0 : i == 1 ? -1 : (int) x);
      case "i64", "required_i64" ->
          ((BigIntVector) v).setSafe(i, i == 0 ? Long.MIN_VALUE : i == 1 ? Long.MAX_VALUE : x);
      case "u64" -> ((UInt8Vector) v).setSafe(i, i == 0 ? 0 : i == 1 ? -1L : x);
      case "f16" ->
          ((Float2Vector) v)
              .setSafeWithPossibleTruncate(i, i < 6 ? edgeFloats()[i] : (float) (x % 10000) / 7);
      case "f32" ->
          ((Float4Vector) v)
              .setSafe(i, i < 6 ? edgeFloats()[i] : Float.intBitsToFloat((int) x) % 1e30f);
      case "f64" ->
          ((Float8Vector) v)
              .setSafe(i, i < 6 ? edgeFloats()[i] : Double.longBitsToDouble(x) % 1e300);
      case "utf8", "large_utf8", "binary", "large_binary" -> {
        String s = i == 0 ? "" : i == 1 ? "é✓ 漢字 🦜" : "w" + Math.floorMod(x, 300);
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        if (v instanceof VarCharVector s1) {
          s1.setSafe(i, b);
        } else if (v instanceof LargeVarCharVector s2) {
          s2.setSafe(i, b);
        } else if (v instanceof VarBinaryVector b1) {
          b1.setSafe(i, i == 2 ? new byte[] {0, -1, 0} : b);
        } else {
          ((LargeVarBinaryVector) v).setSafe(i, b);
        }
      }
      case "fsb5" ->
          ((FixedSizeBinaryVector) v)
              .setSafe(i, new byte[] {(byte) x, (byte) (x >> 8), 0, -1, (byte) last});
      case "date32" ->
          ((DateDayVector) v)
              .setSafe(i, i == 0 ? -719_162 : i == 1 ? 2_932_896 : (int) (x % 100_000));
      case "date64" ->
          ((DateMilliVector) v)
              .setSafe(i, (i == 0 ? -719_162L : i == 1 ? 2_932_896L : x % 100_000) * 86_400_000L);
      case "time_s" -> ((TimeSecVector) v).setSafe(i, (int) Math.floorMod(x, 86_400L));
      case "time_ms" -> ((TimeMilliVector) v).setSafe(i, (int) Math.floorMod(x, 86_400_000L));
      case "time_us" -> ((TimeMicroVector) v).setSafe(i, Math.floorMod(x, 86_400_000_000L));
      case "time_ns" -> ((TimeNanoVector) v).setSafe(i, Math.floorMod(x, 86_400_000_000_000L));
      case "ts_s_ny" ->
          ((TimeStampSecTZVector) v)
              .setSafe(
                  i, i == 0 ? -30_000_000_000L : i == 1 ? 300_000_000_000L : x % 10_000_000_000L);
      case "ts_ms" ->
          ((TimeStampMilliVector) v)
              .setSafe(
                  i,
                  i == 0
                      ? -30_000_000_000_000L
                      : i == 1 ? 300_000_000_000_000L : x % 10_000_000_000_000L);
      case "ts_us_utc" -> ((TimeStampMicroTZVector) v).setSafe(i, x % 10_000_000_000_000_000L);
      case "ts_ns" -> ((TimeStampNanoVector) v).setSafe(i, x);
      case "dur_us" -> ((DurationVector) v).setSafe(i, x);
      case "interval" ->
          ((IntervalMonthDayNanoVector) v)
              .setSafe(
                  i,
                  Math.floorMod(x, 1000),
                  Math.floorMod(x >> 40, 1000),
                  Math.floorMod(x >> 20, 86_400_000L) * 1_000_000L);
      default -> {
        if (!name.startsWith("dec")) {
          throw new AssertionError(name);
        }
        // ±(10^p - 1) first, then anything with p digits at most.
        int precision = Integer.parseInt(name.substring(3));
        BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
        BigInteger unscaled =
            i == 0
                ? max.negate()
                : i == 1
                    ? max
                    : new BigInteger(precision * 4, digits)
                        .mod(max.add(BigInteger.ONE))
                        .multiply(BigInteger.valueOf(x < 0 ? -1 : 1));
        BigDecimal value = new BigDecimal(unscaled, scale(precision));
        if (v instanceof DecimalVector d) {
          d.setSafe(i, value);
        } else {
          ((Decimal256Vector) v).setSafe(i, value);
        }
      }
    }
  }

  private static float[] edgeFloats() {
    return new float[] {
      Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f, 1.5f
    };
  }

  /** Per-column encodings: every encoder on every physical type it takes. */
  static final Map<String, Encoding> ENCODINGS =
      Map.ofEntries(
          Map.entry("i8", Encoding.DELTA_BINARY_PACKED),
              Map.entry("u16", Encoding.DELTA_BINARY_PACKED),
          Map.entry("i32", Encoding.DELTA_BINARY_PACKED),
              Map.entry("u64", Encoding.DELTA_BINARY_PACKED),
          Map.entry("i64", Encoding.BYTE_STREAM_SPLIT),
              Map.entry("u32", Encoding.BYTE_STREAM_SPLIT),
          Map.entry("date32", Encoding.DELTA_BINARY_PACKED),
              Map.entry("ts_ns", Encoding.DELTA_BINARY_PACKED),
          Map.entry("f32", Encoding.BYTE_STREAM_SPLIT),
              Map.entry("f64", Encoding.BYTE_STREAM_SPLIT),
          Map.entry("f16", Encoding.BYTE_STREAM_SPLIT),
              Map.entry("dec38", Encoding.BYTE_STREAM_SPLIT),
          Map.entry("fsb5", Encoding.DELTA_BYTE_ARRAY),
              Map.entry("dec76", Encoding.DELTA_BYTE_ARRAY),
          Map.entry("utf8", Encoding.DELTA_LENGTH_BYTE_ARRAY),
              Map.entry("large_utf8", Encoding.DELTA_BYTE_ARRAY),
          Map.entry("binary", Encoding.DELTA_BYTE_ARRAY),
              Map.entry("large_binary", Encoding.DELTA_LENGTH_BYTE_ARRAY));

  /** The encodings DuckDB reads: BYTE_STREAM_SPLIT only on FLOAT and DOUBLE. */
  static final Map<String, Encoding> DUCKDB_ENCODINGS =
      ENCODINGS.entrySet().stream()
          .filter(
              e ->
                  e.getValue() != Encoding.BYTE_STREAM_SPLIT
                      || e.getKey().equals("f32")
                      || e.getKey().equals("f64"))
          .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));

  record Variant(CompressionCodec codec, int pageVersion, boolean dictionary, boolean encodings) {
    WriteOptions options() {
      // Small pages and row groups, so that files have several of each.
      WriteOptions.Builder b =
          WriteOptions.builder()
              .compression(codec)
              .dataPageVersion(WriteOptions.DataPageVersion.of(pageVersion))
              .dictionary(dictionary)
              .pageSizeBytes(4096)
              .rowGroupRows(700);
      if (encodings) {
        encodingMap().forEach((column, encoding) -> b.column(column, c -> c.encoding(encoding)));
      }
      return b.build();
    }

    /** Every encoding on every type it takes with pages v1; on v2 only those DuckDB reads too. */
    Map<String, Encoding> encodingMap() {
      return pageVersion == 1 ? ENCODINGS : DUCKDB_ENCODINGS;
    }

    String name() {
      return codec
          + "_v"
          + pageVersion
          + (encodings ? "_encodings" : dictionary ? "_dict" : "_plain");
    }
  }

  @TestFactory
  Stream<DynamicTest> everyCodecPageVersionAndDictionaryChoice(@TempDir Path dir) {
    List<Variant> variants = new ArrayList<>();
    for (CompressionCodec codec :
        List.of(
            CompressionCodec.UNCOMPRESSED,
            CompressionCodec.SNAPPY,
            CompressionCodec.GZIP,
            CompressionCodec.ZSTD,
            CompressionCodec.LZ4_RAW,
            CompressionCodec.LZ4,
            CompressionCodec.BROTLI)) {
      for (int version : new int[] {1, 2}) {
        for (boolean dictionary : new boolean[] {true, false}) {
          variants.add(new Variant(codec, version, dictionary, false));
        }
      }
    }
    for (int version : new int[] {1, 2}) {
      variants.add(new Variant(CompressionCodec.ZSTD, version, true, true));
    }
    return variants.stream()
        .map(
            v ->
                DynamicTest.dynamicTest(
                    v.name(),
                    () -> {
                      check(dir.resolve(v.name() + ".parquet"), v);
                      keep(dir.resolve(v.name() + ".parquet"));
                      if (!v.encodings()) {
                        checkNested(dir.resolve(v.name() + ".nested.parquet"), v);
                        keep(dir.resolve(v.name() + ".nested.parquet"));
                      }
                    }));
  }

  /**
   * With {@code -Dparrow.keepMatrix=DIR}, a copy of each matrix file goes to DIR: a refactoring of
   * the writer is checked by comparing the files the old and the new code write, byte for byte.
   */
  private static void keep(Path file) throws IOException {
    String keep = System.getProperty("parrow.keepMatrix");
    if (keep != null) {
      Files.createDirectories(Path.of(keep));
      Files.copy(
          file,
          Path.of(keep).resolve(file.getFileName()),
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /**
   * The nested and dictionary rows of the writing table ({@link NestedData}), with the same
   * options.
   */
  private static void checkNested(Path file, Variant variant) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        NestedData data = new NestedData(allocator)) {
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              OutputFile.of(file), data.root.getSchema(), variant.options(), data.provider)) {
        writer.write(data.root);
      }
      Columns original = new Columns();
      original.start(data.root.getSchema());
      original.append(data.root, data.provider);
      Columns parrow = CorpusReadIT.readWithParrow(file, allocator, ReadOptions.defaults());
      assertEquals(
          data.root.getSchema().getFields(),
          new ArrayList<>(parrow.fields.values()),
          "Parrow restores the types, dictionaries included");
      assertSameValues("Parrow", original, parrow, Set.of());
      if (variant.codec() == CompressionCodec.BROTLI) {
        assertThrows(Exception.class, () -> ArrowCpp.read(file, allocator));
      } else {
        Columns cpp = ArrowCpp.read(file, allocator);
        assertSameValues("Arrow C++", original, cpp, Set.of());
        // Every type restored, dictionaries included; only the map's entries are named Arrow's way.
        assertEquals(Set.of("map"), differentFields(original, cpp).keySet(), "Arrow C++ types");
        assertEquals(
            original.fields.get("map").getChildren().get(0).getChildren(),
            cpp.fields.get("map").getChildren().get(0).getChildren());
      }
      if (variant.codec() == CompressionCodec.LZ4) {
        assertThrows(java.sql.SQLException.class, () -> DuckDbArrow.read(file, allocator));
      } else {
        assertSameValues("DuckDB", original, DuckDbArrow.read(file, allocator), Set.of());
      }
    }
  }

  private static void check(Path file, Variant variant) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = data(allocator, variant.dictionary() ? 50 : 0)) {
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(file, root.getSchema(), variant.options())) {
        writer.write(root);
      }
      Columns original = new Columns();
      original.start(root.getSchema());
      original.append(root);

      if (variant.dictionary() && !variant.encodings()) {
        // Every column but the booleans is dictionary-encoded, within the default 1 MiB dictionary
        // limit.
        try (var parquet = dev.parrow.arrow.ParquetFile.open(file)) {
          for (var group : parquet.metadata().rowGroups()) {
            for (var chunk : group.columns()) {
              var meta = chunk.metaData();
              boolean dictionary =
                  meta.encodings().contains(Encoding.PLAIN_DICTIONARY)
                      || meta.encodings().contains(Encoding.RLE_DICTIONARY);
              assertEquals(
                  meta.type() != dev.parrow.codec.metadata.PhysicalType.BOOLEAN,
                  dictionary,
                  meta.pathInSchema() + " " + meta.encodings());
              assertEquals(
                  dictionary,
                  meta.dictionaryPageOffset() != null,
                  meta.pathInSchema() + " dictionary page");
            }
          }
        }
      }
      if (variant.encodings()) {
        try (var parquet = dev.parrow.arrow.ParquetFile.open(file)) {
          for (var chunk : parquet.metadata().rowGroups().get(0).columns()) {
            Encoding chosen = variant.encodingMap().get(chunk.metaData().pathInSchema().get(0));
            if (chosen != null) {
              assertTrue(
                  chunk.metaData().encodings().contains(chosen),
                  chunk.metaData().pathInSchema() + " " + chunk.metaData().encodings());
            }
          }
        }
      }
      Columns parrow = CorpusReadIT.readWithParrow(file, allocator, ReadOptions.defaults());
      assertEquals(
          root.getSchema().getFields(),
          new ArrayList<>(parrow.fields.values()),
          "Parrow restores the types");
      assertSameValues("Parrow", original, parrow, Set.of());

      if (variant.codec() == CompressionCodec.BROTLI) {
        // The arrow-dataset JNI build has no Brotli; the test notices the day it has.
        Exception e = assertThrows(Exception.class, () -> ArrowCpp.read(file, allocator));
        assertTrue(
            String.valueOf(e.getMessage())
                .toLowerCase(java.util.Locale.ROOT)
                .contains("codec 'brotli' not built"),
            e.toString());
      } else {
        Columns cpp = ArrowCpp.read(file, allocator);
        assertSameValues("Arrow C++", original, cpp, Set.of());
        // Arrow C++ restores every type from Parrow's ARROW:schema but those it restores from no
        // writer's: date64, second units and MONTH_DAY_NANO intervals (written in their lossless
        // 16-byte form, read as FixedSizeBinary(16)).
        assertEquals(
            Set.of("date64", "time_s", "ts_s_ny", "interval"),
            differentFields(original, cpp).keySet(),
            "Arrow C++ types: " + differentFields(original, cpp));
      }
      if (variant.encodings() && variant.pageVersion() == 1) {
        // DuckDB reads BYTE_STREAM_SPLIT on FLOAT and DOUBLE only; the v2 variant keeps to what it
        // reads.
        Exception e =
            assertThrows(java.sql.SQLException.class, () -> DuckDbArrow.read(file, allocator));
        assertTrue(
            e.getMessage()
                .contains("BYTE_STREAM_SPLIT encoding is only supported for FLOAT or DOUBLE"),
            e.getMessage());
        return;
      }
      if (variant.codec() == CompressionCodec.LZ4) {
        // DuckDB reads LZ4_RAW only; the test notices the day it learns the Hadoop framing.
        Exception e =
            assertThrows(java.sql.SQLException.class, () -> DuckDbArrow.read(file, allocator));
        assertTrue(
            e.getMessage().contains("Unsupported compression codec \"LZ4\""), e.getMessage());
        return;
      }
      // DuckDB's decimals stop at precision 38 (it reads dec76 as a DOUBLE), and it has no half
      // floats.
      assertSameValues("DuckDB", original, DuckDbArrow.read(file, allocator), DUCKDB_CANNOT);
    }
  }

  /**
   * The fields whose Arrow field (name, type, nullability, dictionary, children) differs, and how.
   */
  static java.util.Map<String, String> differentFields(Columns a, Columns b) {
    java.util.Map<String, String> out = new java.util.TreeMap<>();
    for (String k : a.fields.keySet()) {
      if (!a.fields.get(k).equals(b.fields.get(k))) {
        out.put(k, a.fields.get(k) + " -> " + b.fields.get(k));
      }
    }
    return out;
  }

  static void assertSameValues(String oracle, Columns expected, Columns actual, Set<String> skip) {
    assertEquals(expected.rows, actual.rows, oracle + ": rows");
    for (String column : expected.values.keySet()) {
      if (skip.contains(column)) {
        continue;
      }
      List<Object> e = expected.values.get(column);
      List<Object> a = actual.values.get(column);
      assertTrue(a != null, oracle + " has no column " + column);
      ArrowType theirs = actual.types.get(column);
      for (int row = 0; row < e.size(); row++) {
        Object got = a.get(row);
        if ((theirs instanceof ArrowType.FixedSizeBinary || theirs instanceof ArrowType.Binary)
            && expected.types.get(column) instanceof ArrowType.Interval) {
          // Parrow's lossless MONTH_DAY_NANO, or INTERVAL as Arrow C++ reads it: bytes to others.
          got = Canonical.intervalFromBytes(got);
        }
        Object want = e.get(row);
        if (!Objects.equals(want, got)) {
          fail(
              oracle
                  + ": "
                  + column
                  + " row "
                  + row
                  + ": wrote "
                  + e.get(row)
                  + ", read ("
                  + theirs
                  + ") "
                  + got);
        }
      }
    }
  }

  @Test
  void aWriterThatFailsLeavesThePreviousFileIntact(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("t.parquet");
    Files.writeString(target, "previous");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = data(allocator)) {
      // A stream that breaks after 10 KB, as a full disk would.
      OutputFile breaking =
          new OutputFile() {
            final OutputFile real = OutputFile.of(target);

            @Override
            public OutputStream open() throws IOException {
              OutputStream out = real.open();
              return new java.io.FilterOutputStream(out) {
                long written;

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                  written += len;
                  if (written > 10_000) {
                    throw new IOException("injected failure");
                  }
                  out.write(b, off, len);
                }

                @Override
                public void write(int b) throws IOException {
                  write(new byte[] {(byte) b}, 0, 1);
                }
              };
            }

            @Override
            public void commit() throws IOException {
              real.commit();
            }

            @Override
            public void abort() throws IOException {
              real.abort();
            }
          };
      IOException e =
          assertThrows(
              IOException.class,
              () -> {
                try (ParquetArrowWriter writer =
                    ParquetArrowWriter.create(
                        breaking,
                        root.getSchema(),
                        WriteOptions.builder()
                            .compression(CompressionCodec.UNCOMPRESSED)
                            .rowGroupRows(100)
                            .build())) {
                  writer.write(root);
                }
              });
      assertEquals("injected failure", e.getMessage());
    }
    assertEquals("previous", Files.readString(target));
    try (var files = Files.list(dir)) {
      assertEquals(List.of(target), files.toList(), "no temporary file left");
    }
  }

  /**
   * Columns are encoded in parallel, yet the file is the same byte for byte whatever the thread
   * count.
   */
  @Test
  void theFileDoesNotDependOnTheThreadCount(@TempDir Path dir) throws Exception {
    List<byte[]> files = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = data(allocator);
        NestedData nested = new NestedData(allocator)) {
      for (int threads : new int[] {1, 2, 5}) {
        Path flat = dir.resolve("flat" + threads + ".parquet");
        Path deep = dir.resolve("nested" + threads + ".parquet");
        WriteOptions options =
            WriteOptions.builder()
                .parallelism(threads)
                .pageSizeBytes(2048)
                .rowGroupRows(500)
                .build();
        try (ParquetArrowWriter writer =
            ParquetArrowWriter.create(flat, root.getSchema(), options)) {
          writer.write(root);
        }
        try (ParquetArrowWriter writer =
            ParquetArrowWriter.create(
                OutputFile.of(deep), nested.root.getSchema(), options, nested.provider)) {
          writer.write(nested.root);
        }
        files.add(Files.readAllBytes(flat));
        files.add(Files.readAllBytes(deep));
      }
    }
    for (int i = 2; i < files.size(); i++) {
      assertTrue(java.util.Arrays.equals(files.get(i % 2), files.get(i)), "file " + i);
    }
  }

  /** flush() ends a row group where the caller says; abort() leaves the target as it was. */
  @Test
  void flushAndAbort(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("t.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = data(allocator)) {
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(target, root.getSchema(), WriteOptions.defaults())) {
        try (VectorSchemaRoot first = root.slice(0, 300);
            VectorSchemaRoot rest = root.slice(300, ROWS - 300)) {
          writer.write(first);
          writer.flush();
          writer.flush();
          writer.write(rest);
        }
      }
      try (var parquet = dev.parrow.arrow.ParquetFile.open(target)) {
        assertEquals(
            List.of(300L, (long) ROWS - 300),
            parquet.metadata().rowGroups().stream().map(g -> g.numRows()).toList(),
            "an empty flush adds nothing");
      }
      Columns original = new Columns();
      original.start(root.getSchema());
      original.append(root);
      assertSameValues("DuckDB", original, DuckDbArrow.read(target, allocator), DUCKDB_CANNOT);

      byte[] before = Files.readAllBytes(target);
      ParquetArrowWriter writer =
          ParquetArrowWriter.create(target, root.getSchema(), WriteOptions.defaults());
      writer.write(root);
      writer.abort();
      writer.close();
      assertTrue(
          java.util.Arrays.equals(before, Files.readAllBytes(target)), "the previous file stays");
      try (var files = Files.list(dir)) {
        assertEquals(List.of(target), files.toList(), "no temporary file left");
      }
      assertThrows(
          IllegalStateException.class, () -> writer.write(root), "a closed writer takes no rows");
      Schema other = new Schema(List.of(field("x", new ArrowType.Int(32, true))));
      try (ParquetArrowWriter w =
          ParquetArrowWriter.create(dir.resolve("o.parquet"), other, WriteOptions.defaults())) {
        IllegalArgumentException e =
            assertThrows(IllegalArgumentException.class, () -> w.write(root));
        assertTrue(e.getMessage().contains("is not the writer's"), e.getMessage());
      }
      // A refused batch aborts the writer: its close commits nothing (FailedWritesTest has the
      // other failures).
      assertFalse(Files.exists(dir.resolve("o.parquet")), "a failed writer commits no file");
    }
  }

  @Test
  void rowGroupsEndAtTheirByteLimit(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("b.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = data(allocator)) {
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              target,
              root.getSchema(),
              WriteOptions.builder()
                  .compression(CompressionCodec.UNCOMPRESSED)
                  .rowGroupBytes(400_000)
                  .build())) {
        for (int from = 0; from < ROWS; from += 100) {
          try (VectorSchemaRoot batch = root.slice(from, 100)) {
            writer.write(batch);
          }
        }
      }
      try (var parquet = dev.parrow.arrow.ParquetFile.open(target)) {
        var groups = parquet.metadata().rowGroups();
        assertTrue(groups.size() > 3, groups.size() + " row groups");
        for (var g : groups.subList(0, groups.size() - 1)) {
          // Each ends with the batch of 100 rows (about 140 KB) that took it past the limit.
          assertTrue(
              g.numRows() % 100 == 0
                  && g.totalCompressedSize() >= 400_000
                  && g.totalCompressedSize() < 600_000,
              g.numRows() + " rows, " + g.totalCompressedSize() + " bytes");
        }
      }
      Columns original = new Columns();
      original.start(root.getSchema());
      original.append(root);
      assertSameValues(
          "Parrow",
          original,
          CorpusReadIT.readWithParrow(target, allocator, ReadOptions.defaults()),
          Set.of());
    }
  }

  /**
   * Statistics, CRCs, the Arrow schema, extra metadata and the codec level do what their options
   * say.
   */
  @Test
  void optionSwitches(@TempDir Path dir) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = data(allocator)) {
      Columns original = new Columns();
      original.start(root.getSchema());
      original.append(root);
      Path on = dir.resolve("on.parquet");
      Path off = dir.resolve("off.parquet");
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              on,
              root.getSchema(),
              WriteOptions.builder()
                  .compression(CompressionCodec.ZSTD)
                  .compressionLevel(19)
                  .keyValue("origin", "test ✓")
                  .build())) {
        writer.write(root);
      }
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              off,
              root.getSchema(),
              WriteOptions.builder()
                  .compression(CompressionCodec.ZSTD)
                  .compressionLevel(1)
                  .statistics(false)
                  .writeCrc(false)
                  .writeArrowSchema(false)
                  .build())) {
        writer.write(root);
      }
      Path level1 = dir.resolve("level1.parquet");
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              level1,
              root.getSchema(),
              WriteOptions.builder()
                  .compression(CompressionCodec.ZSTD)
                  .compressionLevel(1)
                  .keyValue("origin", "test ✓")
                  .build())) {
        writer.write(root);
      }
      // The level reaches the codec: level 19 packs the same pages otherwise than level 1.
      assertFalse(java.util.Arrays.equals(Files.readAllBytes(on), Files.readAllBytes(level1)));
      assertSameValues(
          "Parrow",
          original,
          CorpusReadIT.readWithParrow(level1, allocator, ReadOptions.defaults()),
          Set.of());
      byte[] onBytes = Files.readAllBytes(on);
      byte[] offBytes = Files.readAllBytes(off);
      try (var withAll = dev.parrow.arrow.ParquetFile.open(on);
          var without = dev.parrow.arrow.ParquetFile.open(off)) {
        assertEquals("test ✓", withAll.metadata().keyValue("origin"));
        assertTrue(withAll.metadata().keyValue("ARROW:schema") != null);
        assertEquals(null, without.metadata().keyValue("ARROW:schema"));
        for (var chunk : withAll.metadata().rowGroups().get(0).columns()) {
          for (var page : pages(onBytes, chunk)) {
            // The CRC is the CRC-32 of the page's bytes as stored.
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(onBytes, page.bodyOffset(), page.header().compressedPageSize());
            assertEquals(
                (int) crc.getValue(),
                page.header().crc(),
                chunk.metaData().pathInSchema().toString());
          }
        }
        for (var chunk : without.metadata().rowGroups().get(0).columns()) {
          String column = chunk.metaData().pathInSchema().toString();
          assertEquals(null, chunk.metaData().statistics(), column);
          assertEquals(
              null, chunk.columnIndexOffset(), column + ": no column index without statistics");
          for (var page : pages(offBytes, chunk)) {
            assertEquals(null, page.header().crc(), column);
            var header = page.header();
            assertEquals(
                null,
                header.dataPageHeader() != null
                    ? header.dataPageHeader().statistics()
                    : header.dataPageHeaderV2().statistics(),
                column);
          }
        }
      }
      assertSameValues(
          "Parrow",
          original,
          CorpusReadIT.readWithParrow(on, allocator, ReadOptions.defaults()),
          Set.of());
      // Without the Arrow schema, the values are the same, in the types the Parquet schema gives.
      assertSameValues(
          "Parrow",
          original,
          CorpusReadIT.readWithParrow(off, allocator, ReadOptions.defaults()),
          Set.of(
              "interval", "dur_us", "large_utf8", "large_binary", "ts_s_ny", "time_s", "date64"));
      assertSameValues("DuckDB", original, DuckDbArrow.read(off, allocator), DUCKDB_CANNOT);
    }
  }

  record Page(dev.parrow.codec.metadata.PageHeader header, int bodyOffset) {}

  /** The data pages of a chunk, found through its offset index. */
  private static List<Page> pages(byte[] file, dev.parrow.codec.metadata.ColumnChunk chunk) {
    var offsets =
        dev.parrow.codec.thrift.ThriftCodec.readOffsetIndex(
            java.nio.ByteBuffer.wrap(
                file, chunk.offsetIndexOffset().intValue(), chunk.offsetIndexLength()));
    List<Page> out = new ArrayList<>();
    for (var location : offsets.pageLocations()) {
      var at =
          java.nio.ByteBuffer.wrap(file, (int) location.offset(), location.compressedPageSize());
      var header = dev.parrow.codec.thrift.ThriftCodec.readPageHeader(at);
      out.add(new Page(header, at.position()));
    }
    assertFalse(out.isEmpty());
    return out;
  }

  /**
   * Every annotated column has its LogicalType and, where the format has one, the matching
   * ConvertedType (decimals with their precision and scale fields); int32 is annotated like the
   * narrower ints; times are local (not adjusted to UTC), so without one.
   */
  @Test
  void logicalAndConvertedTypes(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("t.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = data(allocator)) {
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(target, root.getSchema(), WriteOptions.defaults())) {
        writer.write(root);
      }
    }
    int annotated = 0;
    try (var parquet = dev.parrow.arrow.ParquetFile.open(target)) {
      for (var e : parquet.metadata().schema().subList(1, parquet.metadata().schema().size())) {
        var logical = e.logicalType();
        if (e.name().equals("i32")) {
          assertEquals(new dev.parrow.codec.metadata.LogicalType.IntType(32, true), logical);
          assertEquals(dev.parrow.codec.metadata.ConvertedType.INT_32, e.convertedType());
        }
        if (logical == null) {
          continue;
        }
        annotated++;
        boolean noConvertedType =
            logical instanceof dev.parrow.codec.metadata.LogicalType.Float16Type
                || logical instanceof dev.parrow.codec.metadata.LogicalType.TimestampType t
                    && t.unit() == dev.parrow.codec.metadata.TimeUnit.NANOS
                // A local time (Arrow's times have no zone): TIME_MILLIS/MICROS would mean UTC.
                || logical instanceof dev.parrow.codec.metadata.LogicalType.TimeType t2
                    && !t2.adjustedToUtc();
        if (logical instanceof dev.parrow.codec.metadata.LogicalType.TimeType t3) {
          assertFalse(t3.adjustedToUtc(), e.name() + ": an Arrow time is a local time of day");
        }
        assertEquals(
            noConvertedType,
            e.convertedType() == null,
            e.name() + ": " + logical + " / " + e.convertedType());
        if (logical instanceof dev.parrow.codec.metadata.LogicalType.DecimalType d) {
          assertEquals(dev.parrow.codec.metadata.ConvertedType.DECIMAL, e.convertedType());
          assertEquals(d.precision(), e.precision(), e.name());
          assertEquals(d.scale(), e.scale(), e.name());
        }
      }
    }
    assertTrue(annotated > 90, annotated + " annotated columns");
  }

  /**
   * The last rows of the writing table: Null (INT32 UNKNOWN, all null) and an extension type
   * (arrow.uuid over FixedSizeBinary(16): a UUID column, the extension restored); union and view
   * types are a clear error naming the field, before anything is written.
   */
  @Test
  void nullAndExtensionTypes(@TempDir Path dir) throws Exception {
    org.apache.arrow.vector.types.pojo.ExtensionTypeRegistry.register(
        org.apache.arrow.vector.extension.UuidType.INSTANCE);
    Path target = dir.resolve("n.parquet");
    Schema schema =
        new Schema(
            List.of(
                field("nothing", ArrowType.Null.INSTANCE),
                field("id", org.apache.arrow.vector.extension.UuidType.INSTANCE),
                field("n", new ArrowType.Int(32, true))));
    List<java.util.UUID> uuids = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      root.allocateNew();
      var id = (org.apache.arrow.vector.UuidVector) root.getVector("id");
      var n = (IntVector) root.getVector("n");
      java.util.Random random = new java.util.Random(7);
      for (int i = 0; i < 500; i++) {
        n.setSafe(i, i);
        if (i % 9 == 4) {
          uuids.add(null);
          continue;
        }
        java.util.UUID u = new java.util.UUID(random.nextLong(), random.nextLong());
        uuids.add(u);
        java.nio.ByteBuffer b =
            java.nio.ByteBuffer.allocate(16)
                .putLong(u.getMostSignificantBits())
                .putLong(u.getLeastSignificantBits());
        id.getUnderlyingVector().setSafe(i, b.array());
      }
      root.getVector("nothing").setValueCount(500);
      root.setRowCount(500);
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(target, schema, WriteOptions.defaults())) {
        writer.write(root);
      }
      try (var parquet = dev.parrow.arrow.ParquetFile.open(target)) {
        var elements = parquet.metadata().schema();
        assertTrue(
            elements.get(1).logicalType() instanceof dev.parrow.codec.metadata.LogicalType.NullType,
            elements.toString());
        assertTrue(
            elements.get(2).logicalType() instanceof dev.parrow.codec.metadata.LogicalType.UuidType,
            elements.toString());
      }
      Columns original = new Columns();
      original.start(schema);
      original.append(root);
      Columns parrow = CorpusReadIT.readWithParrow(target, allocator, ReadOptions.defaults());
      assertEquals(
          schema.getFields(),
          new ArrayList<>(parrow.fields.values()),
          "Null and the extension type restored");
      assertSameValues("Parrow", original, parrow, Set.of());
      // DuckDB reads the UUID logical type as its UUID type.
      try (DuckDb duckdb = new DuckDb()) {
        List<Object> read = new ArrayList<>();
        for (var row :
            duckdb.query(
                "SELECT id::VARCHAR AS id, nothing FROM read_parquet("
                    + DuckDb.literal(target)
                    + ")")) {
          assertEquals(null, row.get("nothing"));
          read.add(
              row.get("id") == null ? null : java.util.UUID.fromString((String) row.get("id")));
        }
        assertEquals(uuids, read);
      }
      Columns cpp = ArrowCpp.read(target, allocator);
      assertEquals(original.values.get("id"), cpp.values.get("id"), "Arrow C++: the UUID bytes");
      assertEquals(original.values.get("nothing"), cpp.values.get("nothing"));
    }
    for (ArrowType unsupported :
        List.<ArrowType>of(
            new ArrowType.Union(org.apache.arrow.vector.types.UnionMode.Sparse, new int[] {0}))) {
      Schema bad =
          new Schema(
              List.of(
                  new Field(
                      "odd",
                      FieldType.nullable(unsupported),
                      unsupported instanceof ArrowType.Union
                          ? List.of(field("a", new ArrowType.Int(32, true)))
                          : null)));
      Exception e =
          assertThrows(
              Exception.class,
              () ->
                  ParquetArrowWriter.create(
                      dir.resolve("u.parquet"), bad, WriteOptions.defaults()));
      assertTrue(e.getMessage().contains("'odd'"), e.getMessage());
      assertFalse(Files.exists(dir.resolve("u.parquet")));
    }
  }

  /**
   * Past the dictionary page size limit a chunk goes on in PLAIN: its first pages
   * dictionary-encoded, the rest PLAIN, the dictionary page within the limit; every reader gets the
   * values.
   */
  @Test
  void dictionaryFallsBackToPlainPastItsLimit(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("f.parquet");
    int limit = 1_024;
    // 200 distinct draws: a kilobyte page holds fewer distinct values than values, so that the
    // dictionary pays on the first page and outgrows the limit later.
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = data(allocator, 200)) {
      for (int version : new int[] {1, 2}) {
        try (ParquetArrowWriter writer =
            ParquetArrowWriter.create(
                target,
                root.getSchema(),
                WriteOptions.builder()
                    .dataPageVersion(WriteOptions.DataPageVersion.of(version))
                    .pageSizeBytes(1_024)
                    .dictionaryPageSizeLimit(limit)
                    .build())) {
          // Batches of 100 rows, so that pages end every kilobyte or so.
          for (int from = 0; from < ROWS; from += 100) {
            try (VectorSchemaRoot batch = root.slice(from, 100)) {
              writer.write(batch);
            }
          }
        }
        byte[] bytes = Files.readAllBytes(target);
        int fellBack = 0;
        try (var parquet = dev.parrow.arrow.ParquetFile.open(target)) {
          for (var chunk : parquet.metadata().rowGroups().get(0).columns()) {
            var meta = chunk.metaData();
            if (meta.dictionaryPageOffset() == null) {
              continue;
            }
            int at = meta.dictionaryPageOffset().intValue();
            var header =
                dev.parrow.codec.thrift.ThriftCodec.readPageHeader(
                    java.nio.ByteBuffer.wrap(bytes, at, bytes.length - at));
            assertTrue(
                header.uncompressedPageSize() <= limit,
                meta.pathInSchema() + ": " + header.uncompressedPageSize());
            var dataPages =
                meta.encodingStats().stream()
                    .filter(st -> st.pageType() != PageType.DICTIONARY_PAGE)
                    .toList();
            if (dataPages.stream().anyMatch(st -> st.encoding() == Encoding.PLAIN)) {
              // Dictionary pages first, then PLAIN ones.
              assertTrue(
                  dataPages.stream().anyMatch(st -> st.encoding() != Encoding.PLAIN),
                  meta.pathInSchema().toString());
              assertTrue(meta.encodings().contains(Encoding.PLAIN), meta.encodings().toString());
              fellBack++;
            }
          }
        }
        // Wide values (decimals, strings, 8-byte ints) fill 1 KiB of dictionary within 1,500 rows;
        // 1-byte ints do not.
        assertTrue(fellBack >= 20, fellBack + " chunks fell back");
        Columns original = new Columns();
        original.start(root.getSchema());
        original.append(root);
        assertSameValues(
            "Parrow",
            original,
            CorpusReadIT.readWithParrow(target, allocator, ReadOptions.defaults()),
            Set.of());
        assertSameValues("Arrow C++", original, ArrowCpp.read(target, allocator), Set.of());
        assertSameValues("DuckDB", original, DuckDbArrow.read(target, allocator), DUCKDB_CANNOT);
      }
    }
  }

  @Test
  void dictionaryEncodingIsChosenPerColumn(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("c.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = data(allocator, 50)) {
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              target,
              root.getSchema(),
              WriteOptions.builder()
                  .dictionary(false)
                  .column("utf8", c -> c.dictionary(true))
                  .column("i64", c -> c.dictionary(true))
                  .build())) {
        writer.write(root);
      }
      try (var parquet = dev.parrow.arrow.ParquetFile.open(target)) {
        for (var chunk : parquet.metadata().rowGroups().get(0).columns()) {
          String name = chunk.metaData().pathInSchema().get(0);
          boolean dictionary = chunk.metaData().encodings().contains(Encoding.PLAIN_DICTIONARY);
          assertEquals(
              name.equals("utf8") || name.equals("i64"),
              dictionary,
              name + " " + chunk.metaData().encodings());
        }
      }
      Columns original = new Columns();
      original.start(root.getSchema());
      original.append(root);
      assertSameValues("Arrow C++", original, ArrowCpp.read(target, allocator), Set.of());
    }
    IllegalArgumentException unknown =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ParquetArrowWriter.create(
                    dir.resolve("x.parquet"),
                    schema(),
                    WriteOptions.builder().column("nope", c -> c.dictionary(false)).build()));
    assertTrue(unknown.getMessage().contains("no column 'nope'"), unknown.getMessage());
  }

  @Test
  void perColumnOptionsMustFitTheirColumns(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("o.parquet");
    IllegalArgumentException unknown =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ParquetArrowWriter.create(
                    target,
                    schema(),
                    WriteOptions.builder()
                        .column("nope", c -> c.encoding(Encoding.PLAIN))
                        .build()));
    assertTrue(unknown.getMessage().contains("no column 'nope'"), unknown.getMessage());
    IllegalArgumentException misfit =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ParquetArrowWriter.create(
                    target,
                    schema(),
                    WriteOptions.builder()
                        .column("utf8", c -> c.encoding(Encoding.DELTA_BINARY_PACKED))
                        .build()));
    assertTrue(
        misfit.getMessage().contains("'utf8'")
            && misfit.getMessage().contains("DELTA_BINARY_PACKED"),
        misfit.getMessage());
    UnsupportedOperationException lzo =
        assertThrows(
            UnsupportedOperationException.class,
            () ->
                ParquetArrowWriter.create(
                    target,
                    schema(),
                    WriteOptions.builder().compression(CompressionCodec.LZO).build()));
    assertTrue(
        lzo.getMessage()
            .contains("LZO compression is not supported: Parrow neither reads nor writes"),
        lzo.getMessage());
    try (var files = Files.list(dir)) {
      assertEquals(0, files.count(), "nothing written");
    }
  }

  @Test
  void valuesATypeCannotHoldAreErrorsNamingFieldAndRow(@TempDir Path dir) throws Exception {
    Schema schema =
        new Schema(
            List.of(
                field(
                    "d", new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.MILLISECOND))));
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      DateMilliVector d = (DateMilliVector) root.getVector(0);
      d.setSafe(0, 86_400_000L);
      d.setSafe(1, 86_400_001L);
      root.setRowCount(2);
      Path target = dir.resolve("d.parquet");
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> {
                try (ParquetArrowWriter writer =
                    ParquetArrowWriter.create(target, schema, WriteOptions.defaults())) {
                  writer.write(root);
                }
              });
      assertTrue(e.getMessage().contains("field 'd' row 1"), e.getMessage());
      assertFalse(Files.exists(target));
    }
  }
}
