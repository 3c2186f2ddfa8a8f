package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * INT96 timestamps far from 1970, as Spark writes them for old and future dates: the error names
 * the finest unit that holds the value, that unit reads it exactly, and the null option reads it as
 * null without wrapping. DuckDB reads the same instants (it reads INT96 at microseconds).
 */
class Int96IT {
  private static final long JULIAN_EPOCH_DAY = 2_440_588L;

  @TempDir Path dir;

  /**
   * Rows: 1970-01-01T00:00:00.000000001, null, day -400,000 (about 1095 BC: outside nanoseconds,
   * inside microseconds), day 200,000,000 (outside microseconds, inside milliseconds), 2024-02-29.
   */
  private Path file(Repetition repetition) throws Exception {
    long[] days = {0, -400_000, 200_000_000, 19_782};
    long[] nanos = {1, 5_000_000_123L, 86_399_999_999_999L, 43_200_000_000_000L};
    long[] julian = new long[days.length];
    for (int i = 0; i < days.length; i++) {
      julian[i] = days[i] + JULIAN_EPOCH_DAY;
    }
    boolean optional = repetition == Repetition.OPTIONAL;
    int[] defs = optional ? new int[] {1, 0, 1, 1, 1} : null;
    long rows = optional ? 5 : 4;
    Path file = dir.resolve(repetition + ".parquet");
    RawParquet.write(
        file,
        rows,
        List.of(RawParquet.root(1), RawParquet.primitive("ts", repetition, PhysicalType.INT96)),
        List.of(new RawParquet.Leaf(defs, null, RawParquet.int96(julian, nanos))));
    return file;
  }

