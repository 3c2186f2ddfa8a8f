package dev.parrow.arrow.internal.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.encoding.Bits;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.types.LevelInfo;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Level conversion on hand-written levels; every expectation is worked out from the Parquet rules.
 */
class LevelConversionTest {
  // optional group a (LIST) { repeated group list { optional <element> } }
  static final LevelInfo OUTER = LevelInfo.ROOT.enter(Repetition.OPTIONAL);
  static final LevelInfo REPEATED = OUTER.repeated();
  static final LevelInfo LIST = LevelInfo.list(OUTER, REPEATED);

  static boolean[] bits(byte[] bitmap, int n) {
    boolean[] out = new boolean[n];
    for (int i = 0; i < n; i++) {
      out[i] = Bits.get(bitmap, i);
    }
    return out;
  }

  @Test
  void levelInfoFollowsTheSchema() {
    assertEquals(new LevelInfo(1, 0, 0), OUTER);
    assertEquals(new LevelInfo(2, 1, 2), REPEATED);
    assertEquals(new LevelInfo(2, 1, 0), LIST);
    assertEquals(new LevelInfo(3, 1, 2), REPEATED.enter(Repetition.OPTIONAL));
    assertEquals(REPEATED, REPEATED.enter(Repetition.REQUIRED));
  }

  @Test
  void aRequiredListUnderANullStructIsPresentButNotDefined() {
    // optional group s { required group a (LIST) { repeated group list { required int32 e } } }
    // Rows: s null; s with a = []; s with a = [1, 2].
    LevelInfo struct = LevelInfo.ROOT.enter(Repetition.OPTIONAL);
    LevelInfo list = LevelInfo.list(struct.enter(Repetition.REQUIRED), struct.repeated());
    int[] defs = {0, 1, 2, 2};
    int[] reps = {0, 0, 0, 1};
    int[] offsets = new int[4];
    byte[] validity = new byte[1];
    byte[] defined = new byte[1];
    LevelConversion.Slots slots =
        LevelConversion.defRepLevelsToList(defs, reps, 4, list, false, offsets, validity, defined);
    assertEquals(new LevelConversion.Slots(3, 0), slots);
    assertArrayEquals(new int[] {0, 0, 0, 2}, offsets);
    assertArrayEquals(new boolean[] {true, true, true}, bits(validity, 3));
    assertArrayEquals(new boolean[] {false, true, true}, bits(defined, 3));
  }

  @Test
  void listOfOptionalInts() {
    // [[1, null, 2], null, [], [3]]: null list 0, empty list 1, null element 2, element 3.
    int[] defs = {3, 2, 3, 0, 1, 3};
    int[] reps = {0, 1, 1, 0, 0, 0};
    int[] offsets = new int[5];
    byte[] validity = new byte[1];
    LevelConversion.Slots lists =
        LevelConversion.defRepLevelsToList(defs, reps, 6, LIST, true, offsets, validity);
    assertEquals(new LevelConversion.Slots(4, 1), lists);
    assertArrayEquals(new int[] {0, 3, 3, 3, 4}, offsets);
    assertArrayEquals(new boolean[] {true, false, true, true}, bits(validity, 4));

    byte[] elementValidity = new byte[1];
    LevelConversion.Slots elements =
        LevelConversion.defLevelsToValidity(
            defs, null, 6, REPEATED.enter(Repetition.OPTIONAL), elementValidity);
    assertEquals(new LevelConversion.Slots(4, 1), elements);
    assertArrayEquals(new boolean[] {true, false, true, true}, bits(elementValidity, 4));
  }

  @Test
  void listOfStructWithDefinitionLevelsZeroToFour() {
    // optional list { repeated group list { optional group element (struct) { optional int32 x } }
    // }
    // [[{x:1}, {x:null}, null], null, [], [{x:5}]]: 0 null list, 1 empty, 2 null struct, 3 null x,
    // 4 x.
    LevelInfo struct = REPEATED.enter(Repetition.OPTIONAL);
    LevelInfo x = struct.enter(Repetition.OPTIONAL);
    assertEquals(new LevelInfo(4, 1, 2), x);
    int[] defs = {4, 3, 2, 0, 1, 4};
    int[] reps = {0, 1, 1, 0, 0, 0};

    int[] offsets = new int[5];
    byte[] listValidity = new byte[1];
    assertEquals(
        new LevelConversion.Slots(4, 1),
        LevelConversion.defRepLevelsToList(defs, reps, 6, LIST, true, offsets, listValidity));
    assertArrayEquals(new int[] {0, 3, 3, 3, 4}, offsets);

    byte[] structValidity = new byte[1];
    assertEquals(
        new LevelConversion.Slots(4, 1),
        LevelConversion.defLevelsToValidity(defs, null, 6, struct, structValidity));
    assertArrayEquals(new boolean[] {true, true, false, true}, bits(structValidity, 4));

    // A null parent (the struct in slot 2) over its child: the child's slot is null too.
    byte[] xValidity = new byte[1];
    assertEquals(
        new LevelConversion.Slots(4, 2),
        LevelConversion.defLevelsToValidity(defs, null, 6, x, xValidity));
    assertArrayEquals(new boolean[] {true, false, false, true}, bits(xValidity, 4));
  }

