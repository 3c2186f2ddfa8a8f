package dev.parrow.arrow;

import dev.parrow.arrow.internal.dataset.Conform;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;

/**
 * The dictionary columns of a dataset read ({@link DatasetPlan#dictionaryColumns}): each file's
 * indices moved into the dataset's batch, and its dictionary copied into a new vector of the
 * dataset reader's only when it changed (a new file, a new row group, or values of a page that fell
 * back from dictionary encoding). A dictionary is replaced, never changed in place: a consumer may
 * keep what it derives from one (Spark's strings, say) for as long as the reader hands out the same
 * {@link Dictionary} object.
 */
final class DatasetDictionaries {
  private final BufferAllocator allocator;

  /** The reader's dictionaries, by the dataset's ids (ArrowReader's own map). */
  private final Map<Long, Dictionary> published;

  /** What each published dictionary was copied from: the file's read and its version. */
  private final Map<Long, Source> sources = new HashMap<>();

  /**
   * A file's dictionary as it was when copied: which read, which of its dictionaries and how many
   * times that had been written ({@link ParquetArrowReader#dictionaryVersion}).
   */
  private record Source(int file, long id, long version) {}

  /** A source that is never seen again: a file's own values, made a dictionary for one batch. */
  private static final long ONCE = -2;

  private int onceCount;

  DatasetDictionaries(BufferAllocator allocator, Map<Long, Dictionary> published) {
    this.allocator = allocator;
    this.published = published;
  }

  /**
   * Fills the dictionary-encoded fields of {@code out} from one file's batch: the indices moved (or
   * widened to Int32), the dictionary replaced when the file's changed. A file without the column
   * gives nulls and an empty dictionary; a file whose column was read as plain values (stored other
   * than as byte arrays) gives those values as the batch's dictionary, each row its own index.
   *
   * @param file the file's place in the read (what its dictionaries are told apart by)
   * @param reader the file's reader, whose dictionaries the batch's indices point into
   */
  void fill(int file, VectorSchemaRoot batch, ParquetArrowReader reader, VectorSchemaRoot out) {
    int rows = batch.getRowCount();
    for (FieldVector target : out.getFieldVectors()) {
      DictionaryEncoding encoding = target.getField().getDictionary();
      if (encoding == null) {
        continue;
      }
      long id = encoding.getId();
      FieldVector source = batch.getVector(target.getName());
      if (source == null) {
        Conform.nulls(target, rows);
        publish(encoding, new Source(file, -1, 0), () -> empty(id));
      } else if (source.getField().getDictionary() != null) {
        long sourceId = source.getField().getDictionary().getId();
        Conform.move(source, target, rows);
        Source from = new Source(file, sourceId, reader.dictionaryVersion(sourceId));
        publish(encoding, from, () -> copyOf(reader.lookup(sourceId).getVector(), id));
      } else {
        FieldVector values = empty(id);
        source.makeTransferPair(values).transfer();
        eachRowItsOwn(values, (IntVector) target, rows);
        publish(encoding, new Source(file, ONCE, onceCount++), () -> values);
      }
    }
  }

  private interface Made {
    FieldVector make();
  }

  /** Replaces dictionary {@code encoding}'s vector, unless it was copied from {@code from}. */
  private void publish(DictionaryEncoding encoding, Source from, Made vector) {
    long id = encoding.getId();
    if (from.equals(sources.get(id))) {
      return;
    }
    FieldVector made = vector.make();
    Dictionary old = published.put(id, new Dictionary(made, encoding));
    sources.put(id, from);
    if (old != null) {
      old.getVector().close();
    }
  }

  /** An empty vector of dictionary {@code id}'s value type. */
  private FieldVector empty(long id) {
    FieldVector v = published.get(id).getVector().getField().createVector(allocator);
    v.allocateNew();
    v.setValueCount(0);
    return v;
  }

  /**
   * A copy of a vector without children (a string or binary dictionary), buffer by buffer: the
   * file's reader writes its dictionary again in place when its row group changes.
   */
  private FieldVector copyOf(FieldVector from, long id) {
    FieldVector to = published.get(id).getVector().getField().createVector(allocator);
    List<ArrowBuf> copies = new ArrayList<>();
    try {
      for (ArrowBuf b : from.getFieldBuffers()) {
        long n = b.writerIndex();
        ArrowBuf c = allocator.buffer(n);
        c.setBytes(0, b, 0, n);
        c.writerIndex(n);
        copies.add(c);
      }
      to.loadFieldBuffers(new ArrowFieldNode(from.getValueCount(), from.getNullCount()), copies);
      to.setValueCount(from.getValueCount());
    } catch (RuntimeException e) {
      to.close();
      throw e;
    } finally {
      // loadFieldBuffers took its own references.
      copies.forEach(ArrowBuf::close);
    }
    return to;
  }

  /** Indices 0 to rows - 1, null where the value is null. */
  private static void eachRowItsOwn(FieldVector values, IntVector target, int rows) {
    target.allocateNew(rows);
    ArrowBuf data = target.getDataBuffer();
    for (int i = 0; i < rows; i++) {
      data.setInt((long) i * 4, i);
    }
    target.getValidityBuffer().setBytes(0, values.getValidityBuffer(), 0, (rows + 7) / 8);
    target.setValueCount(rows);
  }
}
