package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetDataset;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.arrow.filter.Filter;
import dev.parrow.types.DictionaryMode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filters that compare two columns ({@code a < b}) against DuckDB's WHERE: every pair of columns of
 * one kind (integers of several widths and uint64, decimals of three scales, floats and doubles;
 * dates and timestamps of four units; times; strings; binaries; booleans), each with every operator
 * and negated, on a file whose columns draw from small sets of values that meet across types
 * (16777217 against a FLOAT, 0.50 against 0.5000, a midnight against its date, NaN, -0.0, extremes)
 * with nulls. Parrow's file and DuckDB's rewrite of it are both read, plainly and with strings as
 * dictionaries; the rows Parrow selects must be DuckDB's.
 */
class ColumnComparisonIT {
  @TempDir static Path dir;
  static Path file;
  static Path duckFile;

  private static final int ROWS = 3000;

  /** Each column's values (null: a null row). */
  private static final Map<String, Object[]> VALUES = new LinkedHashMap<>();

  static {
    VALUES.put("b1", new Object[] {true, false});
    VALUES.put("b2", new Object[] {false, true});
    VALUES.put("i8", new Object[] {(byte) -2, (byte) -1, (byte) 0, (byte) 1, (byte) 2});
    VALUES.put(
        "i32",
        new Object[] {-2, 0, 1, 2, 16_777_216, 16_777_217, Integer.MIN_VALUE, Integer.MAX_VALUE});
    VALUES.put(
        "i64",
        new Object[] {
          -2L, 0L, 1L, 2L, 16_777_217L, (1L << 53) + 1, Long.MIN_VALUE, Long.MAX_VALUE
        });
    VALUES.put("u64", new Object[] {0L, 1L, 2L, Long.MIN_VALUE, -1L, 16_777_217L});
    VALUES.put("dec9", decimals(2, "-2", "-0.5", "0", "0.5", "1", "2", "0.1"));
    VALUES.put("dec18", decimals(4, "-2", "0.5", "1", "0.0001", "0.1", "12345678901234.5678"));
    VALUES.put("dec38", decimals(10, "-2", "0.5", "1", "0.0000000001", "0.1", "1e27"));
    VALUES.put(
        "f32",
        new Object[] {
          -2f, -0.0f, 0f, 0.5f, 1f, 16_777_216f, Float.NaN, 0.1f, Float.POSITIVE_INFINITY
        });
    VALUES.put(
        "f64",
        new Object[] {
          -2d,
          0d,
          -0.0d,
          0.5d,
          1d,
          Double.NaN,
          0.1d,
          16_777_217d,
          9_007_199_254_740_992d,
          Double.NEGATIVE_INFINITY
        });
    VALUES.put("date", new Object[] {-1, 0, 1, 18_262});
    VALUES.put("ts_ms", new Object[] {-1L, 0L, 1L, 86_400_000L, 86_400_001L});
    VALUES.put("ts_us_utc", new Object[] {-1L, 0L, 1_000L, 86_400_000_000L, 86_400_000_001L});
    VALUES.put("ts_ns", new Object[] {-1L, 0L, 1L, 1_000_000L, 86_400_000_000_000L});
    VALUES.put("time_ms", new Object[] {0, 1, 1_000, 3_600_000});
    VALUES.put("time_us", new Object[] {0L, 1L, 1_000L, 1_000_000L, 3_600_000_000L});
    VALUES.put("s1", new Object[] {"", "a", "ab", "b", "é", "aé"});
    VALUES.put("s2", new Object[] {"", "a", "ab", "é", "b"});
    VALUES.put("bin", new Object[] {bytes(), bytes(0), bytes(0xff), bytes(0x61, 0x62)});
    VALUES.put("fsb", new Object[] {bytes(0, 0), bytes(0x61, 0x62), bytes(0xff, 0)});
  }

  /** Columns of one kind, which compare with each other. */
  private static final List<List<String>> KINDS =
      List.of(
          List.of("b1", "b2"),
          List.of("i8", "i32", "i64", "u64", "dec9", "dec18", "dec38", "f32", "f64"),
          List.of("date", "ts_ms", "ts_us_utc", "ts_ns"),
          List.of("time_ms", "time_us"),
          List.of("s1", "s2"),
          List.of("bin", "fsb"));