  @Test
  void emptyListsAtBatchEdges() {
    // Three batches of whole records: [], then [7, 8], then [] again.
    int[][] defs = {{1}, {3, 3}, {1}};
    int[][] reps = {{0}, {0, 1}, {0}};
    int[][] expected = {{0, 0}, {0, 2}, {0, 0}};
    for (int b = 0; b < 3; b++) {
      int[] offsets = new int[2];
      byte[] validity = new byte[1];
      LevelConversion.defRepLevelsToList(
          defs[b], reps[b], defs[b].length, LIST, true, offsets, validity);
      assertArrayEquals(expected[b], offsets, "batch " + b);
      assertEquals(true, Bits.get(validity, 0), "an empty list is present, not null");
    }
  }

  @Test
  void listsOfListsUseTwoRepetitionLevels() {
    // optional list<optional list<optional int32>>: [[[1, 2], []], null, [[null], null], []]
    LevelInfo innerOptional = REPEATED.enter(Repetition.OPTIONAL);
    LevelInfo innerRepeated = innerOptional.repeated();
    LevelInfo innerList = LevelInfo.list(innerOptional, innerRepeated);
    LevelInfo leaf = innerRepeated.enter(Repetition.OPTIONAL);
    assertEquals(new LevelInfo(4, 2, 2), innerList);
    assertEquals(new LevelInfo(5, 2, 4), leaf);
    int[] defs = {5, 5, 3, 0, 4, 2, 1};
    int[] reps = {0, 2, 1, 0, 0, 1, 0};

    int[] outerOffsets = new int[5];
    byte[] outerValidity = new byte[1];
    assertEquals(
        new LevelConversion.Slots(4, 1),
        LevelConversion.defRepLevelsToList(defs, reps, 7, LIST, true, outerOffsets, outerValidity));
    assertArrayEquals(new int[] {0, 2, 2, 4, 4}, outerOffsets);
    assertArrayEquals(new boolean[] {true, false, true, true}, bits(outerValidity, 4));

    int[] innerOffsets = new int[5];
    byte[] innerValidity = new byte[1];
    assertEquals(
        new LevelConversion.Slots(4, 1),
        LevelConversion.defRepLevelsToList(
            defs, reps, 7, innerList, true, innerOffsets, innerValidity));
    assertArrayEquals(new int[] {0, 2, 2, 3, 3}, innerOffsets);
    assertArrayEquals(new boolean[] {true, true, true, false}, bits(innerValidity, 4));

    byte[] leafValidity = new byte[1];
    assertEquals(
        new LevelConversion.Slots(3, 1),
        LevelConversion.defLevelsToValidity(defs, null, 7, leaf, leafValidity));
    assertArrayEquals(new boolean[] {true, true, false}, bits(leafValidity, 3));
  }

  @Test
  void aStructAboveAListCountsOnlyTheEntriesThatStartItsSlots() {
    // optional group s { optional group xs (LIST) { repeated group list { optional int32 element }
    // } }
    // {xs: [1, 2]}, null, {xs: null}, {xs: []}: the second entry of the first row continues xs.
    LevelInfo struct = LevelInfo.ROOT.enter(Repetition.OPTIONAL);
    assertEquals(new LevelInfo(1, 0, 0), struct);
    int[] defs = {4, 4, 0, 1, 2};
    int[] reps = {0, 1, 0, 0, 0};
    byte[] validity = new byte[1];
    assertEquals(
        new LevelConversion.Slots(4, 1),
        LevelConversion.defLevelsToValidity(defs, reps, 5, struct, validity));
    assertArrayEquals(new boolean[] {true, false, true, true}, bits(validity, 4));
  }

