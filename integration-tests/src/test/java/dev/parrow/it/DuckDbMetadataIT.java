package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.footer.FooterReader;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.storage.InputFile;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * For every corpus file both Parrow and DuckDB read, the metadata agrees: rows, row groups,
 * columns, writer, format version, footer size, and for each column chunk its value count, physical
 * type, codec, encodings, page offsets and sizes. Files DuckDB cannot read are listed with DuckDB's
 * reason.
 */
class DuckDbMetadataIT {
  private static DuckDb duckdb;
  private static final Map<String, String> SKIPPED = new TreeMap<>();

  @BeforeAll
  static void open() throws SQLException {
    duckdb = new DuckDb();
  }

  @AfterAll
  static void close() throws SQLException {
    duckdb.close();
    System.out.println("Corpus files not compared with DuckDB (" + SKIPPED.size() + "):");
    SKIPPED.forEach((file, why) -> System.out.println("  " + file + ": " + why));
  }

  @TestFactory
  Stream<DynamicTest> everyCorpusFileDuckDbReads() {
    return Corpus.allParquetFiles().stream()
        .map(f -> DynamicTest.dynamicTest(Corpus.name(f), () -> compare(f)));
  }

  private static void compare(Path file) throws Exception {
    String name = Corpus.name(file);
    Footer footer;
    try (InputFile in = InputFile.of(file)) {
      footer = FooterReader.read(in);
    } catch (ParquetFormatException e) {
      SKIPPED.put(name, "Parrow rejects it (see CorpusInspectionIT): " + e.problem());
      return;
    }
    List<Map<String, Object>> fileRows;
    List<Map<String, Object>> chunkRows;
    try {
      fileRows = duckdb.query("SELECT * FROM parquet_file_metadata(" + DuckDb.literal(file) + ")");
      chunkRows =
          duckdb.query(
              "SELECT * FROM parquet_metadata("
                  + DuckDb.literal(file)
                  + ") ORDER BY row_group_id, column_id");
    } catch (SQLException e) {
      SKIPPED.put(name, "DuckDB cannot read it: " + e.getMessage().lines().findFirst().orElse(""));
      return;
    }
    Map<String, Object> f = fileRows.get(0);
    assertEquals(footer.metaData().numRows(), number(f.get("num_rows")), "rows");
    assertEquals(
        footer.metaData().rowGroups().size(), number(f.get("num_row_groups")), "row groups");
    assertEquals(footer.metaData().createdBy(), f.get("created_by"), "created_by");
    assertEquals(footer.metaData().version(), number(f.get("format_version")), "format version");
    assertEquals(footer.fileLength(), number(f.get("file_size_bytes")), "file size");
    assertEquals(footer.metadataLength(), number(f.get("footer_size")), "footer size");

    int expectedChunks = footer.metaData().rowGroups().size() * footer.schema().columnCount();
    assertEquals(expectedChunks, chunkRows.size(), "column chunks");
    int i = 0;
    for (int g = 0; g < footer.metaData().rowGroups().size(); g++) {
      RowGroup group = footer.metaData().rowGroups().get(g);
      for (int c = 0; c < group.columns().size(); c++) {
        Map<String, Object> row = chunkRows.get(i++);
        String where = "row group " + g + " column " + c + ": ";
        ColumnMetaData m = group.columns().get(c).metaData();
        assertEquals(g, number(row.get("row_group_id")), where + "row group id");
        assertEquals(c, number(row.get("column_id")), where + "column id");
        assertEquals(
            group.numRows(), number(row.get("row_group_num_rows")), where + "row group rows");
        assertEquals(
            footer.schema().columnCount(),
            number(row.get("row_group_num_columns")),
            where + "columns");
        assertEquals(m.numValues(), number(row.get("num_values")), where + "values");
        assertEquals(m.type().name(), row.get("type"), where + "physical type");
        assertEquals(m.codec().name(), row.get("compression"), where + "codec");
        assertEquals(
            m.encodings().stream().map(Encoding::name).collect(Collectors.joining(", ")),
            row.get("encodings"),
            where + "encodings");
        assertEquals(
            m.totalCompressedSize(),
            number(row.get("total_compressed_size")),
            where + "compressed size");
        assertEquals(
            m.totalUncompressedSize(),
            number(row.get("total_uncompressed_size")),
            where + "uncompressed size");
        assertEquals(
            m.dataPageOffset(), number(row.get("data_page_offset")), where + "data page offset");
        assertEquals(
            m.bloomFilterOffset(),
            numberOrNull(row.get("bloom_filter_offset")),
            where + "bloom offset");
        Long nullCount = m.statistics() == null ? null : m.statistics().nullCount();
        assertEquals(nullCount, numberOrNull(row.get("stats_null_count")), where + "null count");
      }
    }
  }

  private static long number(Object value) {
    return ((Number) value).longValue();
  }

  private static Long numberOrNull(Object value) {
    return value == null ? null : ((Number) value).longValue();
  }
}
