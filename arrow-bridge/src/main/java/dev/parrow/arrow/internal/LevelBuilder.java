package dev.parrow.arrow.internal;

import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.BooleanValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The definition and repetition levels of every leaf below a nested top-level vector (lists, large and
 * fixed-size lists, maps, structs at any depth), and the values those levels make present: the record
 * shredding of the Dremel paper, row by row. A slot under a null parent is not visited, so values Arrow
 * keeps under null structs or beyond list ends never reach the file.
 */
public final class LevelBuilder {
  /** One leaf's levels and the vector slots of its present values, in order. */
  public static final class Leaf {
    final ColumnDescriptor column;
    final FlatExtractor extractor;
    FieldVector vector;
    int[] defs = new int[64];
    int[] reps = new int[64];
    int[] slots = new int[64];
    int entries;
    int present;
    private final DenseValues values;
    private int[] dense = new int[0];
    private int[] ids = new int[0];

    Leaf(ColumnDescriptor column) {
      this.column = column;
      this.extractor = new FlatExtractor(column);
      this.values = ColumnReader.newValues(column);
    }

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

    public int entries() {
      return entries;
    }

    public int[] defs() {
      return defs;
    }

    public int[] reps() {
      return column.maxRepetitionLevel() == 0 ? null : reps;
    }

    /** The present values, gathered from the leaf vector's slots the levels visited. */
    public DenseValues values() {
      values.clear();
      if (present == 0) {
        return values;
      }
      int n = vector.getValueCount();
      extractor.extract(vector, n);
      // Dense index of each non-null slot.
      if (dense.length < n) {
        dense = new int[Math.max(n, dense.length * 2)];
      }
      ArrowBuf validity = vector.getValidityBuffer();
      for (int i = 0, d = 0; i < n; i++) {
        dense[i] = d;
        d += (validity.getByte(i >>> 3) >>> (i & 7)) & 1;
      }
      gather(extractor.values(), slots, present, dense, values);
      return values;
    }

    /** The dictionary ids of the present values, when the leaf vector holds a dictionary's indices. */
    public int[] ids(int dictionarySize) {
      if (ids.length < present) {
        ids = new int[Math.max(present, ids.length * 2)];
      }
      DictionaryIndices.read(vector, slots, present, ids, dictionarySize);
      return ids;
    }

    void clear() {
      entries = 0;
      present = 0;
    }

    /** Records the leaf's vector (the same one on every visit) and returns this leaf. */
    Leaf bind(ValueVector v) {
      vector = (FieldVector) v;
      return this;
    }
  }

  private final Field field;
  private final List<Leaf> leaves;
  /** Leaves below each field of the tree, by identity: looked up for every slot, so counted once. */
  private final java.util.IdentityHashMap<Field, Integer> leafCounts = new java.util.IdentityHashMap<>();
  private int next;

  /** The builder of {@code field}, whose leaves are {@code columns} in schema order. */
  public LevelBuilder(Field field, List<ColumnDescriptor> columns) {
    this.field = field;
    this.leaves = columns.stream().map(Leaf::new).toList();
    countLeaves(field);
  }

  private int countLeaves(Field f) {
    int n = 0;
    for (Field c : f.getChildren()) {
      n += countLeaves(c);
    }
    n = Math.max(1, n);
    leafCounts.put(f, n);
    return n;
  }

  public List<Leaf> leaves() {
    return leaves;
  }

  /** Shreds rows [0, rows) of the top-level vector. */
  public void build(FieldVector vector, int rows) {
    for (Leaf leaf : leaves) {
      leaf.clear();
    }
    for (int i = 0; i < rows; i++) {
      next = 0;
      shred(field, vector, i, 0, 0, 0);
    }
  }