  private static BigDecimal[] decimals(int scale, String... values) {
    BigDecimal[] out = new BigDecimal[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = new BigDecimal(values[i]).setScale(scale);
    }
    return out;
  }

  private static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("pairs.parquet");
    duckFile = dir.resolve("pairs_duckdb.parquet");
    Random random = new Random(17);
    try (BufferAllocator allocator = new RootAllocator()) {
      List<FieldVector> vectors = new ArrayList<>();
      BigIntVector id = new BigIntVector("id", allocator);
      vectors.add(id);
      vectors.add(new BitVector("b1", allocator));
      vectors.add(new BitVector("b2", allocator));
      vectors.add(new TinyIntVector("i8", allocator));
      vectors.add(new IntVector("i32", allocator));
      vectors.add(new BigIntVector("i64", allocator));
      vectors.add(new UInt8Vector("u64", allocator));
      vectors.add(new DecimalVector("dec9", allocator, 9, 2));
      vectors.add(new DecimalVector("dec18", allocator, 18, 4));
      vectors.add(new DecimalVector("dec38", allocator, 38, 10));
      vectors.add(new Float4Vector("f32", allocator));
      vectors.add(new Float8Vector("f64", allocator));
      vectors.add(new DateDayVector("date", allocator));
      vectors.add(new TimeStampMilliVector("ts_ms", allocator));
      vectors.add(new TimeStampMicroTZVector("ts_us_utc", allocator, "UTC"));
      vectors.add(new TimeStampNanoVector("ts_ns", allocator));
      vectors.add(new TimeMilliVector("time_ms", allocator));
      vectors.add(new TimeMicroVector("time_us", allocator));
      vectors.add(new VarCharVector("s1", allocator));
      vectors.add(new LargeVarCharVector("s2", allocator));
      vectors.add(new VarBinaryVector("bin", allocator));
      vectors.add(new FixedSizeBinaryVector("fsb", allocator, 2));
      try (VectorSchemaRoot root =
          new VectorSchemaRoot(vectors.stream().map(FieldVector::getField).toList(), vectors)) {
        root.allocateNew();
        for (int i = 0; i < ROWS; i++) {
          id.setSafe(i, i);
          for (FieldVector v : vectors.subList(1, vectors.size())) {
            Object[] values = VALUES.get(v.getName());
            if (random.nextInt(10) == 0) {
              v.setNull(i);
            } else {
              set(v, i, values[random.nextInt(values.length)]);
            }
          }
        }
        root.setRowCount(ROWS);
        try (ParquetArrowWriter w =
            ParquetArrowWriter.create(
                file,
                root.getSchema(),
                WriteOptions.builder().rowGroupRows(1000).pageRows(200).build())) {
          w.write(root);
        }
      }
    }
    try (DuckDb duck = new DuckDb()) {
      duck.execute(
          "COPY (FROM read_parquet("
              + DuckDb.literal(file)
              + ")) TO "
              + DuckDb.literal(duckFile)
              + " (FORMAT parquet, ROW_GROUP_SIZE 700)");
    }
  }

  private static void set(FieldVector v, int i, Object value) {
    if (v instanceof BitVector b) {
      b.setSafe(i, (Boolean) value ? 1 : 0);
    } else if (v instanceof TinyIntVector t) {
      t.setSafe(i, (Byte) value);
    } else if (v instanceof IntVector t) {
      t.setSafe(i, (Integer) value);
    } else if (v instanceof DateDayVector t) {
      t.setSafe(i, (Integer) value);
    } else if (v instanceof TimeMilliVector t) {
      t.setSafe(i, (Integer) value);
    } else if (v instanceof BigIntVector t) {
      t.setSafe(i, (Long) value);
    } else if (v instanceof UInt8Vector t) {
      t.setSafe(i, (Long) value);
    } else if (v instanceof DecimalVector t) {
      t.setSafe(i, (BigDecimal) value);
    } else if (v instanceof Float4Vector t) {
      t.setSafe(i, (Float) value);
    } else if (v instanceof Float8Vector t) {
      t.setSafe(i, (Double) value);
    } else if (v instanceof TimeStampMilliVector t) {
      t.setSafe(i, (Long) value);
    } else if (v instanceof TimeStampMicroTZVector t) {
      t.setSafe(i, (Long) value);
    } else if (v instanceof TimeStampNanoVector t) {
      t.setSafe(i, (Long) value);
    } else if (v instanceof TimeMicroVector t) {
      t.setSafe(i, (Long) value);
    } else if (v instanceof VarCharVector t) {
      t.setSafe(i, ((String) value).getBytes(StandardCharsets.UTF_8));
    } else if (v instanceof LargeVarCharVector t) {
      t.setSafe(i, ((String) value).getBytes(StandardCharsets.UTF_8));
    } else if (v instanceof VarBinaryVector t) {
      t.setSafe(i, (byte[]) value);
    } else if (v instanceof FixedSizeBinaryVector t) {
      t.setSafe(i, (byte[]) value);
    } else {
      throw new AssertionError(v.getClass().getSimpleName());
    }
  }

  @Test
  void everyPairOfOneKindSelectsDuckDbsRows() throws Exception {
    List<String> failures = new ArrayList<>();
    int checked = 0;
    int nonEmpty = 0;
    Random random = new Random(5);
    try (DuckDb duck = new DuckDb();
        BufferAllocator allocator = new RootAllocator();
        ParquetFile parrows = ParquetFile.open(file);
        ParquetFile duckDbs = ParquetFile.open(duckFile)) {
      duck.execute("SET TimeZone = 'UTC'");
      for (List<String> kind : KINDS) {
        for (String left : kind) {
          for (String right : kind) {
            for (Filter.Op op : Filter.Op.values()) {
              Filter pair = Filter.compareColumns(left, op, right);
              String nullColumn = random.nextBoolean() ? left : right;
              // DuckDB compares a TIMESTAMPTZ with a TIMESTAMP_NS only cast: as nanoseconds.
              boolean asNanos = List.of(left, right).containsAll(List.of("ts_us_utc", "ts_ns"));
              String sql =
                  asNanos
                      ? "epoch_ns(\"" + left + "\") " + op.symbol() + " epoch_ns(\"" + right + "\")"
                      : pair.toString();
              // Negated, and beside a test of one column: three-valued logic with nulls.
              Map<Filter, String> filters = new LinkedHashMap<>();
              filters.put(pair, sql);
              filters.put(Filter.not(pair), "NOT (" + sql + ")");
              filters.put(
                  Filter.or(pair, Filter.isNull(nullColumn)),
                  "(" + sql + ") OR \"" + nullColumn + "\" IS NULL");
              for (var entry : filters.entrySet()) {
                Filter filter = entry.getKey();
                for (Path path : List.of(file, duckFile)) {
                  List<Long> expected = FilterIT.duckDbIds(duck, path, entry.getValue());
                  ParquetFile pf = path == file ? parrows : duckDbs;
                  ReadOptions options =
                      random.nextBoolean()
                          ? ReadOptions.builder().filter(filter).columns("id").build()
                          : ReadOptions.builder()
                              .filter(filter)
                              .batchSize(1 + random.nextInt(700))
                              .types(
                                  t ->
                                      t.dictionaryColumns("s1", "s2", "bin")
                                          .dictionaryMode(
                                              random.nextBoolean()
                                                  ? DictionaryMode.PER_ROW_GROUP
                                                  : DictionaryMode.UNIFY))
                              .build();
                  List<Long> got = FilterIT.ids(pf, allocator, options);
                  checked++;
                  nonEmpty += expected.isEmpty() ? 0 : 1;
                  if (!got.equals(expected)) {
                    failures.add(
                        path.getFileName()
                            + ": "
                            + filter
                            + " -> DuckDB "
                            + expected.size()
                            + " rows, Parrow "
                            + got.size());
                  }
                }
              }
            }
          }
        }
      }
    }
    assertTrue(
        failures.isEmpty(),
        failures.size()
            + " of "
            + checked
            + " differ:\n"
            + String.join("\n", failures.subList(0, Math.min(30, failures.size()))));
    assertTrue(nonEmpty > checked / 2, nonEmpty + " of " + checked + " matched rows");
  }

  /** Strings against binaries, which DuckDB compares once encoded as UTF-8: byte by byte. */
  @Test
  void aStringMeetsABinaryByteForByte() throws Exception {
    try (DuckDb duck = new DuckDb();
        BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file)) {
      for (Filter.Op op : Filter.Op.values()) {
        List<Long> expected = FilterIT.duckDbIds(duck, file, "encode(s1) " + op.symbol() + " bin");
        Filter filter = Filter.compareColumns("s1", op, "bin");
        assertEquals(
            expected,
            FilterIT.ids(pf, allocator, ReadOptions.builder().filter(filter).build()),
            "" + op);
      }
    }
  }

  @Test
  void columnsOfDifferentKindsAreRefusedBeforeReading() throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file)) {
      for (String where :
          List.of("b1 = i8", "s1 < i32", "date = time_ms", "ts_ms > f64", "bin = i64")) {
        IllegalArgumentException e =
            assertThrows(
                IllegalArgumentException.class,
                () -> pf.newReader(allocator, ReadOptions.builder().filter(where).build()).close(),
                where);
        assertTrue(
            e.getMessage().startsWith(file + ": ") && e.getMessage().contains("do not compare"),
            e.getMessage());
      }
    }
  }

  /**
   * In a hive-partitioned dataset, a partition column compared with a file's column is a comparison
   * with the file's partition value: files where it cannot hold are skipped; in computed values
   * too.
   */
  @Test
  void aPartitionColumnMeetsAFileColumnAsItsValue() throws Exception {
    Path root = dir.resolve("partitioned");
    for (int p = 0; p <= 2; p++) {
      Path part = root.resolve("p=" + p);
      Files.createDirectories(part);
      Files.copy(file, part.resolve("data.parquet"));
    }
    try (DuckDb duck = new DuckDb();
        BufferAllocator allocator = new RootAllocator()) {
      for (String where :
          List.of(
              "p < i8",
              "i8 <= p",
              "NOT (p = i32)",
              "p = p",
              "p > i64",
              // Computed: the partition's value put in, settled per file where nothing else is
              // read.
              "p + i8 > i8",
              "p * 2 = 2",
              "p % 2 = 0 AND i8 > 0",
              "NOT (coalesce(p, 0) < 1)",
              "CASE WHEN p = 1 THEN i8 ELSE 0 END > 0",
              "CASE WHEN i8 > 0 THEN p END = 2")) {
        List<List<Long>> expected = new ArrayList<>();
        for (var row :
            duck.query(
                "SELECT p, id FROM read_parquet("
                    + DuckDb.literal(root.resolve("*/*.parquet"))
                    + ", hive_partitioning = true) WHERE "
                    + where
                    + " ORDER BY p, id")) {
          expected.add(
              List.of(((Number) row.get("p")).longValue(), ((Number) row.get("id")).longValue()));
        }
        List<List<Long>> got = new ArrayList<>();
        ParquetDataset dataset = ParquetDataset.open(root.toString());
        try (dev.parrow.arrow.ParquetDatasetReader reader =
            dataset.newReader(
                allocator, ReadOptions.builder().filter(where).columns("p", "id").build())) {
          while (reader.loadNextBatch()) {
            VectorSchemaRoot batch = reader.getVectorSchemaRoot();
            for (int i = 0; i < batch.getRowCount(); i++) {
              got.add(
                  List.of(
                      ((Number) batch.getVector("p").getObject(i)).longValue(),
                      ((Number) batch.getVector("id").getObject(i)).longValue()));
            }
          }
        }
        got.sort(
            (a, b) ->
                a.get(0).equals(b.get(0))
                    ? a.get(1).compareTo(b.get(1))
                    : a.get(0).compareTo(b.get(0)));
        assertEquals(expected, got, where);
        assertTrue(!expected.isEmpty(), where);
      }
    }
  }
}
