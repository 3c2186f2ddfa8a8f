package dev.parrow.cli;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Reads the next batch on a thread of its own while the caller prints the current one, so that
 * decoding and formatting overlap. Each batch's buffers are transferred out of the reader's root
 * into a root of its own (no copy), which the caller closes once printed; the reader then fills
 * fresh buffers. One batch waits at most, so memory stays at about two batches.
 */
final class BatchPrefetch implements AutoCloseable {
  private static final VectorSchemaRoot END = new VectorSchemaRoot(java.util.List.of());

  private final ArrowReader reader;
  private final BufferAllocator allocator;
  private final BlockingQueue<Object> ready = new ArrayBlockingQueue<>(1);
  private final Thread thread;
  private volatile boolean closed;

  BatchPrefetch(ArrowReader reader, BufferAllocator allocator) {
    this.reader = reader;
    this.allocator = allocator;
    this.thread = new Thread(this::produce, "parrow-prefetch");
    thread.setDaemon(true);
    thread.start();
  }

  /** The next batch, which the caller closes, or null at the end. Rethrows the reader's errors. */
  VectorSchemaRoot next() throws Exception {
    Object item = ready.take();
    if (item instanceof Exception e) {
      throw e;
    }
    if (item instanceof Error e) {
      throw e;
    }
    return item == END ? null : (VectorSchemaRoot) item;
  }

  private void produce() {
    try {
      VectorSchemaRoot source = reader.getVectorSchemaRoot();
      while (!closed && reader.loadNextBatch()) {
        VectorSchemaRoot batch = VectorSchemaRoot.create(source.getSchema(), allocator);
        for (int c = 0; c < source.getFieldVectors().size(); c++) {
          FieldVector from = source.getVector(c);
          from.makeTransferPair(batch.getVector(c)).transfer();
        }
        batch.setRowCount(source.getRowCount());
        if (!hand(batch)) {
          batch.close();
          return;
        }
      }
      hand(END);
    } catch (Exception | Error e) {
      hand(e);
    }
  }

  /** Puts the item in the queue; false once the caller has closed. */
  private boolean hand(Object item) {
    try {
      while (!closed) {
        if (ready.offer(item, 50, TimeUnit.MILLISECONDS)) {
          return true;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return false;
  }

  /** Stops reading ahead and frees a batch that was read but not taken. */
  @Override
  public void close() throws InterruptedException {
    closed = true;
    thread.join();
    Object left = ready.poll();
    if (left instanceof VectorSchemaRoot root && root != END) {
      root.close();
    }
  }
}
