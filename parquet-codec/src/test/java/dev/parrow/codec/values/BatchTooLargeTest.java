package dev.parrow.codec.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.BatchTooLargeException;
import dev.parrow.codec.ParquetFormatException;
import org.junit.jupiter.api.Test;

/**
 * A batch's BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY values past what a Java array holds are a {@link
 * BatchTooLargeException} before anything is allocated, telling the values that fitted, from which
 * the reader picks a smaller batch.
 */
class BatchTooLargeTest {
  @Test
  void bytesPastTwoGibibytesAreRefusedBeforeTheyAreAllocated() {
    BinaryValues values = new BinaryValues();
    byte[] five = {1, 2, 3, 4, 5};
    for (int i = 0; i < 40; i++) {
      values.append(five, 0, five.length);
    }
    BatchTooLargeException e =
        assertThrows(BatchTooLargeException.class, () -> values.reserveBytes(Integer.MAX_VALUE));
    assertEquals(40, e.valuesHeld());
    assertEquals("BYTE_ARRAY values of more than 2 GiB in one batch", e.getMessage());
    // Nothing of it taken: the values are as they were.
    assertEquals(40, values.size());
    assertEquals(200, values.byteLength());
  }

  @Test
  void fixedWidthValuesPastTwoGibibytesToo() {
    FixedWidthValues values = new FixedWidthValues(100_000);
    values.add(new byte[100_000], 0);
    BatchTooLargeException e =
        assertThrows(BatchTooLargeException.class, () -> values.reserve(30_000));
    assertEquals(1, e.valuesHeld());
    assertEquals(1, values.size());
  }

  @Test
  void aSmallerBatchIsAtMostHalfAndLeavesRoomOverWhatFitted() {
    assertEquals(500, new BatchTooLargeException("x", -1).smallerBatch(1_000));
    assertEquals(300, new BatchTooLargeException("x", 400).smallerBatch(1_000));
    assertEquals(500, new BatchTooLargeException("x", 900).smallerBatch(1_000));
    // Two rows of a gibibyte each: the first fitted, the second did not.
    assertEquals(1, new BatchTooLargeException("x", 1).smallerBatch(2));
    assertEquals(1, new BatchTooLargeException("x", 0).smallerBatch(3));
  }

  @Test
  void aSingleRowThatDoesNotFitIsAnErrorWithItsPlace() {
    BatchTooLargeException e =
        new BatchTooLargeException("BYTE_ARRAY values of more than 2 GiB", 0);
    e.inPage(3).inRowGroup(1).inColumn("m.key_value.key").inFile("big.parquet");
    ParquetFormatException one = e.inOneRow();
    assertTrue(!(one instanceof BatchTooLargeException));
    assertEquals(
        "big.parquet, column m.key_value.key, row group 1, page 3: one row has BYTE_ARRAY values"
            + " of more than 2 GiB, more than one batch holds",
        one.getMessage());
  }
}
