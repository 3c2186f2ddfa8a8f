package dev.parrow.it;

import static dev.parrow.codec.metadata.ConvertedType.LIST;
import static dev.parrow.codec.metadata.ConvertedType.MAP;
import static dev.parrow.codec.metadata.ConvertedType.MAP_KEY_VALUE;
import static dev.parrow.codec.metadata.Repetition.OPTIONAL;
import static dev.parrow.codec.metadata.Repetition.REPEATED;
import static dev.parrow.codec.metadata.Repetition.REQUIRED;
import static dev.parrow.it.RawParquet.group;
import static dev.parrow.it.RawParquet.int32;
import static dev.parrow.it.RawParquet.root;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.codec.metadata.SchemaElement;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The backward-compatibility rules for lists and maps of LogicalTypes.md, one file per rule (and
 * the nested cases), written with the shapes old writers used: Parrow's reading is the rule's, and
 * Arrow C++ and DuckDB read the same values, or their difference is asserted.
 */
class LegacyListIT {
  @TempDir Path dir;

  /**
   * One shape: its schema, one column's levels and values, what the rule makes of it (the Arrow
   * type's shape, and the rows), and what Arrow C++ and DuckDB make of it: {@link #SAME} for the
   * rule's rows, else the rows they give or the start of the error they fail with.
   */
  record Case(
      String name,
      long rows,
      List<SchemaElement> schema,
      List<RawParquet.Leaf> leaves,
      String shape,
      String values,
      String arrowCpp,
      String duckdb) {}

  /** The other reader gives the rule's rows. */
  static final String SAME = "the rule's rows";

  private static RawParquet.Leaf leaf(int[] defs, int[] reps, int... values) {
    return new RawParquet.Leaf(defs, reps, values);
  }

  private static int[] l(int... levels) {
    return levels;
  }

  static List<Case> cases() {
    // Rows of a list of ints: [1, 2], null, [], [3].
    RawParquet.Leaf twoLevel = leaf(l(2, 2, 0, 1, 2), l(0, 1, 0, 0, 0), 1, 2, 3);
    // Rows of a list of lists: [[1, 2], [3]], null, [], [[]], [[4]].
    RawParquet.Leaf nested = leaf(l(3, 3, 3, 0, 1, 2, 3), l(0, 2, 1, 0, 0, 0, 0), 1, 2, 3, 4);
    return List.of(
        new Case(
            "rule 1: a repeated primitive is the element, required",
            4,
            List.of(root(1), group("my_list", OPTIONAL, 1, LIST), int32("element", REPEATED)),
            List.of(twoLevel),
            "my_list: list<int32>?",
            "[[1, 2], null, [], [3]]",
            SAME,
            SAME),
        new Case(
            "rule 2: a repeated group of several fields is the element, a struct",
            4,
            List.of(
                root(1),
                group("my_list", OPTIONAL, 1, LIST),
                group("element", REPEATED, 2, null),
                int32("a", REQUIRED),
                int32("b", REQUIRED)),
            List.of(twoLevel, leaf(l(2, 2, 0, 1, 2), l(0, 1, 0, 0, 0), 10, 20, 30)),
            "my_list: list<struct<a: int32, b: int32>>?",
            "[[{a=1, b=10}, {a=2, b=20}], null, [], [{a=3, b=30}]]",
            SAME,
            SAME),
        new Case(
            "rule 3: a LIST-annotated repeated group of one repeated field is the element, a list",
            5,
            List.of(
                root(1),
                group("a", OPTIONAL, 1, LIST),
                group("array", REPEATED, 1, LIST),
                int32("array", REPEATED)),
            List.of(nested),
            "a: list<list<int32>>?",
            "[[[1, 2], [3]], null, [], [[]], [[4]]]",
            SAME,
            SAME),
        new Case(
            "rule 3: a repeated group of one repeated field is the element, a struct",
            5,
            List.of(
                root(1),
                group("a", OPTIONAL, 1, LIST),
                group("element", REPEATED, 1, null),
                int32("item", REPEATED)),
            List.of(nested),
            "a: list<struct<item: list<int32>>>?",
            "[[{item=[1, 2]}, {item=[3]}], null, [], [{item=[]}], [{item=[4]}]]",
            "fails: Error creating dataset",
            "[[[1, 2], [3]], null, [], [[]], [[4]]]"),
        new Case(
            "rule 4: a repeated group named array is the element, a struct",
            4,
            List.of(
                root(1),
                group("my_list", OPTIONAL, 1, LIST),
                group("array", REPEATED, 1, null),
                int32("str", REQUIRED)),
            List.of(twoLevel),
            "my_list: list<struct<str: int32>>?",
            "[[{str=1}, {str=2}], null, [], [{str=3}]]",
            SAME,
            "[[1, 2], null, [], [3]]"),
        new Case(
            "rule 4: a repeated group named after the list with _tuple is the element, a struct",
            4,
            List.of(
                root(1),
                group("my_list", OPTIONAL, 1, LIST),
                group("my_list_tuple", REPEATED, 1, null),
                int32("str", REQUIRED)),
            List.of(twoLevel),
            "my_list: list<struct<str: int32>>?",
            "[[{str=1}, {str=2}], null, [], [{str=3}]]",
            SAME,
            "[[1, 2], null, [], [3]]"),
        new Case(
            "rule 5: otherwise the repeated group's one field is the element",
            4,
            List.of(
                root(1),
                group("my_list", OPTIONAL, 1, LIST),
                group("element", REPEATED, 1, null),
                int32("str", OPTIONAL)),
            List.of(leaf(l(3, 2, 0, 1, 3), l(0, 1, 0, 0, 0), 1, 3)),
            "my_list: list<int32?>?",
            "[[1, null], null, [], [3]]",
            SAME,
            SAME),
        new Case(
            "a 2-level list of 2-level lists, both LIST-annotated and named array",
            5,
            List.of(
                root(1),
                group("a", OPTIONAL, 1, LIST),
                group("array", REPEATED, 1, LIST),
                group("array", REPEATED, 1, null),
                int32("x", REQUIRED)),
            List.of(nested),
            "a: list<list<struct<x: int32>>>?",
            "[[[{x=1}, {x=2}], [{x=3}]], null, [], [[]], [[{x=4}]]]",
            "fails: Error creating dataset",
            "[[[1, 2], [3]], null, [], [[]], [[4]]]"),
        new Case(
            "a repeated field outside any LIST is a required list of required elements",
            3,
            List.of(root(1), int32("r", REPEATED)),
            List.of(leaf(l(1, 1, 0, 1), l(0, 1, 0, 0), 1, 2, 3)),
            "r: list<int32>",
            "[[1, 2], [], [3]]",
            SAME,
            SAME),
        new Case(
            "MAP_KEY_VALUE in place of MAP, with other names",
            4,
            List.of(
                root(1),
                group("m", OPTIONAL, 1, MAP_KEY_VALUE),
                group("map", REPEATED, 2, null),
                int32("k", REQUIRED),
                int32("v", OPTIONAL)),
            List.of(twoLevel, leaf(l(3, 2, 0, 1, 3), l(0, 1, 0, 0, 0), 10, 30)),
            "m: map<struct<k: int32, v: int32?>>?",
            "[[{k=1, v=10}, {k=2, v=null}], null, [], [{k=3, v=30}]]",
            "[[{key=1, value=10}, {key=2, value=null}], null, [], [{key=3, value=30}]]",
            "fails: "),
        new Case(
            "a MAP whose repeated group is annotated MAP_KEY_VALUE (old parquet-mr)",
            4,
            List.of(
                root(1),
                group("m", OPTIONAL, 1, MAP),
                group("key_value", REPEATED, 2, MAP_KEY_VALUE),
                int32("key", REQUIRED),
                int32("value", OPTIONAL)),
            List.of(twoLevel, leaf(l(3, 2, 0, 1, 3), l(0, 1, 0, 0, 0), 10, 30)),
            "m: map<struct<key: int32, value: int32?>>?",
            "[[{key=1, value=10}, {key=2, value=null}], null, [], [{key=3, value=30}]]",
            SAME,
            SAME));
  }

