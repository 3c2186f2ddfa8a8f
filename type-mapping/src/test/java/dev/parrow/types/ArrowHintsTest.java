package dev.parrow.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ParquetSchema;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * A hint is untrusted: one Arrow cannot build, with no name, or of another shape than the Parquet
 * schema is ignored for its field, with a warning, and the field reads as the schema says.
 */
class ArrowHintsTest {
  /** message m { optional int32 n; optional group s { optional int64 x; } } */
  private static final ParquetSchema SCHEMA =
      ParquetSchema.fromElements(
          List.of(
              element(null, null, "m", 2),
              element(PhysicalType.INT32, Repetition.OPTIONAL, "n", null),
              element(null, Repetition.OPTIONAL, "s", 1),
              element(PhysicalType.INT64, Repetition.OPTIONAL, "x", null)));

  private static SchemaElement element(
      PhysicalType type, Repetition repetition, String name, Integer children) {
    return new SchemaElement(
        type, null, repetition, name, children, null, null, null, null, null, null);
  }

  private static List<Field> applied(Field n, Field s, List<String> warnings) {
    List<FieldNode> fields = NestedSchema.fields(SCHEMA, TypeOptions.defaults(), warnings);
    return ArrowHints.apply(fields, new Schema(List.of(n, s)), "test", warnings).stream()
        .map(FieldNode::field)
        .toList();
  }

  private static Field s() {
    return new Field(
        "s",
        FieldType.nullable(ArrowType.Struct.INSTANCE),
        List.of(new Field("x", FieldType.nullable(new ArrowType.Int(64, true)), null)));
  }

  @Test
  void aHintedNarrowIntegerIsTaken() {
    List<String> warnings = new ArrayList<>();
    List<Field> fields =
        applied(
            new Field("n", FieldType.nullable(new ArrowType.Int(16, false)), null), s(), warnings);
    assertEquals(new ArrowType.Int(16, false), fields.get(0).getType());
  }

  /**
   * A run-end encoded hint (a column written with its runs expanded) reads as its values, quietly,
   * also nested twice; one whose inner field lacks its children is judged as any other hint, not
   * thrown on.
   */
  @Test
  void aRunEndEncodedHintReadsAsItsValues() {
    Field runEnds = new Field("run_ends", FieldType.notNullable(new ArrowType.Int(32, true)), null);
    Field values = new Field("values", FieldType.nullable(new ArrowType.Int(16, true)), null);
    Field ree =
        new Field(
            "n", FieldType.notNullable(ArrowType.RunEndEncoded.INSTANCE), List.of(runEnds, values));
    List<String> warnings = new ArrayList<>();
    assertEquals(new ArrowType.Int(16, true), applied(ree, s(), warnings).get(0).getType());
    Field twice =
        new Field(
            "n",
            FieldType.notNullable(ArrowType.RunEndEncoded.INSTANCE),
            List.of(runEnds, new Field("values", ree.getFieldType(), ree.getChildren())));
    assertEquals(new ArrowType.Int(16, true), applied(twice, s(), warnings).get(0).getType());
    assertEquals(List.of(), warnings);

    Field malformed =
        new Field(
            "n",
            FieldType.notNullable(ArrowType.RunEndEncoded.INSTANCE),
            List.of(
                runEnds,
                new Field(
                    "values",
                    FieldType.notNullable(ArrowType.RunEndEncoded.INSTANCE),
                    List.of(runEnds))));
    List<Field> fields = applied(malformed, s(), warnings);
    assertEquals(new ArrowType.Int(32, true), fields.get(0).getType());
    assertTrue(warnings.stream().anyMatch(w -> w.startsWith("n: ")), warnings.toString());
  }

  @Test
  void anIntegerWidthArrowDoesNotHaveIsIgnored() {
    for (int bits : new int[] {0, 29}) {
      List<String> warnings = new ArrayList<>();
      List<Field> fields =
          applied(
              new Field("n", FieldType.nullable(new ArrowType.Int(bits, true)), null),
              s(),
              warnings);
      assertEquals(new ArrowType.Int(32, true), fields.get(0).getType(), bits + " bits");
      assertTrue(warnings.stream().anyMatch(w -> w.startsWith("n: ")), warnings.toString());
    }
  }

  @Test
  void aDictionaryIndexWidthArrowDoesNotHaveIsIgnored() {
    ParquetSchema binary =
        ParquetSchema.fromElements(
            List.of(
                element(null, null, "m", 1),
                element(PhysicalType.BYTE_ARRAY, Repetition.OPTIONAL, "b", null)));
    for (int bits : new int[] {0, 12}) {
      List<String> warnings = new ArrayList<>();
      Field hint =
          new Field(
              "b",
              new FieldType(
                  true,
                  ArrowType.Binary.INSTANCE,
                  new DictionaryEncoding(0, false, new ArrowType.Int(bits, true))),
              null);
      Field read =
          ArrowHints.apply(
                  NestedSchema.fields(binary, TypeOptions.defaults(), warnings),
                  new Schema(List.of(hint)),
                  "test",
                  warnings)
              .get(0)
              .field();
      assertEquals(null, read.getDictionary(), bits + " bits");
      assertTrue(warnings.stream().anyMatch(w -> w.startsWith("b: ")), warnings.toString());
    }
  }

