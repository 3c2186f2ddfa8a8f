package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.PageLocation;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.page.PageIndexReader;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.storage.OutputFile;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Content-defined chunking cuts where Arrow C++ cuts: {@code cdc/arrow-cpp-cdc.parquet} was written
 * by pyarrow 25 with {@code use_content_defined_chunking} (2 to 8 KiB chunks, three row groups;
 * {@code make_arrow_cpp_cdc.py} beside it), and Parrow writing the same Arrow values with the same
 * parameters writes pages of the same rows, column by column, in every row group: integers of every
 * width, doubles, booleans, strings, decimals, a dictionary, a list with null elements and a
 * struct, with nulls. Arrow C++ and DuckDB read Parrow's file as the values written.
 */
class ContentDefinedChunkingIT {
  @TempDir Path dir;

  private static Path arrowCppFile() throws URISyntaxException {
    return Path.of(
        ContentDefinedChunkingIT.class
            .getResource("/dev/parrow/it/cdc/arrow-cpp-cdc.parquet")
            .toURI());
  }

  @Test
  void samePagesAsArrowCpp() throws Exception {
    Path theirs = arrowCppFile();
    Path ours = dir.resolve("parrow-cdc.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile source = ParquetFile.open(theirs);
        ParquetArrowReader reader =
            source.newReader(allocator, ReadOptions.builder().batchSize(3_333).build())) {
      ParquetArrowWriter.writeAll(
          reader,
          OutputFile.of(ours),
          WriteOptions.builder()
              .contentDefinedChunking(2048, 8192, 0)
              .rowGroupRows(5_000)
              .pageSizeBytes(1 << 30)
              .pageRows(Integer.MAX_VALUE)
              .build(),
          rows -> {});
    }
    Map<String, List<Long>> expected = pageRows(theirs);
    Map<String, List<Long>> actual = pageRows(ours);
    assertEquals(expected.keySet(), actual.keySet());
    int pages = 0;
    for (String column : expected.keySet()) {
      assertEquals(expected.get(column), actual.get(column), column + ": rows per page");
      pages += expected.get(column).size();
    }
    assertTrue(pages > 100, pages + " pages compared");
    // Arrow C++ and DuckDB read Parrow's file as Parrow's reader reads Arrow C++'s.
    assertEquals(
        FilterCorpusIT.rows(theirs, ReadOptions.defaults()),
        FilterCorpusIT.rows(ours, ReadOptions.defaults()));
    try (BufferAllocator allocator = new RootAllocator()) {
      assertEquals(
          CorpusReadIT.readWithParrow(theirs, allocator, ReadOptions.defaults()).values,
          ArrowCpp.read(ours, allocator).values);
    }
    try (DuckDb duck = new DuckDb()) {
      String query =
          "SELECT count(*), sum(i64), count(text), sum(len(list)), count(struct.b), sum(dec),"
              + " count(DISTINCT dict) FROM read_parquet(%s)";
      assertEquals(
          duck.query(String.format(query, DuckDb.literal(theirs))).toString(),
          duck.query(String.format(query, DuckDb.literal(ours))).toString());
    }
  }

  /** Per row group and leaf column, the rows of each page, from the offset index. */
  private static Map<String, List<Long>> pageRows(Path file) throws Exception {
    Map<String, List<Long>> out = new LinkedHashMap<>();
    try (ParquetFile parquet = ParquetFile.open(file)) {
      List<RowGroup> groups = parquet.metadata().rowGroups();
      for (int g = 0; g < groups.size(); g++) {
        RowGroup group = groups.get(g);
        for (ColumnDescriptor c : parquet.footer().schema().columns()) {
          ColumnChunk chunk = group.columns().get(c.index());
          List<PageLocation> pages =
              PageIndexReader.offsetIndex(parquet.input(), chunk, group.numRows()).pageLocations();
          List<Long> rows = new ArrayList<>();
          for (int p = 0; p < pages.size(); p++) {
            long end = p + 1 < pages.size() ? pages.get(p + 1).firstRowIndex() : group.numRows();
            rows.add(end - pages.get(p).firstRowIndex());
          }
          out.put(g + " " + c.dottedPath(), rows);
        }
      }
    }
    return out;
  }
}
