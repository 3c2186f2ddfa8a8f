package dev.parrow.arrow.internal.read;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The roots of a read's producers that have ended (a row group read at once with others, a file of
 * a dataset), kept with their buffers for the producers that follow: a producer of the same schema
 * takes one and decodes into its buffers rather than into new memory. Arrow's Netty allocator hands
 * a chunk back to the system once it empties, so buffers freed in the middle of a read come back as
 * new memory, page faults and zeroing by the kernel, which 16 threads faulting at once serialise
 * on; a dataset's files each made their own roots. A read's own store is closed with it; a {@code
 * BufferPool}'s outlives its reads, for the next ones. Closing frees what is kept; a root given
 * back after that is freed at once.
 */
public final class SpareRoots implements AutoCloseable {
  private final List<VectorSchemaRoot> kept = new ArrayList<>();
  private boolean closed;

  /** The most bytes kept: a root given beyond them is freed. */
  private final long maxBytes;

  /** A store that keeps every root given. */
  public SpareRoots() {
    this(Long.MAX_VALUE);
  }

  /**
   * @param maxBytes the most bytes of buffers kept ({@link #bytes}); a root given beyond them is
   *     freed
   */
  public SpareRoots(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  /** {@return a kept root of {@code schema}, or a new one from {@code allocator}} */
  public VectorSchemaRoot take(Schema schema, BufferAllocator allocator) {
    VectorSchemaRoot kept = takeKept(schema);
    return kept != null ? kept : VectorSchemaRoot.create(schema, allocator);
  }

  /** {@return a kept root of {@code schema}, or null when none is kept} */
  public synchronized VectorSchemaRoot takeKept(Schema schema) {
    for (Iterator<VectorSchemaRoot> it = kept.iterator(); it.hasNext(); ) {
      VectorSchemaRoot root = it.next();
      if (root.getSchema().equals(schema)) {
        it.remove();
        return root;
      }
    }
    return null;
  }

  /** {@return the bytes of the kept roots' buffers (their capacity, at any depth)} */
  public synchronized long bytes() {
    long bytes = 0;
    for (VectorSchemaRoot root : kept) {
      bytes += bytes(root);
    }
    return bytes;
  }

  private static long bytes(VectorSchemaRoot root) {
    long bytes = 0;
    for (org.apache.arrow.vector.FieldVector v : root.getFieldVectors()) {
      bytes += capacity(v);
    }
    return bytes;
  }

  private static long capacity(org.apache.arrow.vector.FieldVector v) {
    long bytes = 0;
    for (org.apache.arrow.memory.ArrowBuf b : v.getFieldBuffers()) {
      bytes += b == null ? 0 : b.capacity();
    }
    for (org.apache.arrow.vector.FieldVector child : v.getChildrenFromFields()) {
      bytes += capacity(child);
    }
    return bytes;
  }

  /** Keeps a root whose producer has ended (or frees it, once this is closed). */
  public void give(VectorSchemaRoot root) {
    synchronized (this) {
      if (!closed && (maxBytes == Long.MAX_VALUE || bytes() + bytes(root) <= maxBytes)) {
        kept.add(root);
        return;
      }
    }
    root.close();
  }

  /** {@return how many roots are kept} */
  public synchronized int size() {
    return kept.size();
  }

  /** Frees the roots kept. */
  @Override
  public synchronized void close() {
    closed = true;
    kept.forEach(VectorSchemaRoot::close);
    kept.clear();
  }
}
