package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.AllocationListener;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Whether a read decodes into the buffers of batches its caller is done with: the bytes it
 * allocates over the read, against its batches' size, and that a buffer the caller keeps is never
 * decoded into.
 */
final class BufferReuse {
  private BufferReuse() {}

  /** A reader of something, made on the allocator given. */
  interface Opener {
    ArrowReader open(BufferAllocator allocator) throws IOException;
  }

  /**
   * What a read did: its batches, the bytes it allocated (all of it, from its first batch on), and
   * its largest batch's bytes.
   */
  record Read(int batches, long allocated, long largestBatch) {
    /** {@return the bytes allocated over the read, in batches of the largest's size} */
    double batchesAllocated() {
      return (double) allocated / largestBatch;
    }
  }

  /**
   * Reads every batch. When {@code keeping}, holds a reference to each buffer of every tenth batch
   * (as a consumer that took it zero-copy would) and checks, once the read is closed, that their
   * bytes are still that batch's.
   */
  static Read read(Opener opener, boolean keeping) throws IOException {
    AtomicLong allocated = new AtomicLong();
    Map<ArrowBuf, byte[]> kept = new HashMap<>();
    try (BufferAllocator allocator = counting(allocated)) {
      int batches = 0;
      long largest = 0;
      try (ArrowReader reader = opener.open(allocator)) {
        while (reader.loadNextBatch()) {
          long bytes = 0;
          for (FieldVector v : reader.getVectorSchemaRoot().getFieldVectors()) {
            bytes += v.getBufferSize();
            if (keeping && batches % 10 == 9) {
              keep(v, kept);
            }
          }
          largest = Math.max(largest, bytes);
          batches++;
        }
      }
      for (Map.Entry<ArrowBuf, byte[]> e : kept.entrySet()) {
        byte[] now = new byte[e.getValue().length];
        e.getKey().getBytes(0, now);
        assertArrayEquals(e.getValue(), now, "a buffer the caller kept was decoded into");
        e.getKey().getReferenceManager().release();
      }
      assertEquals(keeping && batches >= 10, !kept.isEmpty());
      return new Read(batches, allocated.get(), largest);
    }
  }

  /** {@return a root allocator that adds the bytes of each allocation to {@code allocated}} */
  static BufferAllocator counting(AtomicLong allocated) {
    AllocationListener counting =
        new AllocationListener() {
          @Override
          public void onAllocation(long size) {
            allocated.addAndGet(size);
          }
        };
    return new RootAllocator(counting, Long.MAX_VALUE);
  }

  /** Holds a reference to each buffer of {@code vector} (and its children), with its bytes now. */
  static void keep(FieldVector vector, Map<ArrowBuf, byte[]> kept) {
    for (ArrowBuf buf : vector.getFieldBuffers()) {
      if (buf != null && buf.capacity() > 0) {
        buf.getReferenceManager().retain();
        byte[] bytes = new byte[(int) buf.capacity()];
        buf.getBytes(0, bytes);
        kept.put(buf, bytes);
      }
    }
    for (FieldVector child : vector.getChildrenFromFields()) {
      keep(child, kept);
    }
  }
}
