package dev.parrow.codec.schema;

import static dev.parrow.codec.testing.SampleMetadata.fixedLeaf;
import static dev.parrow.codec.testing.SampleMetadata.group;
import static dev.parrow.codec.testing.SampleMetadata.leaf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParquetSchemaTest {
  private static final Repetition REQ = Repetition.REQUIRED;
  private static final Repetition OPT = Repetition.OPTIONAL;
  private static final Repetition REP = Repetition.REPEATED;

  @Test
  void levelsCountOptionalAndRepeatedAncestors() {
    // message m { required int64 id; optional group tags (LIST) { repeated group list {
    //   optional group element { optional binary name; required int32 n; } } } }
    ParquetSchema schema =
        ParquetSchema.fromElements(
            List.of(
                group("m", null, 2),
                leaf("id", PhysicalType.INT64, REQ),
                group("tags", OPT, 1),
                group("list", REP, 1),
                group("element", OPT, 2),
                leaf("name", PhysicalType.BYTE_ARRAY, OPT),
                leaf("n", PhysicalType.INT32, REQ)));
    assertEquals(3, schema.columnCount());
    ColumnDescriptor id = schema.column(0);
    assertEquals(List.of("id"), id.path());
    assertEquals(0, id.maxDefinitionLevel());
    assertEquals(0, id.maxRepetitionLevel());
    ColumnDescriptor name = schema.column("tags.list.element.name");
    assertEquals(1, name.index());
    assertEquals(4, name.maxDefinitionLevel());
    assertEquals(1, name.maxRepetitionLevel());
    ColumnDescriptor n = schema.column(2);
    assertEquals(3, n.maxDefinitionLevel());
    assertEquals(1, n.maxRepetitionLevel());
    assertNull(schema.column("tags.nope"));

    GroupNode tags = assertInstanceOf(GroupNode.class, schema.root().children().get(1));
    assertEquals(Repetition.OPTIONAL, tags.repetition());
    assertEquals(Repetition.REQUIRED, schema.root().repetition(), "the root reports REQUIRED");
  }

  @Test
  void vectorFieldsAddNoLevel() {
    ParquetSchema schema =
        ParquetSchema.fromElements(
            List.of(
                group("m", null, 1),
                new SchemaElement(
                    null, null, Repetition.VECTOR, "v", 1, null, null, null, null, null, 4),
                leaf("x", PhysicalType.FLOAT, OPT)));
    assertEquals(1, schema.column(0).maxDefinitionLevel());
    assertEquals(0, schema.column(0).maxRepetitionLevel());
  }

  @Test
  void anEmptySchemaListOrALeafRootIsRejected() {
    assertThrows(ParquetFormatException.class, () -> ParquetSchema.fromElements(List.of()));
    assertThrows(
        ParquetFormatException.class,
        () -> ParquetSchema.fromElements(List.of(leaf("m", PhysicalType.INT32, null))));
  }

  @Test
  void childCountsMustMatchTheList() {
    ParquetFormatException tooMany =
        assertThrows(
            ParquetFormatException.class,
            () ->
                ParquetSchema.fromElements(
                    List.of(group("m", null, 3), leaf("a", PhysicalType.INT32, REQ))));
    assertTrue(tooMany.getMessage().contains("claims 3 children"), tooMany.getMessage());
    ParquetFormatException leftOver =
        assertThrows(
            ParquetFormatException.class,
            () ->
                ParquetSchema.fromElements(
                    List.of(
                        group("m", null, 1),
                        leaf("a", PhysicalType.INT32, REQ),
                        leaf("b", PhysicalType.INT32, REQ))));
    assertTrue(leftOver.getMessage().contains("after the end"), leftOver.getMessage());
    assertThrows(
        ParquetFormatException.class,
        () -> ParquetSchema.fromElements(List.of(group("m", null, -1))));
    // Each group's count fits what remains when it starts, but the nested group takes the elements
    // the outer one counted on.
    ParquetFormatException nested =
        assertThrows(
            ParquetFormatException.class,
            () ->
                ParquetSchema.fromElements(
                    List.of(
                        group("m", null, 2),
                        group("g", Repetition.OPTIONAL, 2),
                        leaf("a", PhysicalType.INT32, REQ),
                        leaf("b", PhysicalType.INT32, REQ))));
    assertTrue(nested.getMessage().contains("schema ends"), nested.getMessage());
  }

  @Test
  void malformedFieldsAreRejected() {
    assertThrows(
        ParquetFormatException.class,
        () ->
            ParquetSchema.fromElements(
                List.of(group("m", null, 1), leaf("a", PhysicalType.INT32, null))),
        "no repetition");
    assertThrows(
        ParquetFormatException.class,
        () ->
            ParquetSchema.fromElements(
                List.of(
                    group("m", null, 1),
                    new SchemaElement(
                        null, null, REQ, "a", null, null, null, null, null, null, null))),
        "neither type nor children");
    assertThrows(
        ParquetFormatException.class,
        () ->
            ParquetSchema.fromElements(
                List.of(group("m", null, 1), leaf("a", PhysicalType.FIXED_LEN_BYTE_ARRAY, REQ))),
        "FLBA without length");
    // A length of 0 is refused too, as parquet-cpp does (Arrow's vectors divide by it).
    assertThrows(
        ParquetFormatException.class,
        () -> ParquetSchema.fromElements(List.of(group("m", null, 1), fixedLeaf("f", 0, REQ))),
        "FLBA of length 0");
    assertThrows(
        ParquetFormatException.class,
        () ->
            ParquetSchema.fromElements(
                List.of(
                    group("m", null, 1),
                    new SchemaElement(
                        null,
                        null,
                        Repetition.VECTOR,
                        "v",
                        0,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null))),
        "VECTOR without length");
  }

  @Test
  void hostileNestingIsRejectedWithoutStackOverflow() {
    List<SchemaElement> elements = new ArrayList<>();
    elements.add(group("m", null, 1));
    for (int i = 0; i < 50_000; i++) {
      elements.add(group("g" + i, OPT, 1));
    }
    elements.add(leaf("x", PhysicalType.INT32, OPT));
    ParquetFormatException e =
        assertThrows(ParquetFormatException.class, () -> ParquetSchema.fromElements(elements));
    assertTrue(e.getMessage().contains("deeper"), e.getMessage());
  }
}
