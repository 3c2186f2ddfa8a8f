package dev.parrow.arrow.internal.write;

import dev.parrow.arrow.internal.buffers.Spread;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.write.ColumnChunkWriter;
import dev.parrow.codec.write.ValueBytes;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A primitive leaf: its levels and the vector slots of its present values, in order, and what it
 * writes to its column chunk. A dictionary-encoded leaf writes its vector's indices as ids into the
 * batch dictionary ({@link ColumnChunkWriter#writeIndexed}); any other writes its values. A
 * top-level leaf without a dictionary skips the shredding: its vector is its column, levels and
 * values at once.
 */
public final class LeafWriter extends FieldWriter {
  private final ColumnDescriptor column;

  /** The id of the leaf's dictionary, or null when the leaf holds values. */
  private final Long dictionaryId;

  private final ValueExtractor extractor;
  private final DenseValues values;
  private FieldVector vector;
  private int[] defs = new int[64];
  private int[] reps = new int[64];
  private int[] slots = new int[64];
  private int entries;
  private int present;
  private int[] positions = new int[0];
  private int[] dense = new int[0];
  private int[] ids = new int[0];

  /** Which bytes of each value content-defined chunking hashes: the Arrow vector's. */
  private final ValueBytes hashedBytes;

  LeafWriter(Field field, ColumnDescriptor column) {
    super(field);
    this.column = column;
    this.dictionaryId = field.getDictionary() == null ? null : field.getDictionary().getId();
    this.hashedBytes = hashedBytes(field);
    this.extractor = new ValueExtractor(column);
    this.values = DenseValues.forColumn(column);
  }

  public ColumnDescriptor column() {
    return column;
  }

  /** {@return which bytes of each value content-defined chunking hashes} */
  public ValueBytes hashedBytes() {
    return hashedBytes;
  }

  /**
   * The bytes Arrow C++'s chunker hashes for a vector of this field, where they are not the stored
   * value's: a dictionary vector's indices, an Int8 or Int16 (stored as INT32), a decimal (16 or 32
   * bytes little-endian, stored narrower or big-endian).
   */
  private static ValueBytes hashedBytes(Field field) {
    if (field.getDictionary() != null) {
      return ValueBytes.lowBytes(field.getDictionary().getIndexType().getBitWidth() / 8);
    }
    org.apache.arrow.vector.types.pojo.ArrowType type = field.getType();
    if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType ext) {
      type = ext.storageType();
    }
    if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Int i
        && i.getBitWidth() < 32) {
      return ValueBytes.lowBytes(i.getBitWidth() / 8);
    }
    if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Decimal d
        && (d.getBitWidth() == 128 || d.getBitWidth() == 256)) {
      return ValueBytes.decimal(d.getBitWidth() / 8);
    }
    return ValueBytes.STORED;
  }

  /** The id of the leaf's dictionary, or null when it holds values. */
  public Long dictionaryId() {
    return dictionaryId;
  }

  @Override
  void collectLeaves(List<LeafWriter> out) {
    out.add(this);
  }

  @Override
  public void write(
      FieldVector vector,
      int rows,
      ColumnChunkWriter[] chunks,
      Map<Long, DenseValues> dictionaries) {
    if (dictionaryId == null) {
      extractor.extract(vector, rows);
      chunks[column.index()].write(
          rows, extractor.defsUnlessAllPresent(), null, extractor.values());
      return;
    }
    if (!nullable && vector.getNullCount() > 0) {
      throw ValueExtractor.notNullable(vector, vector.getNullCount());
    }
    super.write(vector, rows, chunks, dictionaries);
  }

  @Override
  void shred(ValueVector v, int i, int def, int rep, int depth) {
    int level = enter(v, i, def, rep);
    if (level >= 0) {
      vector = (FieldVector) v;
      add(level, rep, i);
    }
  }

  /**
   * For a shredder that writes entries itself: the vector their slots name, and room for {@code
   * more} entries past {@link #entries}, in {@link #defs}, {@link #reps} and {@link #slots}; it
   * then says how many it wrote with {@link #added}.
   */
  void reserve(FieldVector v, int more) {
    vector = v;
    int size = Math.addExact(entries, more);
    if (defs.length < size) {
      defs = Arrays.copyOf(defs, size);
      reps = Arrays.copyOf(reps, size);
    }
    if (slots.length < present + more) {
      slots = Arrays.copyOf(slots, present + more);
    }
  }

  /** The slots of the present entries (see {@link #reserve}). */
  int[] slots() {
    return slots;
  }

  /** Entries written into the arrays by a shredder of its own, {@code present} of them present. */
  void added(int entries, int present) {
    this.entries += entries;
    this.present += present;
  }

  int present() {
    return present;
  }

  void clear() {
    entries = 0;
    present = 0;
  }

  /** One level entry; {@code slot} is the vector slot of its value when the entry is present. */
  void add(int def, int rep, int slot) {
    if (entries == defs.length) {
      defs = Arrays.copyOf(defs, entries * 2);
      reps = Arrays.copyOf(reps, entries * 2);
    }
    defs[entries] = def;
    reps[entries] = rep;
    entries++;
    if (def == column.maxDefinitionLevel()) {
      if (present == slots.length) {
        slots = Arrays.copyOf(slots, present * 2);
      }
      slots[present++] = slot;
    }
  }

  /** Writes the shredded entries to the leaf's chunk. */
  void writeLevels(ColumnChunkWriter[] chunks, Map<Long, DenseValues> dictionaries) {
    int[] r = column.maxRepetitionLevel() == 0 ? null : reps;
    if (dictionaryId == null) {
      chunks[column.index()].write(entries, defs, r, presentValues());
    } else {
      DenseValues dictionary = dictionaries.get(dictionaryId);
      chunks[column.index()].writeIndexed(
          entries, defs, r, presentIds(dictionary.size()), dictionary);
    }
  }

  int entries() {
    return entries;
  }

  int[] defs() {
    return defs;
  }

  int[] reps() {
    return reps;
  }

  /** The present values, gathered from the leaf vector's slots the levels visited. */
  DenseValues presentValues() {
    values.clear();
    if (present == 0) {
      return values;
    }
    int n = vector.getValueCount();
    extractor.extract(vector, n);
    // The extracted values are dense: slot s holds value (valid slots before s).
    int[] valid = extractor.slotLevels();
    if (positions.length < n) {
      positions = new int[Math.max(n, positions.length * 2)];
    }
    for (int s = 0, d = 0; s < n; s++) {
      positions[s] = d;
      d += valid[s];
    }
    dense = Spread.ensure(dense, present);
    boolean everyValueInOrder = present == extractor.values().size();
    for (int j = 0; j < present; j++) {
      int d = positions[slots[j]];
      dense[j] = d;
      everyValueInOrder &= d == j;
    }
    if (everyValueInOrder) {
      // The levels visited every value of the vector, in order (a list column's usual case): the
      // extracted values are the present ones, with no copy. The caller consumes them before the
      // next batch is extracted.
      return extractor.values();
    }
    values.gather(extractor.values(), dense, 0, present);
    return values;
  }

  /** The dictionary ids of the present values, read from the leaf vector's indices. */
  private int[] presentIds(int dictionarySize) {
    if (ids.length < present) {
      ids = new int[Math.max(present, ids.length * 2)];
    }
    if (present > 0) {
      DictionaryIndices.read(vector, slots, present, ids, dictionarySize);
    }
    return ids;
  }
}
