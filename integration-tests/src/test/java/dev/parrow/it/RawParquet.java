package dev.parrow.it;

import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.options.ColumnWriteOptions;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.write.ColumnChunkWriter;
import dev.parrow.codec.write.ParquetFileWriter;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Parquet files of any schema, written through the codec's own writer with levels given by hand:
 * the shapes old writers produced (2-level lists, unannotated repeated groups, MAP_KEY_VALUE) that
 * no Arrow writer makes. Every leaf is INT32.
 */
final class RawParquet {
  private RawParquet() {}

  /** One leaf's levels, and its values (one per entry at the maximum definition level). */
  record Leaf(int[] defs, int[] reps, int[] values) {}

  static SchemaElement root(int children) {
    return group("schema", null, children, null);
  }

  static SchemaElement group(
      String name, Repetition repetition, int children, ConvertedType converted) {
    return new SchemaElement(
        null, null, repetition, name, children, converted, null, null, null, null, null);
  }

  static SchemaElement int32(String name, Repetition repetition) {
    return new SchemaElement(
        PhysicalType.INT32, null, repetition, name, null, null, null, null, null, null, null);
  }

  /** Writes one row group of {@code rows} rows. */
  static void write(Path file, long rows, List<SchemaElement> schema, List<Leaf> leaves)
      throws Exception {
    var columns = ParquetSchema.fromElements(schema).columns();
    List<ColumnChunkWriter.Chunk> chunks = new ArrayList<>();
    for (int c = 0; c < columns.size(); c++) {
      Leaf leaf = leaves.get(c);
      ColumnChunkWriter writer =
          new ColumnChunkWriter(columns.get(c), ColumnWriteOptions.defaults());
      Int32Values values = new Int32Values();
      for (int v : leaf.values()) {
        values.add(v);
      }
      writer.write(leaf.defs().length, leaf.defs(), leaf.reps(), values);
      chunks.add(writer.finish());
    }
    try (OutputStream out = Files.newOutputStream(file)) {
      ParquetFileWriter writer = new ParquetFileWriter(out, schema);
      writer.writeRowGroup(chunks, rows);
      writer.finish(List.of(), "parrow RawParquet (test shapes)");
    }
  }
}
