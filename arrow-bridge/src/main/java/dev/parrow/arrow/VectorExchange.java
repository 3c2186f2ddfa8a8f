package dev.parrow.arrow;

import dev.parrow.arrow.internal.buffers.Layouts;
import org.apache.arrow.vector.FieldVector;

/**
 * Moving a batch out of a reader's root without leaving the reader to allocate its next batch.
 *
 * <p>A reader decodes each batch into the buffers of the batch before, which its contract lets it
 * overwrite. A caller that moves the batch into vectors of its own ({@code
 * makeTransferPair(...).transfer()}) leaves the reader no buffers, and every batch is then
 * allocated anew: the allocator frees and takes back whole chunks, and the system zeroes each new
 * page, which on many cores costs more than the decoding. {@link #move} moves the batch over and
 * gives the reader the caller's vector's last buffers in exchange. Parrow's own datasets, reads
 * with {@link ReadOptions.Builder#readAs} and the table formats' readers move their batches this
 * way.
 *
 * <p>The caller must be done with its vector's last batch: its buffers are decoded into next,
 * unless someone else still holds them (a consumer that took them zero-copy through the C Data
 * Interface, say), in which case the reader lets them go and allocates new ones.
 */
public final class VectorExchange {
  private VectorExchange() {}

  /**
   * Moves {@code from}'s buffers into {@code to} without a copy and, when the two are laid out
   * alike (one type and dictionary encoding, children of the same names laid out alike; the fields'
   * own names and metadata do not matter), {@code to}'s last buffers into {@code from}. Vectors
   * laid out differently (a struct with other members) are moved as a transfer moves them, {@code
   * from} left empty.
   *
   * @param from a vector of a reader's batch (at any depth)
   * @param to the caller's vector the batch moves into
   */
  public static void move(FieldVector from, FieldVector to) {
    if (!Layouts.alike(from.getField(), to.getField())) {
      from.makeTransferPair(to).transfer();
      return;
    }
    try (FieldVector aside = to.getField().createVector(to.getAllocator())) {
      to.makeTransferPair(aside).transfer();
      from.makeTransferPair(to).transfer();
      aside.makeTransferPair(from).transfer();
    }
  }
}