  /**
   * Slot {@code i} of {@code v} (the vector of {@code f}), reached at definition level {@code def} with
   * repetition level {@code rep} for its first entry, under {@code depth} repeated ancestors.
   */
  private void shred(Field f, ValueVector v, int i, int def, int rep, int depth) {
    int first = next;
    int count = leafCounts.get(f);
    if (f.isNullable()) {
      if (v.isNull(i)) {
        emitEmpty(first, count, def, rep);
        next = first + count;
        return;
      }
      def++;
    }
    ArrowType type = f.getType();
    if (type instanceof ArrowType.Struct) {
      StructVector s = (StructVector) v;
      for (int c = 0; c < f.getChildren().size(); c++) {
        shred(f.getChildren().get(c), s.getChildByOrdinal(c), i, def, rep, depth);
      }
      return;
    }
    if (type instanceof ArrowType.List || type instanceof ArrowType.Map || type instanceof ArrowType.LargeList
        || type instanceof ArrowType.FixedSizeList) {
      long start;
      long end;
      FieldVector data;
      if (v instanceof LargeListVector large) {
        start = large.getOffsetBuffer().getLong((long) i * 8);
        end = large.getOffsetBuffer().getLong((long) (i + 1) * 8);
        data = large.getDataVector();
      } else if (v instanceof FixedSizeListVector fixed) {
        start = (long) i * fixed.getListSize();
        end = start + fixed.getListSize();
        data = fixed.getDataVector();
      } else {
        ListVector list = (ListVector) v;
        start = list.getOffsetBuffer().getInt((long) i * 4);
        end = list.getOffsetBuffer().getInt((long) (i + 1) * 4);
        data = list.getDataVector();
      }
      Field element = f.getChildren().get(0);
      if (start == end) {
        emitEmpty(first, count, def, rep);
        next = first + count;
        return;
      }
      for (long k = start; k < end; k++) {
        next = first;
        shred(element, data, (int) k, def + 1, k == start ? rep : depth + 1, depth + 1);
      }
      return;
    }
    leaves.get(next).bind(v).add(def, rep, i);
    next++;
  }

  private void emitEmpty(int first, int count, int def, int rep) {
    for (int l = first; l < first + count; l++) {
      leaves.get(l).add(def, rep, -1);
    }
  }

  /** {@code out} = the values of {@code all} at dense positions {@code dense[slots[j]]}, j below n. */
  static void gather(DenseValues all, int[] slots, int n, int[] dense, DenseValues out) {
    if (all instanceof Int32Values a) {
      Int32Values o = (Int32Values) out;
      int at = o.reserve(n);
      for (int j = 0; j < n; j++) {
        o.values()[at + j] = a.values()[dense[slots[j]]];
      }
      o.added(n);
    } else if (all instanceof Int64Values a) {
      Int64Values o = (Int64Values) out;
      int at = o.reserve(n);
      for (int j = 0; j < n; j++) {
        o.values()[at + j] = a.values()[dense[slots[j]]];
      }
      o.added(n);
    } else if (all instanceof BooleanValues a) {
      BooleanValues o = (BooleanValues) out;
      int at = o.reserve(n);
      for (int j = 0; j < n; j++) {
        o.values()[at + j] = a.values()[dense[slots[j]]];
      }
      o.added(n);
    } else if (all instanceof FixedWidthValues a) {
      FixedWidthValues o = (FixedWidthValues) out;
      int w = a.width();
      int at = o.reserve(n);
      for (int j = 0; j < n; j++) {
        System.arraycopy(a.bytes(), dense[slots[j]] * w, o.bytes(), at + j * w, w);
      }
      o.added(n);
    } else {
      BinaryValues a = (BinaryValues) all;
      BinaryValues o = (BinaryValues) out;
      for (int j = 0; j < n; j++) {
        int d = dense[slots[j]];
        int start = a.offsets()[d];
        int length = a.offsets()[d + 1] - start;
        int at = o.reserveBytes(length);
        System.arraycopy(a.bytes(), start, o.bytes(), at, length);
        o.addValue(length);
      }
    }
  }
}
