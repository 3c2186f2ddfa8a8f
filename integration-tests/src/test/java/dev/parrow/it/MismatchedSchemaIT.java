package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.values.FixedWidthValues;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pages that do not hold what the footer's schema says: a column written OPTIONAL, with nulls,
 * whose footer calls it REQUIRED (parquet-testing's bad_data/ARROW-GH-47662), reads as an error
 * naming the page, never as values shifted by the definition levels in front of them, however few
 * the nulls.
 */
class MismatchedSchemaIT {
  @TempDir Path dir;

  @Test
  void aRequiredColumnWhosePagesHoldLevelsIsAnError() throws Exception {
    int rows = 1000;
    for (int nulls : new int[] {1, 100}) {
      int[] defs = new int[rows];
      FixedWidthValues values = new FixedWidthValues(4);
      for (int i = 0; i < rows; i++) {
        defs[i] = i % (rows / nulls) == 7 ? 0 : 1;
        if (defs[i] == 1) {
          values.add(new byte[] {0, 0, (byte) (i >> 8), (byte) i}, 0);
        }
      }
      Path file = dir.resolve("nulls" + nulls + ".parquet");
      List<SchemaElement> schema =
          List.of(
              RawParquet.root(1),
              new SchemaElement(
                  PhysicalType.FIXED_LEN_BYTE_ARRAY,
                  4,
                  Repetition.OPTIONAL,
                  "flba_field",
                  null,
                  null,
                  null,
                  null,
                  null,
                  null,
                  null));
      RawParquet.write(file, rows, schema, List.of(new RawParquet.Leaf(defs, null, values)));
      try (BufferAllocator allocator = new RootAllocator()) {
        assertEquals(
            rows, CorpusReadIT.readWithParrow(file, allocator, ReadOptions.defaults()).rows);
      }

      byte[] bytes = Files.readAllBytes(file);
      FileMetaData meta = Footers.read(bytes);
      List<SchemaElement> required = new ArrayList<>(meta.schema());
      SchemaElement leaf = required.get(1);
      required.set(
          1,
          new SchemaElement(
              leaf.type(),
              leaf.typeLength(),
              Repetition.REQUIRED,
              leaf.name(),
              null,
              null,
              null,
              null,
              null,
              null,
              null));
      Path bad = dir.resolve("required" + nulls + ".parquet");
      Files.write(bad, Footers.replace(bytes, meta.withSchema(required)));
      try (BufferAllocator allocator = new RootAllocator()) {
        ParquetFormatException e =
            assertThrows(
                ParquetFormatException.class,
                () -> CorpusReadIT.readWithParrow(bad, allocator, ReadOptions.defaults()),
                nulls + " nulls");
        assertTrue(
            e.getMessage().contains("flba_field")
                && e.getMessage().contains("REQUIRED column holds")
                && e.page() != null,
            e.getMessage());
      }
    }
  }
}