  /** Arrow Java's StructVector holds one child per name: the value would read into the key. */
  @Test
  void aHintNamingAMapsKeyAndValueAlikeIsIgnored() {
    List<String> warnings = new ArrayList<>();
    ParquetSchema map =
        ParquetSchema.fromElements(
            List.of(
                element(null, null, "schema", 1),
                new SchemaElement(
                    null,
                    null,
                    Repetition.OPTIONAL,
                    "m",
                    1,
                    dev.parrow.codec.metadata.ConvertedType.MAP,
                    null,
                    null,
                    null,
                    new dev.parrow.codec.metadata.LogicalType.MapType(),
                    null),
                element(null, Repetition.REPEATED, "key_value", 2),
                element(PhysicalType.INT64, Repetition.REQUIRED, "key", null),
                element(PhysicalType.INT64, Repetition.OPTIONAL, "value", null)));
    Field key = new Field("key", FieldType.notNullable(new ArrowType.Int(64, true)), null);
    Field value = new Field("key", FieldType.nullable(new ArrowType.Int(64, true)), null);
    Field hint =
        new Field(
            "m",
            FieldType.nullable(new ArrowType.Map(false)),
            List.of(
                new Field(
                    "entries",
                    FieldType.notNullable(ArrowType.Struct.INSTANCE),
                    List.of(key, value))));
    Field read =
        ArrowHints.apply(
                NestedSchema.fields(map, TypeOptions.defaults(), warnings),
                new Schema(List.of(hint)),
                "test",
                warnings)
            .get(0)
            .field();
    assertEquals(
        List.of("key", "value"),
        read.getChildren().get(0).getChildren().stream().map(Field::getName).toList());
    assertTrue(warnings.stream().anyMatch(w -> w.startsWith("m: ")), warnings.toString());
  }

  @Test
  void aHintWithoutANameIsIgnored() {
    List<String> warnings = new ArrayList<>();
    List<Field> fields =
        applied(
            new Field(null, FieldType.nullable(new ArrowType.Int(16, true)), null), s(), warnings);
    assertEquals("n", fields.get(0).getName());
    assertEquals(new ArrowType.Int(32, true), fields.get(0).getType());
  }

  @Test
  void aHintOfAnotherShapeIsIgnored() {
    List<String> warnings = new ArrayList<>();
    // The leaf hinted as a list, the struct as a leaf.
    List<Field> fields =
        applied(
            new Field(
                "n",
                FieldType.nullable(ArrowType.List.INSTANCE),
                List.of(new Field("item", FieldType.nullable(new ArrowType.Int(32, true)), null))),
            new Field("s", FieldType.nullable(new ArrowType.Int(64, true)), null),
            warnings);
    assertEquals(new ArrowType.Int(32, true), fields.get(0).getType());
    assertTrue(fields.get(0).getChildren().isEmpty());
    assertEquals(ArrowType.Struct.INSTANCE, fields.get(1).getType());
    assertEquals(1, fields.get(1).getChildren().size());
    assertEquals(2, warnings.size(), warnings.toString());
  }

  /**
   * A writer that coerced its timestamps to another unit (pyarrow's coerce_timestamps, nanoseconds
   * in format 2.4) still stored its zone in the hint: the stored unit with the writer's zone, as
   * Arrow C++ reads it, not the zone dropped to UTC.
   */
  @Test
  void aHintedZoneComesBackWhenTheUnitWasCoerced() {
    ParquetSchema micros =
        ParquetSchema.fromElements(
            List.of(
                element(null, null, "schema", 1),
                new SchemaElement(
                    PhysicalType.INT64,
                    null,
                    Repetition.OPTIONAL,
                    "t",
                    null,
                    null,
                    null,
                    null,
                    null,
                    new dev.parrow.codec.metadata.LogicalType.TimestampType(
                        true, dev.parrow.codec.metadata.TimeUnit.MICROS),
                    null)));
    for (String zone : List.of("+02:00", "America/New_York")) {
      List<String> warnings = new ArrayList<>();
      Field hint =
          new Field(
              "t",
              FieldType.nullable(
                  new ArrowType.Timestamp(org.apache.arrow.vector.types.TimeUnit.NANOSECOND, zone)),
              null);
      Field read =
          ArrowHints.apply(
                  NestedSchema.fields(micros, TypeOptions.defaults(), warnings),
                  new Schema(List.of(hint)),
                  "test",
                  warnings)
              .get(0)
              .field();
      assertEquals(
          new ArrowType.Timestamp(org.apache.arrow.vector.types.TimeUnit.MICROSECOND, zone),
          read.getType());
      assertTrue(warnings.isEmpty(), warnings.toString());
    }
  }
}
