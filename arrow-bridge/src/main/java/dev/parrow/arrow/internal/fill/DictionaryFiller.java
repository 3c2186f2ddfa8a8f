package dev.parrow.arrow.internal.fill;

import dev.parrow.arrow.internal.buffers.Buffers;
import dev.parrow.arrow.internal.buffers.Spread;
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

  /** How many times the dictionary vector was written: its contents change only then. */
  private long version;

  /**
   * Of a dictionary whose values are not strings or binaries: the filler of the value type, and the
   * entries in the column's own kind (numbers, fixed-width bytes), looked up by their bytes. Null
   * for string and binary dictionaries, whose entries are {@link #entries}.
   */
  private final VectorFiller valueFiller;

  private DenseValues nativeEntries;
  private final Map<Object, Integer> nativeLookup = new HashMap<>();

  public DictionaryFiller(boolean unify, ArrowType.Int indexType) {
    this(unify, indexType, null);
  }

  /**
   * A dictionary column of the hint's index type; {@code valueFiller} fills the dictionary of a
   * value type other than strings and binaries (null for those).
   */
  public DictionaryFiller(boolean unify, ArrowType.Int indexType, VectorFiller valueFiller) {
    super(indexType.getBitWidth() / 8);
    this.unify = unify;
    this.indexType = indexType;
    this.valueFiller = valueFiller;
  }

  @Override
  public DenseValues newValues(ColumnDescriptor column) {
    if (valueFiller == null) {
      return new DictionaryCodes();
    }
    nativeEntries = DenseValues.forColumn(column);
    return new DictionaryCodes(DenseValues.forColumn(column));
  }

  @Override
  public void dictionaryVector(FieldVector vector) {
    this.dictionaryVector = vector;
    if (valueFiller != null) {
      this.dictionaryWriter = valueFiller;
      this.changed = true;
      return;
    }
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
      clearEntries();
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
    remap = new int[dictionary.size()];
    if (valueFiller != null) {
      for (int i = 0; i < dictionary.size(); i++) {
        remap[i] = nativeIndexOf(dictionary, i, !unify);
      }
    } else {
      BinaryValues d = (BinaryValues) dictionary;
      for (int i = 0; i < d.size(); i++) {
        remap[i] = indexOf(d.bytes(), d.offsets()[i], d.offsets()[i + 1] - d.offsets()[i], !unify);
      }
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

  /**
   * The index of value {@code i} of {@code values} (of the column's kind) in the dictionary, added
   * if new; {@code always} adds without looking.
   */
  private int nativeIndexOf(DenseValues values, int i, boolean always) {
    Object key = key(values, i);
    if (!always) {
      Integer known = nativeLookup.get(key);
      if (known != null) {
        return known;
      }
    }
    int index = nativeEntries.size();
    nativeEntries.appendRange(values, i, 1);
    nativeLookup.putIfAbsent(key, index);
    changed = true;
    return index;
  }

  /** A value's bits, as a key: equal keys for equal stored values (NaNs by their bits). */
  private static Object key(DenseValues values, int i) {
    if (values instanceof dev.parrow.codec.values.Int32Values v) {
      return v.values()[i];
    }
    if (values instanceof dev.parrow.codec.values.Int64Values v) {
      return v.values()[i];
    }
    dev.parrow.codec.values.FixedWidthValues v = (dev.parrow.codec.values.FixedWidthValues) values;
    int w = v.width();
    return ByteBuffer.wrap(java.util.Arrays.copyOfRange(v.bytes(), i * w, (i + 1) * w));
  }

  /**
   * The string or binary entries of the dictionary built so far, in index order (what the
   * dictionary vector gets).
   */
  public BinaryValues entries() {
    return entries;
  }

  private int entryCount() {
    return valueFiller != null ? nativeEntries.size() : entries.size();
  }

  private void clearEntries() {
    entries.clear();
    lookup.clear();
    if (nativeEntries != null) {
      nativeEntries.clear();
      nativeLookup.clear();
    }
  }

  /** Whether one dictionary serves the whole file (else one per row group). */
  public boolean unified() {
    return unify;
  }

  /** Whether the dictionary built so far fits the index type. */
  public boolean fitsIndexType() {
    return indexType.getBitWidth() >= 64 || entryCount() - 1 <= largestIndex(indexType);
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
    clearEntries();
    chunkDictionary = null;
    changed = true;
  }

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    super.fill(vector, rows, validity, present, values);
    if (!fitsIndexType()) {
      throw new ParquetFormatException(
          "the dictionary has "
              + entryCount()
              + " values, too many for "
              + indexType
              + " indices; read it as one dictionary with Int(32) indices"
              + " (ReadOptions.dictionaryMode(UNIFY); --dictionary-mode unify in the CLI) or"
              + " without the hint (ReadOptions.useArrowSchemaHint(false); --no-arrow-schema)");
    }
    publish();
  }

  /**
   * The codes as indices into the Arrow dictionary, values of fallback pages looked up (and added).
   */
  @Override
  void convert(DenseValues values, int present, byte[] out) {
    DictionaryCodes codes = (DictionaryCodes) values;
    DenseValues fallback = codes.fallback();
    int[] c = codes.codes();
    for (int j = 0; j < present; j++) {
      int code = c[j];
      int index;
      if (code >= 0) {
        index = remap[code];
      } else if (valueFiller != null) {
        index = nativeIndexOf(fallback, -1 - code, false);
      } else {
        BinaryValues f = (BinaryValues) fallback;
        int k = -1 - code;
        int start = f.offsets()[k];
        index = indexOf(f.bytes(), start, f.offsets()[k + 1] - start, false);
      }
      Spread.put(out, j, width, index);
    }
  }

  /**
   * Entries of 4 or 8 bytes (ints, floats, dates, times, timestamps) into their vector, as stored.
   */
  private static void copyFixed(org.apache.arrow.vector.BaseFixedWidthVector v, DenseValues all) {
    int n = all.size();
    Buffers.allocate(v, n);
    while (v.getValueCapacity() < n) {
      v.reAlloc();
    }
    org.apache.arrow.memory.ArrowBuf data = v.getDataBuffer();
    if (all instanceof dev.parrow.codec.values.Int32Values ints) {
      int[] values = ints.values();
      for (int i = 0; i < n; i++) {
        data.setInt((long) i * 4, values[i]);
      }
    } else {
      long[] values = ((dev.parrow.codec.values.Int64Values) all).values();
      for (int i = 0; i < n; i++) {
        data.setLong((long) i * 8, values[i]);
      }
    }
    Buffers.validity(v.getValidityBuffer(), n, null);
    v.setValueCount(n);
  }

  /** Writes the dictionary into its vector when it has grown or changed since the last batch. */
  private void publish() {
    if (dictionaryVector == null || !changed) {
      return;
    }
    if (valueFiller instanceof DirectFixedFiller) {
      // That filler decodes pages straight into the vector; the entries are already decoded.
      copyFixed((org.apache.arrow.vector.BaseFixedWidthVector) dictionaryVector, nativeEntries);
    } else {
      DenseValues all = valueFiller != null ? nativeEntries : entries;
      dictionaryWriter.fill(dictionaryVector, all.size(), null, all.size(), all);
    }
    changed = false;
    version++;
  }

  /**
   * {@return how many times the dictionary vector has been written so far: while it stays the same,
   * so do the vector's values (a reader of batches copies the dictionary only when it changed)}
   */
  public long version() {
    return version;
  }
}
