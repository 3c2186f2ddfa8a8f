package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.filter.Filter;
import dev.parrow.types.DictionaryMode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dataset read that names string columns as dictionaries ({@link DictionaryMode#PER_ROW_GROUP}
 * with dictionary columns) hands out their indices and each file's row group's dictionary: the same
 * values as the decoded read, row for row, across files with other dictionaries, a file without the
 * column, a chunk whose pages fell back from dictionary encoding, filters and every batch size; a
 * dictionary object is replaced when its values change and kept while they do not.
 */
class DatasetDictionaryTest {
  @TempDir Path dir;

  private static final Schema BOTH =
      new Schema(
          List.of(
              Field.nullable("id", new ArrowType.Int(64, true)),
              Field.nullable("s", ArrowType.Utf8.INSTANCE)));

  private static final Schema ID_ONLY = new Schema(List.of(BOTH.getFields().get(0)));

  /**
   * File a: 1,000 rows of 7 values (nulls among them), row groups of 300; file b: no column s; file
   * c: 1,000 distinct long values whose dictionary outgrows its page, so pages fall back.
   */
  private void writeFiles() throws IOException {
    write(
        dir.resolve("a.parquet"),
        WriteOptions.builder().rowGroupRows(300).build(),
        0,
        1000,
        i -> i % 11 == 0 ? null : "value-" + (i % 7) + (i >= 600 ? "-late" : ""));
    write(dir.resolve("b.parquet"), WriteOptions.defaults(), 1000, 500, null);
    write(
        dir.resolve("c.parquet"),
        WriteOptions.builder().dictionaryPageSizeLimit(2048).build(),
        1500,
        1000,
        i -> "distinct-" + i + "-".repeat(i % 5));
  }

  private interface Value {
    String of(int row);
  }

  private static void write(Path file, WriteOptions options, int first, int rows, Value s)
      throws IOException {
    Files.createDirectories(file.getParent());
    Schema schema = s == null ? ID_ONLY : BOTH;
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter writer = ParquetArrowWriter.create(file, schema, options)) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      id.allocateNew(rows);
      VarCharVector text = s == null ? null : (VarCharVector) root.getVector("s");
      if (text != null) {
        text.allocateNew(rows);
      }
      for (int i = 0; i < rows; i++) {
        id.set(i, first + i);
        if (text != null) {
          String v = s.of(i);
          if (v != null) {
            text.setSafe(i, v.getBytes(StandardCharsets.UTF_8));
          }
        }
      }
      root.setRowCount(rows);
      writer.write(root);
    }
  }

  private static ReadOptions.Builder dictionaries() {
    return ReadOptions.builder()
        .types(t -> t.dictionaryMode(DictionaryMode.PER_ROW_GROUP).dictionaryColumns("s"));
  }

  /** Each row as "id:s", s decoded from its dictionary (or read plain). */
  private static List<String> rows(ParquetDataset dataset, ReadOptions read, boolean check)
      throws IOException {
    List<String> out = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetDatasetReader reader = dataset.newReader(allocator, read)) {
      Dictionary last = null;
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        BigIntVector id = (BigIntVector) root.getVector("id");
        FieldVector s = root.getVector("s");
        VarCharVector values = null;
        if (s.getField().getDictionary() != null) {
          Dictionary d = reader.lookup(s.getField().getDictionary().getId());
          assertNotNull(d);
          values = (VarCharVector) d.getVector();
          if (check) {
            ValueVectorUtility.validateFull(values);
            assertSame(d, reader.getDictionaryVectors().get(d.getEncoding().getId()));
          }
          last = d;
        }
        if (check) {
          ValueVectorUtility.validateFull(s);
        }
        for (int i = 0; i < root.getRowCount(); i++) {
          String text;
          if (s.isNull(i)) {
            text = "null";
          } else if (values != null) {
            text = new String(values.get(((IntVector) s).get(i)), StandardCharsets.UTF_8);
          } else {
            text = new String(((VarCharVector) s).get(i), StandardCharsets.UTF_8);
          }
          out.add(id.get(i) + ":" + text);
        }
      }
      assertTrue(last != null || !check);
    }
    return out;
  }

  @Test
  void dictionaryColumnsGiveTheDecodedReadsValuesAtEveryBatchSize() throws Exception {
    writeFiles();
    ParquetDataset dataset = ParquetDataset.open(dir.toString());
    for (int batch : new int[] {1, 7, 100, 300, 1024, 100_000}) {
      List<String> decoded = rows(dataset, ReadOptions.builder().batchSize(batch).build(), false);
      assertEquals(2500, decoded.size());
      ReadOptions read = dictionaries().batchSize(batch).build();
      assertTrue(dataset.schema(read).findField("s").getDictionary() != null);
      assertEquals(decoded, rows(dataset, read, true), "batch size " + batch);
    }
  }

  @Test
  void filtersAndProjectionsKeepTheDictionaries() throws Exception {
    writeFiles();
    ParquetDataset dataset = ParquetDataset.open(dir.toString());
    Filter filter = Filter.parse("s = 'value-3-late' OR id >= 2400");
    List<String> decoded =
        rows(dataset, ReadOptions.builder().filter(filter).batchSize(50).build(), false);
    assertTrue(decoded.size() > 100, decoded.toString());
    assertEquals(decoded, rows(dataset, dictionaries().filter(filter).batchSize(50).build(), true));
    // Not projected: the column is neither read nor a dictionary.
    ReadOptions idOnly = dictionaries().columns("id").build();
    assertEquals(
        List.of("id"), dataset.schema(idOnly).getFields().stream().map(Field::getName).toList());
  }

  @Test
  void aDictionaryIsReplacedWhenItsValuesChangeAndKeptWhileTheyDoNot() throws Exception {
    write(
        dir.resolve("a.parquet"),
        WriteOptions.builder().rowGroupRows(300).build(),
        0,
        900,
        i -> "g" + (i / 300) + "-" + (i % 3));
    ParquetDataset dataset = ParquetDataset.open(dir.toString());
    List<Dictionary> seen = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetDatasetReader reader =
            dataset.newReader(allocator, dictionaries().batchSize(100).build())) {
      while (reader.loadNextBatch()) {
        seen.add(reader.lookup(0));
      }
    }
    assertEquals(9, seen.size());
    for (int b = 1; b < 9; b++) {
      if (b % 3 == 0) {
        assertNotSame(seen.get(b - 1), seen.get(b), "a new row group at batch " + b);
      } else {
        assertSame(seen.get(b - 1), seen.get(b), "the same row group at batch " + b);
      }
    }
  }

  @Test
  void aReaderClosedMidwayFreesItsDictionaries() throws Exception {
    writeFiles();
    ParquetDataset dataset = ParquetDataset.open(dir.toString());
    for (int batches = 0; batches <= 12; batches += 3) {
      try (BufferAllocator allocator = new RootAllocator()) {
        ParquetDatasetReader reader =
            dataset.newReader(allocator, dictionaries().batchSize(200).build());
        for (int b = 0; b < batches && reader.loadNextBatch(); b++) {
          // read on
        }
        reader.close();
        assertEquals(0, allocator.getAllocatedMemory(), "after " + batches + " batches");
      }
    }
  }

  @Test
  void aFileThatFailsEndsTheReadNamingTheFile() throws Exception {
    writeFiles();
    ParquetDataset dataset = ParquetDataset.open(dir.toString());
    // The last file is cut short after the dataset read its footer.
    Path bad = dir.resolve("c.parquet");
    Files.write(bad, new byte[(int) Files.size(bad) / 2]);
    try (BufferAllocator allocator = new RootAllocator()) {
      try (ParquetDatasetReader reader =
          dataset.newReader(allocator, dictionaries().batchSize(100).build())) {
        Exception e =
            assertThrows(
                Exception.class,
                () -> {
                  while (reader.loadNextBatch()) {
                    // read on to the failure
                  }
                });
        assertTrue(String.valueOf(e.getMessage()).contains("c.parquet"), e.toString());
        assertTrue(!reader.loadNextBatch(), "no file is read after the failure");
        assertEquals(2, reader.filesRead());
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  /**
   * {@code hintedDictionaries(false)}: the columns named are dictionaries, those the hint makes
   * dictionaries are decoded; with the default both are dictionaries.
   */
  @Test
  void hintedDictionariesCanBeLeftDecoded() throws Exception {
    Path file = dir.resolve("hinted.parquet");
    write(file, WriteOptions.defaults(), 0, 10, i -> "v" + (i % 2));
    DictionaryEncoding hint = new DictionaryEncoding(0, false, new ArrowType.Int(32, true));
    Schema hinted =
        new Schema(
            List.of(
                Field.nullable("id", new ArrowType.Int(64, true)),
                new Field("s", new FieldType(true, ArrowType.Utf8.INSTANCE, hint, null), null)));
    try (ParquetFile f = ParquetFile.open(file)) {
      ReadOptions both =
          ReadOptions.builder()
              .types(t -> t.arrowSchema(hinted).dictionaryMode(DictionaryMode.PER_ROW_GROUP))
              .build();
      assertNotNull(f.arrowSchema(both).findField("s").getDictionary());
      ReadOptions named =
          ReadOptions.builder()
              .types(
                  t ->
                      t.arrowSchema(hinted)
                          .dictionaryMode(DictionaryMode.PER_ROW_GROUP)
                          .hintedDictionaries(false))
              .build();
      assertEquals(null, f.arrowSchema(named).findField("s").getDictionary());
    }
  }

  @Test
  void onlyStringAndBinaryColumnsOfTheFilesCanBeDictionaries() throws Exception {
    writeFiles();
    ParquetDataset dataset = ParquetDataset.open(dir.toString());
    ReadOptions numbers =
        ReadOptions.builder()
            .types(t -> t.dictionaryMode(DictionaryMode.PER_ROW_GROUP).dictionaryColumns("id"))
            .build();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> dataset.schema(numbers));
    assertTrue(e.getMessage().contains("'id'"), e.getMessage());
    ReadOptions unknown =
        ReadOptions.builder()
            .types(t -> t.dictionaryMode(DictionaryMode.PER_ROW_GROUP).dictionaryColumns("x"))
            .build();
    try (BufferAllocator allocator = new RootAllocator()) {
      assertThrows(IllegalArgumentException.class, () -> dataset.newReader(allocator, unknown));
    }
  }
}
