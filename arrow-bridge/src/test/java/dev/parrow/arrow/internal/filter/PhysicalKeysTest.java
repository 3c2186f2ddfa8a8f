package dev.parrow.arrow.internal.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.metadata.TimeUnit;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.types.TypeOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A TIMESTAMP stored in 12 little-endian bytes is filtered row by row: neither its statistics, its
 * dictionary entries nor its Bloom filter give keys (read as the big-endian integers of decimals,
 * bytes whose first four are zero would make a plausible timestamp); one stored as INT64 gives
 * them, and INT96 ones give keys in the unit they read as.
 */
class PhysicalKeysTest {
  private static ColumnDescriptor timestamp(PhysicalType type, Integer length) {
    return column(type, length, new LogicalType.TimestampType(true, TimeUnit.MICROS));
  }

  /** An optional column {@code ts} of a file of one column. */
  private static ColumnDescriptor column(PhysicalType type, Integer length, LogicalType logical) {
    SchemaElement root =
        new SchemaElement(null, null, null, "schema", 1, null, null, null, null, null, null);
    SchemaElement leaf =
        new SchemaElement(
            type, length, Repetition.OPTIONAL, "ts", null, null, null, null, null, logical, null);
    return ParquetSchema.fromElements(List.of(root, leaf)).column(0);
  }

  @Test
  void twelveByteTimestampsGiveNoKeys() {
    FilterColumn fixed =
        FilterColumn.of(timestamp(PhysicalType.FIXED_LEN_BYTE_ARRAY, 12), TypeOptions.defaults());
    assertFalse(fixed.ordered());
    byte[] bytes = {0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0};
    assertNull(PhysicalKeys.fromBytes(fixed, bytes));
    assertNull(PhysicalKeys.fromPlain(fixed, bytes));
    assertNull(PhysicalKeys.toPlain(fixed, 5L));

    FilterColumn int64 =
        FilterColumn.of(timestamp(PhysicalType.INT64, null), TypeOptions.defaults());
    assertTrue(int64.ordered());
    assertEquals(5L, PhysicalKeys.fromLong(int64, 5L));
    assertEquals(8, PhysicalKeys.toPlain(int64, 5L).length);
  }

  private static ColumnDescriptor int96() {
    return column(PhysicalType.INT96, null, null);
  }

  private static byte[] int96(int julianDay, long nanosOfDay) {
    byte[] out = new byte[12];
    dev.parrow.codec.values.Int96.put(out, 0, julianDay, nanosOfDay);
    return out;
  }

  /**
   * INT96 bounds are keys in the unit the column reads as, truncated toward the past as its values
   * are; a bound 64 bits of that unit cannot hold, or whose nanoseconds lie outside its day (where
   * day-then-nanoseconds is not the instants' order), gives none. No Bloom filter probe: a key in a
   * coarser unit stands for many stored values.
   */
  @Test
  void int96BoundsAreKeysInTheReadUnit() {
    FilterColumn nanos = FilterColumn.of(int96(), TypeOptions.defaults());
    assertTrue(nanos.ordered());
    // 1969-12-31T23:59:59.999999999: day -1, the last nanosecond.
    assertEquals(-1L, PhysicalKeys.fromPlain(nanos, int96(2_440_587, 86_399_999_999_999L)));
    assertNull(PhysicalKeys.fromPlain(nanos, int96(2_440_588, 86_400_000_000_000L)));
    assertNull(PhysicalKeys.fromPlain(nanos, int96(2_440_588, -1)));
    assertNull(PhysicalKeys.fromPlain(nanos, int96(2_440_588 + 110_000, 0)), "past 2262");
    assertNull(PhysicalKeys.fromPlain(nanos, new byte[8]), "not 12 bytes");
    assertNull(PhysicalKeys.toPlain(nanos, 5L));

    FilterColumn micros =
        FilterColumn.of(
            int96(),
            TypeOptions.builder()
                .int96Unit(org.apache.arrow.vector.types.TimeUnit.MICROSECOND)
                .build());
    assertEquals(-1L, PhysicalKeys.fromPlain(micros, int96(2_440_587, 86_399_999_999_999L)));
    assertEquals(
        110_000L * 86_400_000_000L, PhysicalKeys.fromPlain(micros, int96(2_440_588 + 110_000, 0)));
  }
}
