package dev.parrow.arrow.internal.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionFixedSizeListWriter;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.Types.MinorType;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

/**
 * In-place compaction against the simple reference (the selected rows' getObject values, in order),
 * on random selections of every vector shape the reader produces, from 1 row upward.
 */
class CompactionTest {
  @Test
  void compactionKeepsExactlyTheSelectedRows() {
    Random r = new Random(5);
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int trial = 0; trial < 300; trial++) {
        int rows = 1 + r.nextInt(trial < 100 ? 10 : 700);
        long[] bits = new long[(rows + 63) / 64];
        double density = r.nextDouble();
        for (int i = 0; i < rows; i++) {
          if (r.nextDouble() < density) {
            bits[i >>> 6] |= 1L << i;
          }
        }
        Compaction.Runs runs = Compaction.Runs.of(bits, rows);
        for (FieldVector v : vectors(allocator, rows, r)) {
          try (v) {
            List<Object> expected = new ArrayList<>();
            for (int i = 0; i < rows; i++) {
              if ((bits[i >>> 6] >>> i & 1) != 0) {
                expected.add(v.getObject(i));
              }
            }
            Compaction.compact(v, runs);
            List<Object> got = new ArrayList<>();
            for (int i = 0; i < v.getValueCount(); i++) {
              got.add(v.getObject(i));
            }
            assertEquals(expected, got, v.getName() + ", " + rows + " rows");
            assertEquals(
                expected.stream().filter(o -> o == null).count(),
                v.getNullCount(),
                v.getName() + " null count");
          }
        }
      }
    }
  }

  @Test
  void runsAreTheSetBits() {
    long[] bits = {0b1011_0110L | (1L << 63), 0b1L};
    Compaction.Runs runs = Compaction.Runs.of(bits, 70);
    assertEquals(4, runs.count());
    assertEquals(
        List.of(1, 4, 7, 63),
        List.of(runs.start()[0], runs.start()[1], runs.start()[2], runs.start()[3]));
    assertEquals(
        List.of(2, 2, 1, 2),
        List.of(runs.length()[0], runs.length()[1], runs.length()[2], runs.length()[3]));
    assertEquals(7, runs.total());
  }

  private static List<FieldVector> vectors(BufferAllocator allocator, int rows, Random r) {
    List<FieldVector> out = new ArrayList<>();
    BigIntVector longs = new BigIntVector("longs", allocator);
    BitVector bools = new BitVector("bools", allocator);
    VarCharVector strings = new VarCharVector("strings", allocator);
    LargeVarCharVector large = new LargeVarCharVector("large", allocator);
    for (int i = 0; i < rows; i++) {
      boolean isNull = r.nextInt(5) == 0;
      if (!isNull) {
        longs.setSafe(i, r.nextLong());
        bools.setSafe(i, r.nextInt(2));
        byte[] s = ("s" + "x".repeat(r.nextInt(9)) + i).getBytes(StandardCharsets.UTF_8);
        strings.setSafe(i, s);
        large.setSafe(i, s);
      } else {
        longs.setNull(i);
        bools.setNull(i);
        strings.setNull(i);
        large.setNull(i);
      }
    }
    for (FieldVector v : List.of(longs, bools, strings, large)) {
      v.setValueCount(rows);
      out.add(v);
    }
    ListVector list = ListVector.empty("list", allocator);
    UnionListWriter w = list.getWriter();
    for (int i = 0; i < rows; i++) {
      w.setPosition(i);
      if (r.nextInt(6) == 0) {
        w.writeNull();
        continue;
      }
      w.startList();
      for (int k = r.nextInt(4); k > 0; k--) {
        w.bigInt().writeBigInt(r.nextInt(100));
      }
      w.endList();
    }
    list.setValueCount(rows);
    out.add(list);
    FixedSizeListVector fixed = FixedSizeListVector.empty("fixed", 2, allocator);
    UnionFixedSizeListWriter fw = fixed.getWriter();
    for (int i = 0; i < rows; i++) {
      fw.setPosition(i);
      fw.startList();
      fw.integer().writeInt(i);
      fw.integer().writeInt(-i);
      fw.endList();
    }
    fixed.setValueCount(rows);
    out.add(fixed);
    StructVector struct = StructVector.empty("struct", allocator);
    BigIntVector a =
        struct.addOrGet("a", FieldType.nullable(new ArrowType.Int(64, true)), BigIntVector.class);
    VarCharVector b =
        struct.addOrGet("b", FieldType.nullable(MinorType.VARCHAR.getType()), VarCharVector.class);
    for (int i = 0; i < rows; i++) {
      if (r.nextInt(5) == 0) {
        struct.setNull(i);
      } else {
        struct.setIndexDefined(i);
      }
      a.setSafe(i, i * 3L);
      if (r.nextBoolean()) {
        b.setSafe(i, ("b" + i).getBytes(StandardCharsets.UTF_8));
      }
    }
    struct.setValueCount(rows);
    out.add(struct);
    return out;
  }
}
