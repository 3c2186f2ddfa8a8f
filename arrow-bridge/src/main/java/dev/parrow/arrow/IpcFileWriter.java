package dev.parrow.arrow;

import dev.parrow.types.DictionaryMode;
import java.io.IOException;
import java.nio.channels.WritableByteChannel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compare.Range;
import org.apache.arrow.vector.compare.RangeEqualsVisitor;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.message.ArrowDictionaryBatch;
import org.apache.arrow.vector.util.TransferPair;

/**
 * An Arrow IPC file writer for batches whose dictionaries change as they come, as a {@link
 * ParquetArrowReader}'s do: a dictionary that grew since it was written (one unified dictionary
 * meeting new values) is extended by a delta dictionary batch, and one that was replaced (one
 * dictionary per row group) fails the write, since the IPC file format holds one dictionary per
 * field. Arrow Java's own {@link ArrowFileWriter} writes each dictionary once, as it is at the
 * first batch, and later batches then decode through it to wrong values, silently.
 *
 * <p>Read Parquet with {@link DictionaryMode#UNIFY} (or decoded) for an IPC file; the IPC stream
 * format ({@code ArrowStreamWriter}) takes replaced dictionaries as they are. A unified dictionary
 * grows only where a chunk's pages fell back from dictionary encoding; its deltas are read by Arrow
 * C++ (pyarrow) and arrow-rs, while Arrow Java 19's file reader loads one dictionary batch per id
 * and then fails on the new entries' ids (it never decodes them wrongly).
 */
public final class IpcFileWriter extends ArrowFileWriter {
  /** A copy of each dictionary as written so far, by id. */
  private final Map<Long, FieldVector> written = new HashMap<>();

  private final BufferAllocator allocator;

  /**
   * A writer of {@code root}'s batches, their dictionaries looked up in {@code provider}.
   *
   * @param root the batches' root
   * @param provider the dictionaries of dictionary-encoded fields, or null when there are none
   * @param out where the file goes
   * @param allocator where the copies of written dictionaries live until {@link #close}
   */
  public IpcFileWriter(
      VectorSchemaRoot root,
      DictionaryProvider provider,
      WritableByteChannel out,
      BufferAllocator allocator) {
    super(root, provider, out);
    this.allocator = allocator;
  }

  @Override
  protected void ensureDictionariesWritten(DictionaryProvider provider, Set<Long> ids)
      throws IOException {
    for (long id : ids) {
      Dictionary dictionary = provider.lookup(id);
      FieldVector current = dictionary.getVector();
      FieldVector previous = written.get(id);
      if (previous == null) {
        writeDictionaryBatch(dictionary);
        written.put(id, copy(current, 0, current.getValueCount()));
        continue;
      }
      int had = previous.getValueCount();
      int has = current.getValueCount();
      boolean prefixKept =
          has >= had && new RangeEqualsVisitor(previous, current).rangeEquals(new Range(0, 0, had));
      if (!prefixKept) {
        throw new IOException(
            "dictionary "
                + id
                + " was replaced between batches (by a new row group's dictionary): an Arrow IPC"
                + " file holds one dictionary per field, extended only. Write an IPC stream, or"
                + " read the dictionaries unified (DictionaryMode.UNIFY, --dictionary-mode unify)"
                + " or decoded");
      }
      if (has > had) {
        try (FieldVector delta = copy(current, had, has - had)) {
          VectorSchemaRoot values =
              new VectorSchemaRoot(List.of(delta.getField()), List.of(delta), has - had);
          try (ArrowDictionaryBatch batch =
              new ArrowDictionaryBatch(id, new VectorUnloader(values).getRecordBatch(), true)) {
            writeDictionaryBatch(batch);
          }
        }
        written.put(id, copy(current, 0, has)).close();
      }
    }
  }

  /** Entries {@code [from, from + count)} of {@code v} in buffers of their own. */
  private FieldVector copy(FieldVector v, int from, int count) {
    TransferPair pair = v.getTransferPair(allocator);
    FieldVector out = (FieldVector) pair.getTo();
    out.setInitialCapacity(count);
    out.allocateNew();
    for (int i = 0; i < count; i++) {
      out.copyFromSafe(from + i, i, v);
    }
    out.setValueCount(count);
    return out;
  }

  /** Writes the footer if it was not, and frees the dictionaries' copies. */
  @Override
  public void close() {
    try {
      super.close();
    } finally {
      written.values().forEach(FieldVector::close);
      written.clear();
    }
  }
}
