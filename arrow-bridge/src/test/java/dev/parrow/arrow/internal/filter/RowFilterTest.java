package dev.parrow.arrow.internal.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.parrow.arrow.filter.Filter;
import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.types.TypeOptions;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.function.IntPredicate;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;

/**
 * The rows a filter selects in one batch, word by word, against a row-at-a-time reference: a string
 * column read as dictionary ids, an int and a long column, with nulls, for batches of 1 row upward.
 */
class RowFilterTest {
  private static final String[] MODES = {"AIR", "FOB", "MAIL", "RAIL", "REG AIR", "SHIP", "TRUCK"};

  private static final ParquetSchema SCHEMA =
      ParquetSchema.fromElements(
          List.of(
              new SchemaElement(null, null, null, "schema", 3, null, null, null, null, null, null),
              leaf("mode", PhysicalType.BYTE_ARRAY, ConvertedType.UTF8),
              leaf("q", PhysicalType.INT32, null),
              leaf("k", PhysicalType.INT64, null)));

  private static SchemaElement leaf(String name, PhysicalType type, ConvertedType converted) {
    return new SchemaElement(
        type, null, Repetition.OPTIONAL, name, null, converted, null, null, null, null, null);
  }

  @Test
  void selectedRowsAreThoseOfARowAtATimeReference() {
    Random random = new Random(31);
    try (BufferAllocator allocator = new RootAllocator();
        VarCharVector modes = new VarCharVector("modes", allocator);
        IntVector ids = new IntVector("mode", allocator);
        IntVector q = new IntVector("q", allocator);
        BigIntVector k = new BigIntVector("k", allocator)) {
      for (int i = 0; i < MODES.length; i++) {
        modes.setSafe(i, MODES[i].getBytes(StandardCharsets.UTF_8));
      }
      modes.setValueCount(MODES.length);
      RowFilter.Batch batch =
          new RowFilter.Batch() {
            @Override
            public FieldVector leaf(int column) {
              return column == 0 ? ids : column == 1 ? q : k;
            }

            @Override
            public FieldVector dictionary(int column) {
              return column == 0 ? modes : null;
            }

            @Override
            public boolean dictionaryOnlyGrows(int column) {
              return false;
            }
          };
      for (int trial = 0; trial < 120; trial++) {
        int n = trial < 70 ? 1 + trial : 1 + random.nextInt(5000);
        int[] mode = new int[n];
        int[] qs = new int[n];
        long[] ks = new long[n];
        boolean[] nullMode = new boolean[n];
        boolean[] nullQ = new boolean[n];
        ids.clear();
        q.clear();
        k.clear();
        for (int i = 0; i < n; i++) {
          mode[i] = random.nextInt(MODES.length);
          qs[i] = random.nextInt(60) - 5;
          // Now and then near q's values, so that q = k holds in some rows.
          ks[i] =
              random.nextInt(4) == 0
                  ? random.nextInt(60) - 5
                  : random.nextLong() >> random.nextInt(64);
          nullMode[i] = random.nextInt(9) == 0;
          nullQ[i] = random.nextInt(7) == 0;
          if (nullMode[i]) {
            // A null's slot may hold any id, out of the dictionary's range too.
            ids.setNull(i);
            ids.getDataBuffer().setInt(4L * i, random.nextInt(20) - 5);
          } else {
            ids.setSafe(i, mode[i]);
          }
          if (nullQ[i]) {
            q.setNull(i);
          } else {
            q.setSafe(i, qs[i]);
          }
          k.setSafe(i, ks[i]);
        }
        ids.setValueCount(n);
        q.setValueCount(n);
        k.setValueCount(n);
        long pivot = ks[random.nextInt(n)];
        int[] in = {3, 17, 0};
        check(batch, n, "mode = 'AIR'", i -> !nullMode[i] && mode[i] == 0);
        check(batch, n, "mode <> 'SHIP'", i -> !nullMode[i] && mode[i] != 5);
        check(
            batch,
            n,
            "mode IN ('MAIL', 'TRUCK')",
            i -> !nullMode[i] && (mode[i] == 2 || mode[i] == 6));
        check(batch, n, "q < 5", i -> !nullQ[i] && qs[i] < 5);
        check(batch, n, "q <= 0", i -> !nullQ[i] && qs[i] <= 0);
        check(batch, n, "q > 30", i -> !nullQ[i] && qs[i] > 30);
        check(batch, n, "q >= 30", i -> !nullQ[i] && qs[i] >= 30);
        check(batch, n, "q = 17", i -> !nullQ[i] && qs[i] == 17);
        check(batch, n, "q <> 17", i -> !nullQ[i] && qs[i] != 17);
        check(
            batch,
            n,
            "q IN (3, 17, 0)",
            i -> !nullQ[i] && (qs[i] == in[0] || qs[i] == in[1] || qs[i] == in[2]));
        check(batch, n, "k < " + pivot, i -> ks[i] < pivot);
        check(batch, n, "k >= " + pivot, i -> ks[i] >= pivot);
        // Two columns compared: unknown where either is null; a dictionary column with itself.
        check(batch, n, "q < k", i -> !nullQ[i] && qs[i] < ks[i]);
        check(batch, n, "NOT (q >= k)", i -> !nullQ[i] && qs[i] < ks[i]);
        check(batch, n, "k = q", i -> !nullQ[i] && qs[i] == ks[i]);
        check(batch, n, "k <> q OR q IS NULL", i -> nullQ[i] || qs[i] != ks[i]);
        check(batch, n, "mode = mode", i -> !nullMode[i]);
        check(batch, n, "mode > mode", i -> false);
        check(
            batch,
            n,
            "mode = 'AIR' AND q < 5",
            i -> !nullMode[i] && mode[i] == 0 && !nullQ[i] && qs[i] < 5);
        check(
            batch,
            n,
            "NOT (mode = 'AIR' OR q < 5)",
            i -> !nullMode[i] && mode[i] != 0 && !nullQ[i] && qs[i] >= 5);
      }
    }
  }

  private static void check(RowFilter.Batch batch, int n, String where, IntPredicate reference) {
    RowFilter filter =
        new RowFilter(
            new FilterBinder(SCHEMA, TypeOptions.defaults(), "test").bind(Filter.parse(where)));
    long[] want = new long[(n + 63) >>> 6];
    for (int i = 0; i < n; i++) {
      if (reference.test(i)) {
        want[i >>> 6] |= 1L << i;
      }
    }
    assertArrayEquals(want, filter.select(batch, n), where + ", " + n + " rows");
  }
}
