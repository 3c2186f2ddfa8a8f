package dev.parrow.arrow.internal;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.DictionaryCodes;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A BYTE_ARRAY column into a dictionary-encoded vector: the index vector of the batch, and the
 * dictionary vector the reader publishes for the field. The chunk's dictionary page becomes (part
 * of) the Arrow dictionary: its entries are added once per chunk, in page order, and the page's
 * indices are only remapped, never hashed. Values of pages that fell back to another encoding are
 * looked up (and added). Unified, one dictionary serves the whole file (the union of every chunk's,
 * in first-seen order); per row group, the dictionary starts again with each chunk.
 */
public final class DictionaryFiller extends ConvertingFiller {
  private boolean unify;
  private final ArrowType.Int indexType;
  private final BinaryValues entries = new BinaryValues();
  private final Map<ByteBuffer, Integer> lookup = new HashMap<>();
  private VectorFiller dictionaryWriter;
  private DenseValues chunkDictionary;
  private boolean newChunk;
  private int[] remap = new int[0];

  /** Unified: each chunk dictionary's entries in the file's dictionary, by the chunk dictionary. */
  private final Map<DenseValues, int[]> remaps = new java.util.IdentityHashMap<>();

  private FieldVector dictionaryVector;
  private boolean changed = true;

  DictionaryFiller(boolean unify, ArrowType.Int indexType) {
    super(indexType.getBitWidth() / 8);
    this.unify = unify;
    this.indexType = indexType;
  }

  @Override
  public DenseValues newValues(ColumnDescriptor column) {
    return new DictionaryCodes();
  }

  @Override
  public void dictionaryVector(FieldVector vector) {
    this.dictionaryVector = vector;
    // The writer's dictionary value type: Utf8, Binary, or their large forms.
    boolean text =
        vector instanceof org.apache.arrow.vector.VarCharVector
            || vector instanceof org.apache.arrow.vector.LargeVarCharVector;
    this.dictionaryWriter =
        vector instanceof org.apache.arrow.vector.BaseLargeVariableWidthVector
            ? new LargeBinaryFiller(text)
            : new BinaryFiller(text);
    this.changed = true;
  }

  /** Per row group, the dictionary starts from nothing with each chunk. */
  @Override
  public void startChunk() {
    newChunk = true;
  }

  @Override
  public void chunkDictionary(DenseValues dictionary) {
    if (dictionary == chunkDictionary && !newChunk) {
      return;
    }
    chunkDictionary = dictionary;
    boolean fresh = newChunk;
    newChunk = false;
    if (!unify && fresh) {
      entries.clear();
      lookup.clear();
      changed = true;
    }
    if (dictionary == null) {
      remap = new int[0];
      return;
    }
    int[] known = unify ? remaps.remove(dictionary) : null;
    if (known != null) {
      // Unified: this chunk's dictionary was merged when the file's dictionary was preloaded.
      remap = known;
      return;
    }
    BinaryValues d = (BinaryValues) dictionary;
    remap = new int[d.size()];
    for (int i = 0; i < d.size(); i++) {
      remap[i] = indexOf(d.bytes(), d.offsets()[i], d.offsets()[i + 1] - d.offsets()[i], !unify);
    }
    if (unify) {
      remaps.put(dictionary, remap);
    }
  }

  /**
   * The entry's index, added if new; {@code always} adds without looking (a fresh per-chunk
   * dictionary).
   */
  private int indexOf(byte[] bytes, int offset, int length, boolean always) {
    if (!always) {
      Integer known = lookup.get(ByteBuffer.wrap(bytes, offset, length));
      if (known != null) {
        return known;
      }
    }
    int index = entries.size();
    entries.append(bytes, offset, length);
    int start = entries.offsets()[index];
    // A view of the entries array: when it grows, the old array keeps its contents, so keys stay
    // valid.
    lookup.putIfAbsent(ByteBuffer.wrap(entries.bytes(), start, length).slice(), index);
    changed = true;
    return index;
  }

  /** Whether one dictionary serves the whole file (else one per row group). */
  public boolean unified() {
    return unify;
  }

  /** Whether the dictionary built so far fits the index type. */
  public boolean fitsIndexType() {
    return indexType.getBitWidth() >= 64 || entries.size() - 1 <= largestIndex(indexType);
  }

  /** The largest index an index type holds (for 64 bits, beyond any dictionary's size). */
  public static long largestIndex(ArrowType.Int indexType) {
    return indexType.getBitWidth() >= 64
        ? Long.MAX_VALUE
        : indexType.getIsSigned()
            ? (1L << (indexType.getBitWidth() - 1)) - 1
            : (1L << indexType.getBitWidth()) - 1;
  }

  /**
   * From now on one dictionary per row group, replaced at each row-group boundary: for a file whose
   * row groups' dictionaries together do not fit the index type the writer chose (R factors whose
   * levels differ by row group, under nanoparquet's int8 hint), as Arrow C++ reads every file.
   */
  public void perRowGroup() {
    unify = false;
    remaps.clear();
    entries.clear();
    lookup.clear();
    chunkDictionary = null;
    changed = true;
  }

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    super.fill(vector, rows, validity, present, values);
    if (!fitsIndexType()) {
      throw new ParquetFormatException(
          "the dictionary has "
              + entries.size()
              + " values, too many for "
              + indexType
              + " indices; read the column per row group (ReadOptions.dictionaryMode(PER_ROW_GROUP);"
              + " --dictionary-mode per_row_group in the CLI) or without the hint"
              + " (ReadOptions.useArrowSchemaHint(false); --no-arrow-schema)");
    }
    publish();
  }

  /**
   * The codes as indices into the Arrow dictionary, values of fallback pages looked up (and added).
   */
  @Override
  void convert(DenseValues values, int present, byte[] out) {
    DictionaryCodes codes = (DictionaryCodes) values;
    BinaryValues fallback = codes.fallback();
    int[] c = codes.codes();
    for (int j = 0; j < present; j++) {
      int code = c[j];
      int index;
      if (code >= 0) {
        index = remap[code];
      } else {
        int k = -1 - code;
        int start = fallback.offsets()[k];
        index = indexOf(fallback.bytes(), start, fallback.offsets()[k + 1] - start, false);
      }
      Spread.put(out, j, width, index);
    }
  }

  /** Writes the dictionary into its vector when it has grown or changed since the last batch. */
  private void publish() {
    if (dictionaryVector == null || !changed) {
      return;
    }
    dictionaryWriter.fill(dictionaryVector, entries.size(), null, entries.size(), entries);
    changed = false;
  }
}
