package dev.parrow.arrow.internal.read;

import dev.parrow.arrow.internal.buffers.Scratch;
import dev.parrow.arrow.internal.fill.VectorFiller;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.column.Levels;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.types.LevelInfo;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;

/**
 * A leaf column of the batch being read. A flat leaf (top level, not repeated, at most optional)
 * reads its definition levels straight into validity bits and fills its vector as it reads. A
 * nested leaf reads whole records as levels and dense values, and fills its vector in {@link
 * #build}, when the levels say which of its slots exist and which are null.
 */
public final class LeafReader implements FieldReader {
  private final LeafColumn leaf;
  private final LevelInfo levels;
  private final boolean flat;
  private final DenseValues values;
  private final Levels levelBuffer;
  private byte[] validity = new byte[0];
  private ColumnReader reader;
  private int present;
  private int rows;
  private final int maxLevelsPerBatch;

  public LeafReader(LeafColumn leaf, LevelInfo levels, int maxLevelsPerBatch) {
    this.leaf = leaf;
    this.maxLevelsPerBatch = maxLevelsPerBatch;
    this.levels = levels;
    this.flat = leaf.column().path().size() == 1 && leaf.column().maxRepetitionLevel() == 0;
    this.values = leaf.filler().newValues(leaf.column());
    this.levelBuffer = flat ? null : new Levels(1024, maxLevelsPerBatch);
  }

  public LeafColumn leaf() {
    return leaf;
  }

  /**
   * {@return the most level entries a batch of this column may take
   * (ReadOptions.maxLevelsPerBatch)}: also the most element slots the lists above it may make
   */
  public int maxLevelsPerBatch() {
    return maxLevelsPerBatch;
  }

  /** Whether the leaf fills its vector as it reads (top level, not repeated). */
  public boolean isFlat() {
    return flat;
  }

  /** Dictionaries decoded ahead (a unified dictionary), by position in the reader's row groups. */
  private final java.util.Map<Integer, DenseValues> preloaded = new java.util.HashMap<>();

  /** Keeps the dictionary of the chunk of the {@code position}-th row group read, decoded ahead. */
  public void preloaded(int position, DenseValues dictionary) {
    preloaded.put(position, dictionary);
  }

  /**
   * The dictionary decoded ahead for the {@code position}-th row group read (then forgotten), or
   * null.
   */
  public DenseValues takePreloaded(int position) {
    return preloaded.remove(position);
  }

  /** Reads the next chunk (of the row group now starting) from {@code reader}. */
  public void start(ColumnReader reader) {
    if (this.reader != null) {
      this.reader.releasePages();
    }
    this.reader = reader;
    leaf.filler().startChunk();
  }

  /**
   * Reads the rest of the chunk from {@code reader}, a new reader of the same chunk from its start
   * (given this chunk's {@link #dictionary}): the filler keeps what it holds of the chunk, its
   * dictionary included.
   */
  public void restart(ColumnReader reader) {
    this.reader.releasePages();
    this.reader = reader;
  }

  /** The dictionary of the chunk being read, or null before it is read or without one. */
  public DenseValues dictionary() {
    return reader == null ? null : reader.dictionary();
  }

  /** Passes over the next {@code rows} rows of the chunk (pages outside a filter's row ranges). */
  public void skip(long rows) {
    reader.skipRows(rows);
  }

  @Override
  public LeafReader source() {
    return this;
  }

  int entries() {
    return levelBuffer.size();
  }

  int[] defs() {
    return levelBuffer.defs();
  }

  int[] reps() {
    return levelBuffer.reps();
  }

  int maxRepetitionLevel() {
    return leaf.column().maxRepetitionLevel();
  }

  /**
   * Reads {@code rows} records into {@code vector} (a flat leaf) or into this reader, its values
   * into the vector's buffers where the filler decodes in place (a nested leaf).
   *
   * @return the records read: fewer than {@code rows} only when the chunk ends early
   */
  public int read(int rows, FieldVector vector) {
    if (!flat) {
      this.rows = rows;
      values.clear();
      leaf.filler().prepare(vector, rows, values);
      int got = reader.readRecords(rows, levelBuffer, values);
      present = reader.lastPresent();
      return got;
    }
    return readFlat(rows, leaf.filler(), values, vector);
  }

