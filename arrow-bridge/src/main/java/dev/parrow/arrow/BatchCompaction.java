package dev.parrow.arrow;

import dev.parrow.arrow.internal.filter.Compaction;
import java.util.BitSet;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Keeps only some rows of a batch, in place: for deletes and filters applied after a read (a table
 * format's equality deletes, say). Each run of kept rows moves to the front in one copy per buffer,
 * a list's elements following its rows, as Parrow's own filters compact their batches; the buffers
 * keep their capacity, and nothing is allocated but the runs.
 *
 * <p>The batch's buffers are rewritten: compact only a batch whose buffers nobody else reads (a
 * reader's batch, before it is handed on).
 */
public final class BatchCompaction {
  private BatchCompaction() {}

  /**
   * Keeps the rows of {@code batch} whose bit is set in {@code rows}, in their order, and sets the
   * batch's row count to theirs.
   *
   * @param batch the batch, of any vector types Parrow reads
   * @param rows the rows to keep (bits past the batch's rows are ignored)
   */
  public static void keep(VectorSchemaRoot batch, BitSet rows) {
    int count = batch.getRowCount();
    long[] words = rows.toLongArray();
    long[] bits = java.util.Arrays.copyOf(words, Math.max(words.length, (count + 63) >>> 6));
    Compaction.Runs runs = Compaction.Runs.of(bits, count);
    for (FieldVector v : batch.getFieldVectors()) {
      Compaction.compact(v, runs);
    }
    batch.setRowCount(runs.total());
  }
}