  private static List<Long> read(Path file, ReadOptions options) throws Exception {
    List<Long> out = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file);
        ParquetArrowReader reader = pf.newReader(allocator, options)) {
      while (reader.loadNextBatch()) {
        TimeStampVector v = (TimeStampVector) reader.getVectorSchemaRoot().getVector(0);
        for (int i = 0; i < v.getValueCount(); i++) {
          out.add(v.isNull(i) ? null : v.get(i));
        }
      }
    }
    return out;
  }

  @Test
  void theErrorNamesAUnitThatFitsAndThatUnitReadsExactly() throws Exception {
    Path file = file(Repetition.OPTIONAL);
    ParquetFormatException nanos =
        assertThrows(ParquetFormatException.class, () -> read(file, ReadOptions.defaults()));
    assertTrue(
        nanos.getMessage().contains("ReadOptions.int96Unit(MICROSECOND) (--int96-unit microsecond"),
        nanos.getMessage());
    ParquetFormatException micros =
        assertThrows(
            ParquetFormatException.class,
            () ->
                read(
                    file,
                    ReadOptions.builder().types(t -> t.int96Unit(TimeUnit.MICROSECOND)).build()));
    assertTrue(
        micros.getMessage().contains("ReadOptions.int96Unit(MILLISECOND)"), micros.getMessage());
    assertTrue(micros.getMessage().startsWith(file.toString()), micros.getMessage());

    long msPerDay = 86_400_000L;
    assertEquals(
        java.util.Arrays.asList(
            0L,
            null,
            -400_000 * msPerDay + 5_000,
            200_000_000 * msPerDay + 86_399_999,
            19_782 * msPerDay + 43_200_000),
        read(file, ReadOptions.builder().types(t -> t.int96Unit(TimeUnit.MILLISECOND)).build()));
  }

  @Test
  void outOfRangeValuesCanBeReadAsNullNeverWrapped() throws Exception {
    Path file = file(Repetition.OPTIONAL);
    long nsPerDay = 86_400_000_000_000L;
    assertEquals(
        java.util.Arrays.asList(1L, null, null, null, 19_782 * nsPerDay + 43_200_000_000_000L),
        read(file, ReadOptions.builder().types(t -> t.int96OutOfRangeAsNull(true)).build()));
    long usPerDay = 86_400_000_000L;
    assertEquals(
        java.util.Arrays.asList(
            0L, null, -400_000 * usPerDay + 5_000_000, null, 19_782 * usPerDay + 43_200_000_000L),
        read(
            file,
            ReadOptions.builder()
                .types(t -> t.int96Unit(TimeUnit.MICROSECOND).int96OutOfRangeAsNull(true))
                .build()));
  }

  @Test
  void aRequiredColumnStillFails() throws Exception {
    Path file = file(Repetition.REQUIRED);
    assertThrows(
        ParquetFormatException.class,
        () -> read(file, ReadOptions.builder().types(t -> t.int96OutOfRangeAsNull(true)).build()));
  }

  @Test
  void duckDbReadsTheSameInstants() throws Exception {
    Path file = file(Repetition.OPTIONAL);
    List<Long> micros =
        read(
            file,
            ReadOptions.builder()
                .types(t -> t.int96Unit(TimeUnit.MICROSECOND).int96OutOfRangeAsNull(true))
                .build());
    List<Object> duck = new ArrayList<>();
    try (var c = java.sql.DriverManager.getConnection("jdbc:duckdb:");
        var s = c.createStatement();
        var rs =
            s.executeQuery(
                "SELECT epoch_us(ts) FROM read_parquet(" + DuckDb.literal(file) + ") LIMIT 2")) {
      while (rs.next()) {
        duck.add(rs.getObject(1) == null ? null : rs.getLong(1));
      }
    }
    // The rows both can hold: 1970 (DuckDB truncates the nanosecond) and the null.
    assertEquals(micros.subList(0, 2), duck);
  }

  private static String[] run(String... args) {
    java.io.StringWriter out = new java.io.StringWriter();
    java.io.StringWriter err = new java.io.StringWriter();
    int code =
        dev.parrow.cli.ParrowCommand.run(
            args, new java.io.PrintWriter(out), new java.io.PrintWriter(err));
    return new String[] {String.valueOf(code), out.toString(), err.toString()};
  }

  /** The CLI's read options, on head and on convert (which now takes them too). */
  @Test
  void theCliChoosesTheUnitOrNullsOnEveryReadingVerb() throws Exception {
    Path file = file(Repetition.OPTIONAL);
    String[] failed = run("head", file.toString());
    assertEquals("1", failed[0]);
    assertTrue(failed[2].contains("--int96-unit microsecond"), failed[2]);

    Path nulls = dir.resolve("nulls.parquet");
    String[] converted =
        run("convert", file.toString(), nulls.toString(), "--int96-out-of-range-null");
    assertEquals("0", converted[0], converted[2]);
    assertEquals(
        read(file, ReadOptions.builder().types(t -> t.int96OutOfRangeAsNull(true)).build()),
        read(nulls, ReadOptions.defaults()));

    Path copy = dir.resolve("copy.parquet");
    String[] convert =
        run("convert", file.toString(), copy.toString(), "--int96-unit", "millisecond", "--no-crc");
    assertEquals("0", convert[0], convert[2]);
    assertEquals(
        read(file, ReadOptions.builder().types(t -> t.int96Unit(TimeUnit.MILLISECOND)).build()),
        read(copy, ReadOptions.defaults()));
  }

  /**
   * A Spark file's far INT96 dates converted by the CLI to INT96 again ({@code
   * --int96-timestamps}), in the unit that holds them: the same instants, still INT96, read back in
   * that unit.
   */
  @Test
  void theCliWritesInt96BackOnRequest() throws Exception {
    Path file = file(Repetition.OPTIONAL);
    Path copy = dir.resolve("int96-copy.parquet");
    String[] converted =
        run(
            "convert",
            file.toString(),
            copy.toString(),
            "--int96-unit",
            "millisecond",
            "--int96-timestamps");
    assertEquals("0", converted[0], converted[2]);
    try (ParquetFile pf = ParquetFile.open(copy)) {
      assertEquals(PhysicalType.INT96, pf.footer().schema().column(0).physicalType());
    }
    ReadOptions millis =
        ReadOptions.builder().types(t -> t.int96Unit(TimeUnit.MILLISECOND)).build();
    assertEquals(read(file, millis), read(copy, ReadOptions.defaults()));
    assertEquals(read(file, millis), read(copy, millis));
  }

  /**
   * Values read as null because no unit holds them match {@code IS NULL} and no comparison, as the
   * rows read show them, whatever the statistics' null count says.
   */
  @Test
  void filtersSeeOutOfRangeValuesAsTheNullsTheyReadAs() throws Exception {
    filtersSee(
        file(Repetition.OPTIONAL),
        java.util.Map.of(
            "ts IS NULL", 3L,
            "ts IS NOT NULL", 2L,
            "ts > TIMESTAMP '2000-01-01 00:00:00'", 1L,
            "ts < TIMESTAMP '2000-01-01 00:00:00'", 1L));
    // No null stored, so statistics count none; two values still read as null.
    long[] julian = new long[4];
    long[] days = {0, -400_000, 200_000_000, 19_782};
    for (int i = 0; i < 4; i++) {
      julian[i] = days[i] + JULIAN_EPOCH_DAY;
    }
    Path noNulls = dir.resolve("no-nulls.parquet");
    RawParquet.write(
        noNulls,
        4,
        List.of(
            RawParquet.root(1),
            RawParquet.primitive("ts", Repetition.OPTIONAL, PhysicalType.INT96)),
        List.of(
            new RawParquet.Leaf(
                new int[] {1, 1, 1, 1}, null, RawParquet.int96(julian, new long[] {1, 2, 3, 4}))));
    filtersSee(
        noNulls,
        java.util.Map.of(
            "ts IS NULL", 2L,
            "ts IS NOT NULL", 2L,
            "ts > TIMESTAMP '2000-01-01 00:00:00'", 1L,
            "ts <> TIMESTAMP '2000-01-01 00:00:00'", 2L));
  }

  private static void filtersSee(Path file, java.util.Map<String, Long> expected) throws Exception {
    for (var e : expected.entrySet()) {
      long rows = 0;
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile pf = ParquetFile.open(file);
          ParquetArrowReader reader =
              pf.newReader(
                  allocator,
                  ReadOptions.builder()
                      .types(t -> t.int96OutOfRangeAsNull(true))
                      .filter(e.getKey())
                      .build())) {
        while (reader.loadNextBatch()) {
          rows += reader.getVectorSchemaRoot().getRowCount();
        }
      }
      assertEquals(e.getValue(), rows, e.getKey());
    }
  }
}
