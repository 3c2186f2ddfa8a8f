package dev.parrow.arrow.internal.read;

import dev.parrow.arrow.internal.buffers.Scratch;
import dev.parrow.arrow.internal.fill.BinaryFiller;
import dev.parrow.arrow.internal.fill.DictionaryFiller;
import dev.parrow.arrow.internal.filter.Compaction;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DictionaryCodes;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A string or binary filter column read as its dictionary ids first, where its chunk is
 * dictionary-encoded throughout: the filter tests each dictionary entry once and looks the ids up
 * (as for a column read as a dictionary), and only the selected rows' values are then gathered into
 * the column's own vector. The values of the rows the filter drops are never copied.
 */
public final class CodedFilterLeaf implements AutoCloseable {
  private final LeafReader leaf;
  private final DictionaryFiller filler = new DictionaryFiller(false, new ArrowType.Int(32, true));
  private final DictionaryCodes codes = new DictionaryCodes();
  private final IntVector indices;
  private final BaseVariableWidthVector dictionary;
  private final BinaryValues gathered = new BinaryValues();
  private int[] picked = new int[0];
  private byte[] validity = new byte[0];
  private boolean active;

  private CodedFilterLeaf(LeafReader leaf, BufferAllocator allocator) {
    this.leaf = leaf;
    this.indices = new IntVector("ids", allocator);
    this.dictionary =
        leaf.leaf().field().getType() instanceof ArrowType.Utf8
            ? new VarCharVector("entries", allocator)
            : new VarBinaryVector("entries", allocator);
    filler.dictionaryVector(dictionary);
  }

  /**
   * The coded reading of a filter leaf, or null where it does not apply: a top-level string or
   * binary column (Utf8 or Binary, not read as a dictionary).
   */
  public static CodedFilterLeaf of(LeafReader leaf, BufferAllocator allocator) {
    ArrowType type = leaf.leaf().field().getType();
    boolean plainBytes =
        (type instanceof ArrowType.Utf8 || type instanceof ArrowType.Binary)
            && leaf.leaf().field().getDictionary() == null
            && leaf.leaf().filler() instanceof BinaryFiller;
    return leaf.isFlat()
            && leaf.leaf().column().physicalType() == PhysicalType.BYTE_ARRAY
            && plainBytes
        ? new CodedFilterLeaf(leaf, allocator)
        : null;
  }

  public LeafReader leaf() {
    return leaf;
  }

  /**
   * A new chunk starts; it is read as ids when its data pages are all dictionary-encoded (a chunk
   * of plain values would only be hashed into a dictionary for nothing).
   */
  public void startChunk(boolean onlyDictionaryPages) {
    active = onlyDictionaryPages;
    filler.startChunk();
  }

  /** Whether this chunk is read as ids. */
  public boolean active() {
    return active;
  }

  /** Reads {@code rows} rows as ids; returns the rows read. */
  public int read(int rows) {
    return leaf.readWith(rows, filler, codes, indices);
  }

  /** The ids of the batch, for the filter. */
  public FieldVector indices() {
    return indices;
  }

  /** The entries the ids point at, for the filter. */
  public FieldVector dictionary() {
    return dictionary;
  }

  /**
   * Puts the values of the selected rows (all {@code rows} when {@code runs} is null) into the
   * column's vector, one after another.
   */
  public void materialize(Compaction.Runs runs, int rows, FieldVector vector) {
    int total = runs == null ? rows : runs.total();
    validity = Scratch.zeroedBits(validity, total);
    if (picked.length < total) {
      picked = new int[Math.max(total, 2 * picked.length)];
    }
    int present = 0;
    int out = 0;
    int segments = runs == null ? 1 : runs.count();
    for (int r = 0; r < segments; r++) {
      int from = runs == null ? 0 : runs.start()[r];
      int length = runs == null ? rows : runs.length()[r];
      for (int i = from; i < from + length; i++, out++) {
        if (!indices.isNull(i)) {
          picked[present++] = indices.get(i);
          validity[out >>> 3] |= (byte) (1 << (out & 7));
        }
      }
    }
    gathered.clear();
    gathered.gather(filler.entries(), picked, 0, present);
    leaf.leaf().filler().fill(vector, total, present == total ? null : validity, present, gathered);
  }

  @Override
  public void close() {
    indices.close();
    dictionary.close();
  }
}