  /** The type's shape: lists, maps and structs with their members' names, ? where nullable. */
  static String shape(Field f) {
    return f.getName() + ": " + typeShape(f);
  }

  private static String typeShape(Field f) {
    ArrowType t = f.getType();
    String s =
        switch (t.getTypeID()) {
          case List, LargeList -> "list<" + typeShape(f.getChildren().get(0)) + ">";
          case Map -> "map<" + typeShape(f.getChildren().get(0)) + ">";
          case Struct ->
              "struct<"
                  + f.getChildren().stream()
                      .map(LegacyListIT::shape)
                      .collect(Collectors.joining(", "))
                  + ">";
          case Int -> "int" + ((ArrowType.Int) t).getBitWidth();
          default -> t.toString();
        };
    return s
        + (f.isNullable() && t.getTypeID() != ArrowType.ArrowTypeID.Struct ? "?" : "")
        + (f.isNullable() && t.getTypeID() == ArrowType.ArrowTypeID.Struct ? "?" : "");
  }

  @TestFactory
  Stream<DynamicTest> eachRule() {
    return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
  }

  private void check(Case c) throws Exception {
    Path file = dir.resolve(c.name().replaceAll("[^A-Za-z0-9]+", "_") + ".parquet");
    RawParquet.write(file, c.rows(), c.schema(), c.leaves());
    try (BufferAllocator allocator = new RootAllocator()) {
      Columns parrow = CorpusReadIT.readWithParrow(file, allocator, ReadOptions.defaults());
      String column = parrow.fields.keySet().iterator().next();
      String p = shape(parrow.fields.get(column)) + " " + parrow.values.get(column);
      String cpp;
      try {
        Columns arrow = ArrowCpp.read(file, allocator);
        cpp = shape(arrow.fields.get(column)) + " " + arrow.values.get(column);
      } catch (Exception | Error e) {
        cpp = "fails: " + e.getMessage();
      }
      String duck;
      try {
        Columns d = DuckDbArrow.read(file, allocator);
        duck = shape(d.fields.get(column)) + " " + d.values.get(column);
      } catch (Exception e) {
        duck = "fails: " + e.getMessage();
      }
      System.out.println(
          "CASE " + c.name() + "\n  parrow " + p + "\n  cpp    " + cpp + "\n  duck   " + duck);
      assertEquals(c.shape() + " " + c.values(), p);
    }
  }
}
