package dev.parrow.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ParquetSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * Field ids go from the Arrow field's {@code PARQUET:field_id} to the schema element's {@code
 * field_id} and back, at every depth: struct members, list elements, map entries, keys and values.
 */
class FieldIdsTest {
  private static Field field(String name, int id, ArrowType type, Field... children) {
    return new Field(
        name,
        new FieldType(true, type, null, Map.of(FieldIds.KEY, Integer.toString(id))),
        children.length == 0 ? null : List.of(children));
  }

  private static Field notNull(Field f) {
    return new Field(
        f.getName(), new FieldType(false, f.getType(), null, f.getMetadata()), f.getChildren());
  }

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              field("a", 1, new ArrowType.Int(32, true)),
              field(
                  "s",
                  2,
                  ArrowType.Struct.INSTANCE,
                  field("x", 3, new ArrowType.Int(64, true)),
                  field(
                      "l",
                      4,
                      ArrowType.List.INSTANCE,
                      field("element", 5, ArrowType.Utf8.INSTANCE))),
              field(
                  "m",
                  6,
                  new ArrowType.Map(false),
                  notNull(
                      field(
                          "entries",
                          7,
                          ArrowType.Struct.INSTANCE,
                          notNull(field("key", 8, ArrowType.Utf8.INSTANCE)),
                          field(
                              "value",
                              9,
                              new ArrowType.FloatingPoint(
                                  org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE))))),
              new Field("plain", FieldType.nullable(ArrowType.Bool.INSTANCE), null)));

  @Test
  void theWriterWritesEachFieldsId() {
    List<SchemaElement> elements = ArrowToParquet.schema(SCHEMA);
    Map<String, Integer> ids = new java.util.LinkedHashMap<>();
    for (SchemaElement e : elements) {
      ids.merge(e.name(), e.fieldId() == null ? -1 : e.fieldId(), (x, y) -> x * 100 + y);
    }
    assertEquals(-1, ids.get("schema"));
    assertEquals(1, ids.get("a"));
    assertEquals(2, ids.get("s"));
    assertEquals(3, ids.get("x"));
    assertEquals(4, ids.get("l"));
    // The 3-level list's repeated group has no Arrow field, so no id.
    assertEquals(-1, ids.get("list"));
    assertEquals(5, ids.get("element"));
    assertEquals(6, ids.get("m"));
    assertEquals(7, ids.get("key_value"));
    assertEquals(8, ids.get("key"));
    assertEquals(9, ids.get("value"));
    assertEquals(-1, ids.get("plain"));
  }

  @Test
  void theReaderPutsEachElementsIdInTheFieldsMetadata() {
    ParquetSchema parquet = ParquetSchema.fromElements(ArrowToParquet.schema(SCHEMA));
    Schema read = NestedSchema.arrowSchema(parquet, TypeOptions.defaults(), new ArrayList<>());
    Field s = read.getFields().get(1);
    Field m = read.getFields().get(2);
    Field entries = m.getChildren().get(0);
    assertEquals(1, FieldIds.of(read.getFields().get(0)));
    assertEquals(2, FieldIds.of(s));
    assertEquals(3, FieldIds.of(s.getChildren().get(0)));
    assertEquals(4, FieldIds.of(s.getChildren().get(1)));
    assertEquals(5, FieldIds.of(s.getChildren().get(1).getChildren().get(0)));
    assertEquals(6, FieldIds.of(m));
    assertEquals(7, FieldIds.of(entries));
    assertEquals(8, FieldIds.of(entries.getChildren().get(0)));
    assertEquals(9, FieldIds.of(entries.getChildren().get(1)));
    assertNull(FieldIds.of(read.getFields().get(3)));
  }

  @Test
  void anIdThatIsNotAnIntegerIsRefusedNamingTheField() {
    Field bad =
        new Field(
            "b",
            new FieldType(true, ArrowType.Bool.INSTANCE, null, Map.of(FieldIds.KEY, "seven")),
            null);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> ArrowToParquet.schema(new Schema(List.of(bad))));
    assertEquals("field 'b' has PARQUET:field_id 'seven', which is not an integer", e.getMessage());
  }
}
