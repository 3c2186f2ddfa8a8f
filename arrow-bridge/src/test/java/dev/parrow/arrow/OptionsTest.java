package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.types.DictionaryMode;
import dev.parrow.types.TypeOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The options are built one way (builders), keep what they were given through {@code toBuilder},
 * check their values when built, and give a dataset its type choices once; partitioning is a choice
 * of layout.
 */
class OptionsTest {
  @TempDir Path dir;

  @Test
  void typeChoicesChangedInStepsKeepEachOther() {
    ReadOptions read =
        ReadOptions.builder()
            .types(t -> t.int96Unit(TimeUnit.MICROSECOND))
            .types(t -> t.uuidAsString(true).dictionaryMode(DictionaryMode.DECODE))
            .rowOffset(5)
            .rowLimit(7)
            .build();
    assertEquals(TimeUnit.MICROSECOND, read.types().int96Unit());
    assertTrue(read.types().uuidAsString());
    assertEquals(DictionaryMode.DECODE, read.types().dictionaryMode());
    assertEquals(5, read.rowOffset());
    assertEquals(7, read.rowLimit());
    ReadOptions copy = read.toBuilder().batchSize(10).build();
    assertEquals(read.types(), copy.types());
    assertEquals(5, copy.rowOffset());
    assertEquals(10, copy.batchSize());
    assertEquals(TypeOptions.defaults(), ReadOptions.defaults().types());
    assertEquals(
        TypeOptions.builder().float16AsFloat(true).build(),
        TypeOptions.builder().float16AsFloat(true).build());
    assertFalse(TypeOptions.defaults().equals(TypeOptions.builder().float16AsFloat(true).build()));
  }

  @Test
  void theDocumentedDefaultsAreTheDefaults() {
    assertEquals(DictionaryMode.AUTO, TypeOptions.defaults().dictionaryMode());
    assertTrue(TypeOptions.defaults().useArrowSchemaHint());
    assertEquals(TimeUnit.NANOSECOND, TypeOptions.defaults().int96Unit());
    assertEquals(ReadOptions.DEFAULT_BATCH_SIZE, ReadOptions.defaults().batchSize());
    assertTrue(ReadOptions.defaults().verifyCrc());
    WriteOptions write = WriteOptions.defaults();
    assertEquals(WriteOptions.DataPageVersion.V1, write.dataPageVersion());
    assertTrue(write.writeCrc());
    assertTrue(write.commitOnClose());
    assertEquals(CompressionCodec.SNAPPY, write.compression());
  }

  @Test
  void badValuesFailWhenBuilt() {
    assertThrows(IllegalArgumentException.class, () -> ReadOptions.builder().batchSize(0).build());
    assertThrows(IllegalArgumentException.class, () -> ReadOptions.builder().rowOffset(-1).build());
    assertThrows(
        IllegalArgumentException.class, () -> WriteOptions.builder().parallelism(0).build());
    assertThrows(IllegalArgumentException.class, () -> WriteOptions.DataPageVersion.of(3));
    assertThrows(
        IllegalArgumentException.class, () -> DatasetOptions.builder().filesAtOnce(0).build());
  }

  @Test
  void aColumnsSettingsAreSetInOnePlaceAndAddUp() {
    WriteOptions write =
        WriteOptions.builder()
            .column("s", c -> c.compression(CompressionCodec.ZSTD))
            .column("s", c -> c.encoding(Encoding.DELTA_BYTE_ARRAY).bloomFilter(100, 0.01))
            .column("n", c -> c.dictionary(false))
            .dataPageVersion(WriteOptions.DataPageVersion.V2)
            .build();
    WriteOptions.ColumnSettings s = write.columnSettings().get("s");
    assertEquals(CompressionCodec.ZSTD, s.compression());
    assertEquals(Encoding.DELTA_BYTE_ARRAY, s.encoding());
    assertEquals(100, s.bloomFilter().ndv());
    assertNull(s.dictionary());
    var resolved = write.columnOptions(List.of("s"));
    assertEquals(CompressionCodec.ZSTD, resolved.codec());
    assertEquals(2, resolved.pageVersion());
    assertEquals(CompressionCodec.SNAPPY, write.columnOptions(List.of("other")).codec());
    assertEquals(write.columnSettings(), write.toBuilder().build().columnSettings());
  }

  @Test
  void directoryPartitioningNamesTheKeysOfPlainDirectories() throws Exception {
    LongFiles.write(dir.resolve("2024/01/a.parquet"), 1);
    LongFiles.write(dir.resolve("2025/12/b.parquet"), 2);
    DatasetOptions options =
        DatasetOptions.builder()
            .partitioning(
                Partitioning.directories(
                    List.of("year", "month"), Map.of("month", new ArrowType.Int(32, true))))
            .build();
    {
      ParquetDataset dataset = ParquetDataset.open(List.of(dir.toString()), options);
      assertEquals(List.of("v", "year", "month"), names(dataset.schema()));
      assertEquals(new ArrowType.Int(64, true), dataset.schema().findField("year").getType());
      assertEquals(new ArrowType.Int(32, true), dataset.schema().findField("month").getType());
      assertEquals(2025L, dataset.files().get(1).partitions().get("year"));
    }
    {
      ParquetDataset dataset =
          ParquetDataset.open(
              List.of(dir.toString()),
              DatasetOptions.builder().partitioning(Partitioning.none()).build());
      assertEquals(List.of("v"), names(dataset.schema()));
    }
    LongFiles.write(dir.resolve("c.parquet"), 3);
    IllegalArgumentException shallow =
        assertThrows(
            IllegalArgumentException.class,
            () -> ParquetDataset.open(List.of(dir.toString()), options));
    assertTrue(shallow.getMessage().contains("c.parquet"), shallow.getMessage());
  }

  @Test
  void aDatasetTakesItsTypeChoicesOnce() throws Exception {
    LongFiles.write(dir.resolve("k=1/a.parquet"), 1);
    TypeOptions micro = TypeOptions.builder().int96Unit(TimeUnit.MICROSECOND).build();
    ParquetDataset dataset =
        ParquetDataset.open(List.of(dir.toString()), DatasetOptions.builder().types(micro).build());
    try (BufferAllocator allocator = new RootAllocator()) {
      // Read options that leave the types alone read with the dataset's.
      try (ParquetDatasetReader reader =
          dataset.newReader(allocator, ReadOptions.builder().batchSize(10).build())) {
        assertTrue(reader.loadNextBatch());
        assertEquals(1, reader.getVectorSchemaRoot().getRowCount());
      }
      // Those that choose others are refused, naming where the choice belongs.
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  dataset.newReader(
                      allocator, ReadOptions.builder().types(t -> t.uuidAsString(true)).build()));
      assertTrue(e.getMessage().contains("DatasetOptions"), e.getMessage());
    }
  }

  private static List<String> names(Schema schema) {
    return schema.getFields().stream().map(Field::getName).toList();
  }
}
