package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.filter.Filter;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.values.FixedWidthValues;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TIMESTAMP on FIXED_LEN_BYTE_ARRAY(12), a signed little-endian 96-bit count (parquet-format 2026,
 * parquet-testing's flba12_timestamp): the six instants of that file's description in three units,
 * read as Arrow timestamps of the annotation's unit; a nanosecond count past 64 bits is an error
 * naming the unit that holds it, and that unit reads it; filters keep the rows Java's comparison
 * keeps, though the file's statistics order the values as bytes.
 */
class FixedTimestampIT {
  @TempDir Path dir;

  /** Seconds since 1970 of rows 0..5, then a null. */
  private static final long[] SECONDS = {
    0, 1, -1, 9_223_372_036L, 253_402_300_799L, -62_135_596_800L
  };

  private Path file() throws Exception {
    List<SchemaElement> schema = new ArrayList<>();
    schema.add(RawParquet.root(3));
    schema.add(column("ts_millis", dev.parrow.codec.metadata.TimeUnit.MILLIS, true));
    schema.add(column("ts_micros", dev.parrow.codec.metadata.TimeUnit.MICROS, true));
    schema.add(column("ts_nanos", dev.parrow.codec.metadata.TimeUnit.NANOS, false));
    int[] defs = {1, 1, 1, 1, 1, 1, 0};
    List<RawParquet.Leaf> leaves = new ArrayList<>();
    for (long perSecond : new long[] {1_000L, 1_000_000L, 1_000_000_000L}) {
      FixedWidthValues values = new FixedWidthValues(12);
      for (long s : SECONDS) {
        values.add(
            littleEndian96(BigInteger.valueOf(s).multiply(BigInteger.valueOf(perSecond))), 0);
      }
      leaves.add(new RawParquet.Leaf(defs, null, values));
    }
    Path file = dir.resolve("flba12_timestamp.parquet");
    RawParquet.write(file, defs.length, schema, leaves);
    return file;
  }

  private static SchemaElement column(
      String name, dev.parrow.codec.metadata.TimeUnit unit, boolean utc) {
    return new SchemaElement(
        PhysicalType.FIXED_LEN_BYTE_ARRAY,
        12,
        Repetition.OPTIONAL,
        name,
        null,
        null,
        null,
        null,
        null,
        new LogicalType.TimestampType(utc, unit),
        null);
  }

  /** Two's complement in 12 bytes, least significant first. */
  private static byte[] littleEndian96(BigInteger v) {
    byte[] bigEndian = v.toByteArray();
    byte[] out = new byte[12];
    Arrays.fill(out, (byte) (v.signum() < 0 ? 0xFF : 0));
    for (int i = 0; i < bigEndian.length; i++) {
      out[i] = bigEndian[bigEndian.length - 1 - i];
    }
    return out;
  }

  private static List<Long> read(Path file, String column, ReadOptions options) throws Exception {
    List<Long> out = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(file);
        ParquetArrowReader reader =
            pf.newReader(allocator, options.toBuilder().columns(column).build())) {
      while (reader.loadNextBatch()) {
        FieldVector v = reader.getVectorSchemaRoot().getVector(column);
        VectorChecks.validateFull(v);
        for (int i = 0; i < v.getValueCount(); i++) {
          out.add(v.isNull(i) ? null : ((TimeStampVector) v).get(i));
        }
      }
    }
    return out;
  }

  /** The six instants in a unit of {@code perSecond}, then the null. */
  private static List<Long> expected(long perSecond) {
    List<Long> out = new ArrayList<>();
    for (long s : SECONDS) {
      out.add(s * perSecond);
    }
    out.add(null);
    return out;
  }

  @Test
  void readsAsTimestampsOfTheAnnotationsUnit() throws Exception {
    Path file = file();
    try (ParquetFile pf = ParquetFile.open(file)) {
      var schema = pf.arrowSchema();
      assertEquals(
          new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"),
          schema.findField("ts_millis").getType());
      assertEquals(
          new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"),
          schema.findField("ts_micros").getType());
      assertEquals(
          new ArrowType.Timestamp(TimeUnit.NANOSECOND, null),
          schema.findField("ts_nanos").getType());
    }
    assertEquals(expected(1_000L), read(file, "ts_millis", ReadOptions.defaults()));
    assertEquals(expected(1_000_000L), read(file, "ts_micros", ReadOptions.defaults()));
  }

  @Test
  void nanosecondsPast64BitsNameTheUnitThatHoldsThem() throws Exception {
    Path file = file();
    ParquetFormatException e =
        assertThrows(
            ParquetFormatException.class, () -> read(file, "ts_nanos", ReadOptions.defaults()));
    assertTrue(
        e.getMessage().contains("fixedTimestampUnit(MICROSECOND)")
            && e.getMessage().contains("ts_nanos"),
        e.getMessage());
    ReadOptions micros =
        ReadOptions.builder().types(t -> t.fixedTimestampUnit(TimeUnit.MICROSECOND)).build();
    assertEquals(expected(1_000_000L), read(file, "ts_nanos", micros));
    // Coarser than stored: toward the past, as INT96 timestamps read.
    ReadOptions seconds =
        ReadOptions.builder().types(t -> t.fixedTimestampUnit(TimeUnit.SECOND)).build();
    assertEquals(expected(1L), read(file, "ts_millis", seconds));
  }

  /**
   * The writer here ordered the statistics as bytes (its max is one second): a filter keeps the
   * rows their values match, whatever the statistics say (PhysicalKeysTest: they are not read).
   */
  @Test
  void filtersKeepWhatJavaKeeps() throws Exception {
    Path file = file();
    for (String condition :
        List.of(
            "ts_millis > TIMESTAMP '1970-01-01 00:00:00'",
            "ts_millis < TIMESTAMP '1970-01-01 00:00:00'",
            "ts_micros = TIMESTAMP '1969-12-31 23:59:59'",
            "ts_micros >= TIMESTAMP '2262-04-11 23:47:16'")) {
      List<Long> all = expected(1_000_000L);
      List<Long> kept = new ArrayList<>();
      Filter filter = Filter.parse(condition);
      for (Long v : all) {
        if (v != null && matches(condition, v)) {
          kept.add(v);
        }
      }
      assertEquals(
          kept, read(file, "ts_micros", ReadOptions.builder().filter(filter).build()), condition);
    }
  }

  /** The conditions above, in Java, on microseconds. */
  private static boolean matches(String condition, long micros) {
    long millis = Math.floorDiv(micros, 1_000L);
    return switch (condition) {
      case "ts_millis > TIMESTAMP '1970-01-01 00:00:00'" -> millis > 0;
      case "ts_millis < TIMESTAMP '1970-01-01 00:00:00'" -> millis < 0;
      case "ts_micros = TIMESTAMP '1969-12-31 23:59:59'" -> micros == -1_000_000L;
      default -> micros >= 9_223_372_036_000_000L;
    };
  }
}
