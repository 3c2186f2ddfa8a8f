package dev.parrow.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ParquetSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

/**
 * JSON columns read as the canonical {@code arrow.json} extension (its keys on the Utf8 field, as
 * Arrow Java has no JSON type), as pyarrow reads them; a field with those keys is written as JSON,
 * as Arrow C++ writes pyarrow's {@code pa.json_()}.
 */
class JsonExtensionTest {
  private static Field read(LogicalType logical, ConvertedType converted) {
    ParquetSchema schema =
        ParquetSchema.fromElements(
            List.of(
                new SchemaElement(null, null, null, "m", 1, null, null, null, null, null, null),
                new SchemaElement(
                    PhysicalType.BYTE_ARRAY,
                    null,
                    Repetition.OPTIONAL,
                    "j",
                    null,
                    converted,
                    null,
                    null,
                    null,
                    logical,
                    null)));
    List<String> warnings = new ArrayList<>();
    Field field = NestedSchema.fields(schema, TypeOptions.defaults(), warnings).get(0).field();
    assertEquals(List.of(), warnings);
    return field;
  }

  @Test
  void jsonReadsAsTheCanonicalExtension() {
    for (Field field :
        List.of(
            read(new LogicalType.JsonType(), ConvertedType.JSON), read(null, ConvertedType.JSON))) {
      assertEquals(ArrowType.Utf8.INSTANCE, field.getType());
      assertEquals("arrow.json", field.getMetadata().get("ARROW:extension:name"));
      assertEquals("", field.getMetadata().get("ARROW:extension:metadata"));
    }
    // A plain string is no JSON.
    Field string = read(new LogicalType.StringType(), ConvertedType.UTF8);
    assertEquals(
        null,
        string.getMetadata() == null ? null : string.getMetadata().get("ARROW:extension:name"));
  }

  @Test
  void theExtensionIsWrittenAsJson() {
    for (ArrowType type : List.of(ArrowType.Utf8.INSTANCE, ArrowType.LargeUtf8.INSTANCE)) {
      Field field =
          new Field(
              "j",
              new FieldType(
                  true,
                  type,
                  null,
                  Map.of("ARROW:extension:name", "arrow.json", "ARROW:extension:metadata", "")),
              null);
      SchemaElement e = ArrowToParquet.leaf(field);
      assertInstanceOf(LogicalType.JsonType.class, e.logicalType(), type.toString());
      assertEquals(ConvertedType.JSON, e.convertedType());
    }
  }

  @Test
  void whatIsReadIsWrittenBackAsJson() {
    SchemaElement e = ArrowToParquet.leaf(read(new LogicalType.JsonType(), ConvertedType.JSON));
    assertInstanceOf(LogicalType.JsonType.class, e.logicalType());
  }
}
