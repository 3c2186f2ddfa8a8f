package dev.parrow.it;

import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.options.ColumnWriteOptions;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
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
 * no Arrow writer makes, and values no Arrow writer writes (INT96 timestamps of any day).
 */
final class RawParquet {
  private RawParquet() {}

  /**
   * One leaf's levels (null for a leaf that has none: one value per row), and its values (one per
   * entry at the maximum definition level).
   */
  record Leaf(int[] defs, int[] reps, DenseValues values) {
    /** INT32 values. */
    Leaf(int[] defs, int[] reps, int[] ints) {
      this(defs, reps, int32s(ints));
    }
  }

  private static DenseValues int32s(int[] ints) {
    Int32Values values = new Int32Values();
    for (int v : ints) {
      values.add(v);
    }
    return values;
  }

  /**
   * INT96 timestamps (nanoseconds of the day, then the Julian day, little-endian).
   *
   * @param days Julian days
   * @param nanosOfDay nanoseconds within each day
   */
  static DenseValues int96(long[] days, long[] nanosOfDay) {
    FixedWidthValues values = new FixedWidthValues(12);
    java.nio.ByteBuffer b =
        java.nio.ByteBuffer.allocate(12).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < days.length; i++) {
      b.clear();
      b.putLong(nanosOfDay[i]).putInt((int) days[i]);
      values.add(b.array(), 0);
    }
    return values;
  }

  static SchemaElement primitive(String name, Repetition repetition, PhysicalType type) {
    return new SchemaElement(
        type, null, repetition, name, null, null, null, null, null, null, null);
  }

  static SchemaElement root(int children) {
    return group("schema", null, children, null);
  }

  static SchemaElement group(
      String name, Repetition repetition, int children, ConvertedType converted) {
    return new SchemaElement(
        null, null, repetition, name, children, converted, null, null, null, null, null);
  }

  static SchemaElement int32(String name, Repetition repetition) {
    return primitive(name, repetition, PhysicalType.INT32);
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
      int entries = leaf.defs() != null ? leaf.defs().length : (int) rows;
      writer.write(entries, leaf.defs(), leaf.reps(), leaf.values());
      chunks.add(writer.finish());
    }
    try (OutputStream out = Files.newOutputStream(file)) {
      ParquetFileWriter writer = new ParquetFileWriter(out, schema);
      writer.writeRowGroup(chunks, rows);
      writer.finish(List.of(), "parrow RawParquet (test shapes)");
    }
  }
}