  @Test
  void aRequiredListIsNeverNull() {
    // repeated group list directly under a required list: [[], [4]] with levels def 0 / 1.
    LevelInfo repeated = LevelInfo.ROOT.repeated();
    LevelInfo list = LevelInfo.list(LevelInfo.ROOT, repeated);
    int[] offsets = new int[3];
    byte[] validity = new byte[1];
    assertEquals(
        new LevelConversion.Slots(2, 0),
        LevelConversion.defRepLevelsToList(
            new int[] {0, 1}, new int[] {0, 0}, 2, list, false, offsets, validity));
    assertArrayEquals(new int[] {0, 0, 1}, offsets);
  }

  @Test
  void levelsThatContradictTheSchemaAreErrors() {
    int[] offsets = new int[4];
    byte[] validity = new byte[1];
    // A batch that starts inside a list (repetition level 1 first).
    assertThrows(
        ParquetFormatException.class,
        () ->
            LevelConversion.defRepLevelsToList(
                new int[] {3}, new int[] {1}, 1, LIST, true, offsets, validity));
    // A continuation whose definition level says there is no element.
    assertThrows(
        ParquetFormatException.class,
        () ->
            LevelConversion.defRepLevelsToList(
                new int[] {3, 1},
                new int[] {0, 1},
                2,
                LIST,
                true,
                Arrays.copyOf(offsets, 4),
                new byte[1]));
  }

  /**
   * DuckDB writes a null fixed-size ARRAY as its size's entries, the ones after the first
   * continuing a list that is not there, as undefined as the first: they make nothing, as DuckDB
   * reads them.
   */
  @Test
  void duckDbsEntriesOfANullArrayMakeNothing() {
    // INTEGER[3]: [1, 2, 3], null (three entries), [null, 5, 6].
    int[] defs = {3, 3, 3, 0, 0, 0, 2, 3, 3};
    int[] reps = {0, 1, 1, 0, 1, 1, 0, 1, 1};
    int[] offsets = new int[4];
    byte[] validity = new byte[1];
    assertEquals(
        new LevelConversion.Slots(3, 1),
        LevelConversion.defRepLevelsToList(defs, reps, 9, LIST, true, offsets, validity));
    assertArrayEquals(new int[] {0, 3, 3, 6}, offsets);
    assertArrayEquals(new boolean[] {true, false, true}, bits(validity, 3));
    byte[] elementValidity = new byte[1];
    assertEquals(
        new LevelConversion.Slots(6, 1),
        LevelConversion.defLevelsToValidity(
            defs, null, 9, REPEATED.enter(Repetition.OPTIONAL), elementValidity));
  }

  @Test
  void duckDbsEntriesOfNullNestedArraysMakeNothing() {
    // INTEGER[2][2]: [[1, 2], [3, 4]], null (four entries), [null (two entries), [5, 6]].
    LevelInfo innerOptional = REPEATED.enter(Repetition.OPTIONAL);
    LevelInfo innerRepeated = innerOptional.repeated();
    LevelInfo innerList = LevelInfo.list(innerOptional, innerRepeated);
    LevelInfo leaf = innerRepeated.enter(Repetition.OPTIONAL);
    int[] defs = {5, 5, 5, 5, 0, 0, 0, 0, 2, 2, 5, 5};
    int[] reps = {0, 2, 1, 2, 0, 2, 1, 2, 0, 2, 1, 2};

    int[] outerOffsets = new int[4];
    byte[] outerValidity = new byte[1];
    assertEquals(
        new LevelConversion.Slots(3, 1),
        LevelConversion.defRepLevelsToList(
            defs, reps, 12, LIST, true, outerOffsets, outerValidity));
    assertArrayEquals(new int[] {0, 2, 2, 4}, outerOffsets);
    assertArrayEquals(new boolean[] {true, false, true}, bits(outerValidity, 3));

    int[] innerOffsets = new int[5];
    byte[] innerValidity = new byte[1];
    assertEquals(
        new LevelConversion.Slots(4, 1),
        LevelConversion.defRepLevelsToList(
            defs, reps, 12, innerList, true, innerOffsets, innerValidity));
    assertArrayEquals(new int[] {0, 2, 4, 4, 6}, innerOffsets);
    assertArrayEquals(new boolean[] {true, true, false, true}, bits(innerValidity, 4));

    assertEquals(
        new LevelConversion.Slots(6, 0),
        LevelConversion.defLevelsToValidity(defs, null, 12, leaf, new byte[1]));
  }

  @Test
  void anElementOfANullListIsAnError() {
    // A null list, then an entry that continues it with a value.
    assertThrows(
        ParquetFormatException.class,
        () ->
            LevelConversion.defRepLevelsToList(
                new int[] {0, 3}, new int[] {0, 1}, 2, LIST, true, new int[3], new byte[1]));
  }
}
