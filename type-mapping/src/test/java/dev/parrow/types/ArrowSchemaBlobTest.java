package dev.parrow.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

class ArrowSchemaBlobTest {
  private static final Schema SCHEMA =
      new Schema(
          List.of(
              new Field(
                  "d", FieldType.nullable(new ArrowType.Duration(TimeUnit.MILLISECOND)), null),
              new Field(
                  "f",
                  new FieldType(
                      true,
                      ArrowType.Utf8.INSTANCE,
                      new DictionaryEncoding(0, true, new ArrowType.Int(8, true)),
                      Map.of("k", "v")),
                  null),
              new Field(
                  "l",
                  FieldType.nullable(ArrowType.LargeList.INSTANCE),
                  List.of(
                      new Field(
                          "item",
                          FieldType.nullable(
                              new ArrowType.Timestamp(TimeUnit.SECOND, "Asia/Tokyo")),
                          null)))),
          Map.of("origin", "test"));

  @Test
  void encodesWithTheContinuationMarkerPaddedAndDecodesBack() {
    String blob = ArrowSchemaBlob.encode(SCHEMA);
    byte[] bytes = Base64.getDecoder().decode(blob);
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(-1, b.getInt(0), "continuation marker");
    assertEquals(0, (8 + b.getInt(4)) % 8, "message padded to 8 bytes");
    List<String> warnings = new ArrayList<>();
    assertEquals(SCHEMA, ArrowSchemaBlob.decode(blob, warnings).orElseThrow());
    assertTrue(warnings.isEmpty());
  }

  @Test
  void decodesTheLegacyFramingWithoutTheMarker() {
    byte[] bytes = Base64.getDecoder().decode(ArrowSchemaBlob.encode(SCHEMA));
    byte[] legacy = java.util.Arrays.copyOfRange(bytes, 4, bytes.length);
    assertEquals(
        SCHEMA,
        ArrowSchemaBlob.decode(Base64.getEncoder().encodeToString(legacy), new ArrayList<>())
            .orElseThrow());
  }

  @Test
  void badBlobsAreWarningsNeverErrors() {
    byte[] hugeLength =
        ByteBuffer.allocate(8)
            .order(ByteOrder.LITTLE_ENDIAN)
            .putInt(-1)
            .putInt(Integer.MAX_VALUE)
            .array();
    byte[] good = Base64.getDecoder().decode(ArrowSchemaBlob.encode(SCHEMA));
    byte[] flipped = good.clone();
    for (int i = 12; i < flipped.length; i += 3) {
      flipped[i] ^= 0x5A;
    }
    for (String blob :
        List.of(
            "***",
            "",
            Base64.getEncoder().encodeToString(hugeLength),
            Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(good, good.length / 2)),
            Base64.getEncoder().encodeToString(flipped))) {
      List<String> warnings = new ArrayList<>();
      var schema = ArrowSchemaBlob.decode(blob, warnings);
      assertTrue(schema.isEmpty() || !schema.get().equals(SCHEMA), blob);
      if (schema.isEmpty()) {
        assertFalse(warnings.isEmpty(), blob);
      }
    }
  }
}
