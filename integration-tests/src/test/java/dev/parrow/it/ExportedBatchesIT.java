package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/**
 * Batches handed over zero-copy (the C Data Interface) stay as they were while the reader goes on:
 * the reader reads the next batch into new buffers when a consumer still holds the last one's,
 * instead of overwriting them (Arrow C++'s file writer, which keeps several batches, wrote wrong
 * strings before). Every batch is exported and kept, and imported only after the whole file is
 * read.
 */
class ExportedBatchesIT {
  @Test
  void keptBatchesAreNotOverwritten() throws Exception {
    Path file = FixturesIT.projectTestdata().resolve("nested_zstd.parquet");
    for (Path f : List.of(file, FixturesIT.projectTestdata().resolve("orders.parquet"))) {
      List<List<Object>> expected = FilterCorpusIT.rows(f, ReadOptions.builder().build());
      List<List<Object>> got = new ArrayList<>();
      try (BufferAllocator allocator = new RootAllocator()) {
        List<ArrowArray> arrays = new ArrayList<>();
        List<ArrowSchema> schemas = new ArrayList<>();
        try (ParquetFile pf = ParquetFile.open(f);
            ParquetArrowReader reader =
                pf.newReader(allocator, ReadOptions.builder().batchSize(97).build())) {
          while (reader.loadNextBatch()) {
            ArrowArray array = ArrowArray.allocateNew(allocator);
            ArrowSchema schema = ArrowSchema.allocateNew(allocator);
            Data.exportVectorSchemaRoot(
                allocator, reader.getVectorSchemaRoot(), reader, array, schema);
            arrays.add(array);
            schemas.add(schema);
          }
          for (int b = 0; b < arrays.size(); b++) {
            try (org.apache.arrow.c.CDataDictionaryProvider dictionaries =
                    new org.apache.arrow.c.CDataDictionaryProvider();
                VectorSchemaRoot root =
                    Data.importVectorSchemaRoot(
                        allocator, arrays.get(b), schemas.get(b), dictionaries)) {
              for (int i = 0; i < root.getRowCount(); i++) {
                List<Object> row = new ArrayList<>();
                for (FieldVector v : root.getFieldVectors()) {
                  row.add(Canonical.value(v, i, dictionaries));
                }
                got.add(row);
              }
            }
            arrays.get(b).close();
            schemas.get(b).close();
          }
        }
      }
      assertEquals(expected, got, f.getFileName().toString());
    }
  }
}
