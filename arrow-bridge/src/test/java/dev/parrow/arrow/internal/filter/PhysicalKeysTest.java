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
 * them.
 */
class PhysicalKeysTest {
  private static ColumnDescriptor timestamp(PhysicalType type, Integer length) {
    SchemaElement root =
        new SchemaElement(null, null, null, "schema", 1, null, null, null, null, null, null);
    SchemaElement leaf =
        new SchemaElement(
            type,
            length,
            Repetition.OPTIONAL,
            "ts",
            null,
            null,
            null,
            null,
            null,
            new LogicalType.TimestampType(true, TimeUnit.MICROS),
            null);
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
}
