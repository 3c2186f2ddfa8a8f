package dev.parrow.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.storage.InputFile;
import dev.parrow.types.VariantArrow;
import dev.parrow.types.VariantEncoding;
import dev.parrow.types.VariantShreddingSchema;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Variant values from fuzz bytes (a dictionary of three names, each value's bytes drawn) written
 * shredded to a schema picked from a few or inferred from them: the write succeeds or fails with a
 * ParquetFormatException or IllegalArgumentException, never anything else; a file written reads
 * back as the values written (their JSON, or the same failure to make it).
 */
class VariantShreddingFuzzTest {
  /** Version 1, names "a", "b", "c". */
  private static final byte[] METADATA = {1, 3, 0, 1, 2, 3, 'a', 'b', 'c'};

  private static final List<Field> SCHEMAS =
      List.of(
          typed(new ArrowType.Int(64, true)),
          typed(ArrowType.Utf8.INSTANCE),
          typed(new ArrowType.Int(8, true)),
          new Field(
              "typed_value",
              FieldType.nullable(ArrowType.Struct.INSTANCE),
              List.of(
                  Field.nullable("a", new ArrowType.Int(64, true)),
                  new Field(
                      "b",
                      FieldType.nullable(ArrowType.Struct.INSTANCE),
                      List.of(
                          Field.nullable(
                              "c", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)))))),
          new Field(
              "typed_value",
              FieldType.nullable(ArrowType.List.INSTANCE),
              List.of(Field.nullable("element", ArrowType.Utf8.INSTANCE))));

  private static Field typed(ArrowType type) {
    return Field.nullable("typed_value", type);
  }

  @FuzzTest
  void shred(FuzzedDataProvider data) throws Exception {
    int rows = data.consumeInt(1, 12);
    int pick = data.consumeInt(0, SCHEMAS.size());
    List<byte[]> values = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      values.add(data.consumeBoolean() ? null : data.consumeBytes(data.consumeInt(1, 40)));
    }
    Field variant = VariantArrow.field("v", true);
    Schema schema = new Schema(List.of(variant));
    List<byte[]> metadata = new ArrayList<>();
    values.forEach(v -> metadata.add(v == null ? null : METADATA));
    Field shredding;
    try {
      shredding =
          pick == SCHEMAS.size()
              ? VariantShreddingSchema.infer(metadata, values, 8, 4)
              : SCHEMAS.get(pick);
    } catch (ParquetFormatException e) {
      return; // values too malformed to infer from
    }
    WriteOptions options =
        shredding == null
            ? WriteOptions.defaults()
            : WriteOptions.builder().variantShredding("v", shredding).build();
    try (BufferAllocator allocator = new RootAllocator(FuzzChecks.ALLOCATOR_LIMIT);
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      StructVector v = (StructVector) root.getVector(0);
      VarBinaryVector m = (VarBinaryVector) v.getChild("metadata");
      VarBinaryVector value = (VarBinaryVector) v.getChild("value");
      for (int i = 0; i < rows; i++) {
        if (values.get(i) == null) {
          v.setNull(i);
        } else {
          v.setIndexDefined(i);
          m.setSafe(i, METADATA);
          value.setSafe(i, values.get(i));
        }
      }
      root.setRowCount(rows);
      ByteArrayOutputStream sink = new ByteArrayOutputStream();
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(new RoundTripFuzzTest.MemoryFile(sink), schema, options)) {
        writer.write(root);
      } catch (ParquetFormatException | IllegalArgumentException e) {
        return; // a malformed variant the shredding had to decode: refused cleanly
      }
      List<String> back = new ArrayList<>();
      try (ParquetFile parquet =
              ParquetFile.open(InputFile.of(ByteBuffer.wrap(sink.toByteArray()), "shredded"));
          ParquetArrowReader reader = parquet.newReader(allocator, ReadOptions.defaults())) {
        while (reader.loadNextBatch()) {
          StructVector read = (StructVector) reader.getVectorSchemaRoot().getVector(0);
          for (int i = 0; i < read.getValueCount(); i++) {
            back.add(
                read.isNull(i)
                    ? null
                    : json(
                        ((VarBinaryVector) read.getChild("metadata")).get(i),
                        ((VarBinaryVector) read.getChild("value")).get(i)));
          }
        }
      } catch (ParquetFormatException e) {
        // Bytes the write kept as they were, which the reassembly then decodes: refused cleanly.
        return;
      }
      for (int i = 0; i < rows; i++) {
        String want = values.get(i) == null ? null : json(METADATA, values.get(i));
        if (!Objects.equals(parsed(want), parsed(back.get(i)))) {
          throw new AssertionError(
              "row "
                  + i
                  + ": wrote "
                  + want
                  + ", read "
                  + back.get(i)
                  + " ("
                  + java.util.HexFormat.of().formatHex(values.get(i))
                  + ", shredded to "
                  + shredding
                  + ")");
        }
      }
    }
  }

  /**
   * JSON as values: an object's fields in any order (a writer may list them out of the order the
   * encoding asks for; read back, they come in order).
   */
  private static Object parsed(String json) {
    return json == null || json.equals("malformed") ? json : dev.parrow.it.Json.parse(json);
  }

  /** A variant's JSON, or the failure to make it (the same bytes fail the same way). */
  private static String json(byte[] metadata, byte[] value) {
    try {
      return VariantEncoding.toJson(metadata, value);
    } catch (ParquetFormatException e) {
      return "malformed";
    }
  }
}