  /**
   * Reads {@code rows} records of this flat leaf as another filler would: into {@code values} of
   * that filler's kind, then into {@code vector} (a filter column's dictionary ids, {@link
   * CodedFilterLeaf}).
   *
   * @return the records read: fewer than {@code rows} only when the chunk ends early
   */
  int readWith(int rows, VectorFiller other, DenseValues otherValues, FieldVector vector) {
    if (!flat) {
      throw new IllegalStateException(leaf.column().dottedPath() + " is not a flat leaf");
    }
    return readFlat(rows, other, otherValues, vector);
  }

  /** A flat leaf's {@code rows} records through {@code filler} into {@code vector}. */
  private int readFlat(int rows, VectorFiller filler, DenseValues into, FieldVector vector) {
    this.rows = rows;
    into.clear();
    filler.prepare(vector, rows, into);
    int got;
    byte[] bits = null;
    if (leaf.column().maxDefinitionLevel() == 0) {
      got = reader.read(rows, null, null, 0, into);
      present = got;
    } else {
      validity = Scratch.zeroedBits(validity, rows);
      bits = validity;
      got = reader.readFlat(rows, bits, into);
      present = reader.lastPresent();
    }
    if (got == rows) {
      filler.chunkDictionary(reader.dictionary());
      filler.fill(vector, rows, bits, present, into);
    }
    return got;
  }

  /**
   * Reads only the selected rows of the next {@code rows} into {@code vector} (a flat leaf): the
   * vector gets the runs' rows, one after another; the others are passed over.
   *
   * @return {@code rows} (the rows of the chunk consumed)
   */
  public int readSelected(
      int rows, int[] start, int[] length, int runs, int total, FieldVector vector) {
    if (!flat) {
      throw new IllegalStateException(leaf.column().dottedPath() + " is not a flat leaf");
    }
    this.rows = total;
    values.clear();
    leaf.filler().prepare(vector, total, values);
    byte[] bits = null;
    if (leaf.column().maxDefinitionLevel() > 0) {
      validity = Scratch.zeroedBits(validity, total);
      bits = validity;
    }
    reader.readFlatSelected(rows, start, length, runs, bits, values);
    present = reader.lastPresent();
    chunkDictionary();
    leaf.filler().fill(vector, total, bits, present, values);
    return rows;
  }

  @Override
  public int build(FieldVector vector, BufferAllocator allocator) {
    if (flat) {
      return rows;
    }
    int n = levelBuffer.size();
    validity = Scratch.zeroedBits(validity, n);
    LevelConversion.Slots slots =
        LevelConversion.defLevelsToValidity(levelBuffer.defs(), null, n, levels, validity);
    if (slots.count() - slots.nulls() != present) {
      throw new ParquetFormatException(
          present + " values for " + (slots.count() - slots.nulls()) + " present slots");
    }
    chunkDictionary();
    leaf.filler()
        .fill(
            storage(vector), slots.count(), slots.nulls() == 0 ? null : validity, present, values);
    return slots.count();
  }

  /**
   * A dictionary column's filler maps the batch's codes through the dictionary of the chunk they
   * came from.
   */
  private void chunkDictionary() {
    leaf.filler().chunkDictionary(reader.dictionary());
  }

  @Override
  public void leafVectors(FieldVector vector, List<FieldVector> above, LeafVectors out) {
    out.put(leaf.column().index(), storage(vector), above);
  }

  /**
   * An extension type's storage vector (the fillers write storage types), else the vector itself.
   */
  static FieldVector storage(FieldVector vector) {
    return vector instanceof ExtensionTypeVector<?> ext
        ? (FieldVector) ext.getUnderlyingVector()
        : vector;
  }

  @Override
  public String toString() {
    return leaf.column().dottedPath() + (flat ? " (flat)" : " " + levels);
  }
}
