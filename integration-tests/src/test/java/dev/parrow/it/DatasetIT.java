package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.DatasetColumn;
import dev.parrow.arrow.DatasetOptions;
import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetDataset;
import dev.parrow.arrow.ParquetDatasetReader;
import dev.parrow.arrow.ParquetDatasetWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.duckdb.DuckDBResultSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Datasets: Parrow's hive-partitioned writer read back by DuckDB ({@code read_parquet(glob,
 * hive_partitioning = true)}) equal to the source, and Parrow's dataset reader equal to DuckDB's
 * reading of the same directory, with schema unification, filters that prune whole files, and
 * read-ahead that keeps the order.
 */
class DatasetIT {
  @TempDir static Path dir;
  static Path source;
  static Path written;

  /** The columns compared, in DuckDB's order for the hive read. */
  static final String COLUMNS = "id, v, s, price, f, region, day";

  @BeforeAll
  static void writeDataset() throws Exception {
    source = dir.resolve("source.parquet");
    try (DuckDb duck = new DuckDb()) {
      duck.execute(
          "COPY (SELECT CAST(i AS BIGINT) AS id,"
              + " CASE WHEN i % 7 = 0 THEN NULL ELSE CAST(i % 50 AS INTEGER) END AS v,"
              + " CASE WHEN i % 11 = 0 THEN NULL ELSE 'row ' || i || ' ✓' END AS s,"
              + " CAST(i * 1.25 AS DECIMAL(10, 2)) AS price, i / 4.0 AS f,"
              + " CASE i % 5 WHEN 0 THEN 'EU' WHEN 1 THEN 'US' WHEN 2 THEN 'a/b c=d' WHEN 3 THEN"
              + " 'été' ELSE NULL END AS region,"
              + " CASE WHEN i % 13 = 0 THEN NULL ELSE DATE '2024-01-01' + CAST(i // 400 AS"
              + " INTEGER) END AS day"
              + " FROM range(3000) t(i) ORDER BY i) TO "
              + DuckDb.literal(source)
              + " (FORMAT parquet, ROW_GROUP_SIZE 1000)");
    }
    written = dir.resolve("written");
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile file = ParquetFile.open(source);
        ParquetArrowReader reader =
            file.newReader(allocator, ReadOptions.builder().batchSize(700).build());
        ParquetDatasetWriter writer =
            ParquetDatasetWriter.create(
                written,
                reader.getVectorSchemaRoot().getSchema(),
                WriteOptions.defaults(),
                ParquetDatasetWriter.Layout.partitionBy("region", "day").withMaxRowsPerFile(120))) {
      while (reader.loadNextBatch()) {
        writer.write(reader.getVectorSchemaRoot());
      }
    }
  }

  /**
   * A dataset reads each file with the footer it read when it opened: the files are not asked for
   * their footers again. Shown by breaking every file's trailing magic after the dataset opened:
   * the read still gives every row, and a fresh open of a file fails.
   */
  @Test
  void aDatasetOpensItsFilesWithTheFootersItRead() throws Exception {
    Path root = smallHiveTable(dir.resolve("footers_once"));
    ParquetDataset dataset = ParquetDataset.open(root.toString());
    List<Path> files;
    try (Stream<Path> all = Files.walk(root)) {
      files = all.filter(p -> p.toString().endsWith(".parquet")).toList();
    }
    for (Path f : files) {
      try (var channel =
          java.nio.channels.FileChannel.open(f, java.nio.file.StandardOpenOption.WRITE)) {
        channel.write(java.nio.ByteBuffer.wrap("XXXX".getBytes()), channel.size() - 4);
      }
    }
    assertThrows(Exception.class, () -> ParquetFile.open(files.get(0)).close());
    try (BufferAllocator allocator = new RootAllocator();
        ParquetDatasetReader reader = dataset.newReader(allocator)) {
      assertEquals(200, rows(reader).size());
    }
  }

  /** A small table in {@code part=N/} directories (four of them), written by DuckDB. */
  static Path smallHiveTable(Path root) throws Exception {
    try (DuckDb duck = new DuckDb()) {
      duck.execute(
          "COPY (SELECT i AS id, 'v' || i AS s, i % 4 AS part FROM range(200) t(i)) TO "
              + DuckDb.literal(root)
              + " (FORMAT parquet, PARTITION_BY (part))");
    }
    return root;
  }

  /** Canonical rows of every batch of {@code reader}. */
  static List<List<Object>> rows(ArrowReader reader) throws Exception {
    List<List<Object>> out = new ArrayList<>();
    while (reader.loadNextBatch()) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      for (int i = 0; i < root.getRowCount(); i++) {
        List<Object> row = new ArrayList<>();
        for (FieldVector v : root.getFieldVectors()) {
          row.add(Canonical.value(v, i, reader));
        }
        out.add(row);
      }
    }
    return out;
  }

  /** The dataset's rows as text lines, in the reader's order. */
  static List<String> lines(ParquetDataset dataset, BufferAllocator allocator, ReadOptions options)
      throws Exception {
    List<String> out = new ArrayList<>();
    try (ParquetDatasetReader reader = dataset.newReader(allocator, options)) {
      for (List<Object> row : rows(reader)) {
        out.add(row.toString());
      }
    }
    return out;
  }

  /** DuckDB's answer to a query, through its Arrow export, as canonical rows. */
  static List<List<Object>> duck(String sql) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql);
        ArrowReader reader =
            (ArrowReader) ((DuckDBResultSet) rs).arrowExportStream(allocator, 1024)) {
      return rows(reader);
    }
  }

  static String hive(Path root) {
    return "read_parquet("
        + DuckDb.literal(root.resolve("**").resolve("*.parquet"))
        + ", hive_partitioning = true, hive_types_autocast = true)";
  }

  static List<List<Object>> parrow(ParquetDataset dataset, ReadOptions options) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetDatasetReader reader = dataset.newReader(allocator, options)) {
      return rows(reader);
    }
  }

  static List<List<Object>> sortedById(List<List<Object>> rows) {
    List<List<Object>> out = new ArrayList<>(rows);
    out.sort(Comparator.comparingLong(r -> ((Number) r.get(0)).longValue()));
    return out;
  }

  @Test
  void duckDbReadsTheWrittenDatasetEqualToTheSource() throws Exception {
    List<List<Object>> want =
        duck(
            "SELECT " + COLUMNS + " FROM read_parquet(" + DuckDb.literal(source) + ") ORDER BY id");
    List<List<Object>> got = duck("SELECT " + COLUMNS + " FROM " + hive(written) + " ORDER BY id");
    assertEquals(3000, want.size());
    assertEquals(want, got);
    try (Stream<Path> files = Files.walk(written)) {
      List<Path> parquet = files.filter(p -> p.toString().endsWith(".parquet")).toList();
      assertTrue(parquet.size() > 30, parquet.size() + " files");
      for (Path p : parquet) {
        try (ParquetFile f = ParquetFile.open(p)) {
          assertTrue(f.metadata().numRows() <= 120, p + ": " + f.metadata().numRows() + " rows");
          assertEquals(5, f.arrowSchema().getFields().size(), "no partition column inside " + p);
        }
      }
      assertTrue(
          parquet.stream().anyMatch(p -> p.toString().contains("region=a%2Fb c%3Dd")),
          parquet.toString());
      assertTrue(
          parquet.stream().anyMatch(p -> p.toString().contains("day=__HIVE_DEFAULT_PARTITION__")),
          parquet.toString());
    }
  }

  @Test
  void parrowReadsTheDatasetAsDuckDbDoes() throws Exception {
    ParquetDataset dataset = ParquetDataset.open(written.toString());
    assertEquals(
        new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY),
        dataset.schema().findField("day").getType());
    assertEquals(ArrowType.Utf8.INSTANCE, dataset.schema().findField("region").getType());
    ReadOptions ordered =
        ReadOptions.builder()
            .columns(COLUMNS.split(", "))
            .requestedOrder(true)
            .batchSize(50)
            .build();
    List<List<Object>> want = duck("SELECT " + COLUMNS + " FROM " + hive(written) + " ORDER BY id");
    assertEquals(want, sortedById(parrow(dataset, ordered)));
    // A glob names the same files.
    ParquetDataset globbed = ParquetDataset.open(written + "/**/*.parquet");
    assertEquals(dataset.files(), globbed.files());
  }

  @Test
  void filtersMatchDuckDbAndSkipFiles() throws Exception {
    ParquetDataset dataset = ParquetDataset.open(written.toString());
    List<String> filters =
        List.of(
            "region = 'EU'",
            "region = 'EU' AND v > 40",
            "region IS NULL OR day IS NULL",
            "day BETWEEN '2024-01-03' AND '2024-01-05' AND s IS NOT NULL",
            "NOT (region IN ('US', 'été')) AND id < 1000",
            "region > 'US' OR v = 3",
            "region = 'a/b c=d' AND price >= 100");
    for (String where : filters) {
      ReadOptions options =
          ReadOptions.builder()
              .columns(COLUMNS.split(", "))
              .requestedOrder(true)
              .filter(where)
              .build();
      List<List<Object>> want =
          duck("SELECT " + COLUMNS + " FROM " + hive(written) + " WHERE " + where + " ORDER BY id");
      assertEquals(want, sortedById(parrow(dataset, options)), where);
    }
    try (BufferAllocator allocator = new RootAllocator();
        ParquetDatasetReader reader =
            dataset.newReader(allocator, ReadOptions.builder().filter("region = 'EU'").build())) {
      assertTrue(
          reader.filesSkipped() > dataset.files().size() / 2, reader.filesSkipped() + " skipped");
      while (reader.loadNextBatch()) {
        // read to the end
      }
      assertEquals(600, reader.stats().rows());
    }
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class,
            () -> parrow(dataset, ReadOptions.builder().filter("nope = 1").build()));
    assertTrue(bad.getMessage().contains("'nope'"), bad.getMessage());
    IllegalArgumentException badLiteral =
        assertThrows(
            IllegalArgumentException.class,
            () -> parrow(dataset, ReadOptions.builder().filter("day = 'tuesday'").build()));
    assertTrue(badLiteral.getMessage().contains("'day'"), badLiteral.getMessage());
  }

  @Test
  void readAheadKeepsFileOrderAndFreesEverything() throws Exception {
    List<String> one;
    try (BufferAllocator allocator = new RootAllocator()) {
      one =
          lines(
              ParquetDataset.open(
                  List.of(written.toString()), DatasetOptions.builder().filesAtOnce(1).build()),
              allocator,
              ReadOptions.builder().batchSize(33).build());
      for (int ahead : new int[] {3, 16}) {
        assertEquals(
            one,
            lines(
                ParquetDataset.open(
                    List.of(written.toString()),
                    DatasetOptions.builder().filesAtOnce(ahead).build()),
                allocator,
                ReadOptions.builder().batchSize(33).build()));
      }
      // Closing in the middle stops the read-ahead and frees its batches.
      try (ParquetDatasetReader reader =
          ParquetDataset.open(written.toString()).newReader(allocator, ReadOptions.defaults())) {
        assertTrue(reader.loadNextBatch());
        Thread.sleep(50);
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
    assertEquals(3000, one.size());
  }

  /** Large strings, integers and booleans partition too; every row comes back in its directory. */
  @Test
  void otherPartitionColumnTypes() throws Exception {
    Path root = dir.resolve("large-keys");
    try (BufferAllocator allocator = new RootAllocator();
        org.apache.arrow.vector.BigIntVector id =
            new org.apache.arrow.vector.BigIntVector("id", allocator);
        org.apache.arrow.vector.LargeVarCharVector region =
            new org.apache.arrow.vector.LargeVarCharVector("region", allocator);
        org.apache.arrow.vector.BitVector flag =
            new org.apache.arrow.vector.BitVector("flag", allocator)) {
      int n = 1000;
      id.allocateNew(n);
      region.allocateNew(n);
      flag.allocateNew(n);
      for (int i = 0; i < n; i++) {
        id.set(i, i);
        region.setSafe(
            i,
            ("r" + (i % 3 == 0 ? "EU" : i % 3 == 1 ? "US" : "ÉTÉ"))
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        flag.set(i, i % 2);
      }
      id.setValueCount(n);
      region.setValueCount(n);
      flag.setValueCount(n);
      VectorSchemaRoot batch = new VectorSchemaRoot(List.of(id, region, flag));
      try (ParquetDatasetWriter writer =
          ParquetDatasetWriter.create(
              root,
              batch.getSchema(),
              WriteOptions.defaults(),
              ParquetDatasetWriter.Layout.partitionBy("region", "flag"))) {
        writer.write(batch);
      }
    }
    ParquetDataset dataset = ParquetDataset.open(root.toString());
    assertEquals(6, dataset.files().size());
    List<List<Object>> rows = sortedById(parrow(dataset, ReadOptions.defaults()));
    assertEquals(1000, rows.size());
    for (int i = 0; i < 1000; i++) {
      assertEquals(
          List.of(
              String.valueOf(i),
              "r" + (i % 3 == 0 ? "EU" : i % 3 == 1 ? "US" : "ÉTÉ"),
              i % 2 == 1 ? "true" : "false"),
          rows.get(i).stream().map(String::valueOf).toList(),
          "row " + i);
    }
  }

  /**
   * 40,000 rows in three {@code part=N/} directories, in row groups of 2,048 rows, written by
   * DuckDB.
   */
  private static Path slicedTable(Path big) throws Exception {
    try (DuckDb duck = new DuckDb()) {
      duck.execute(
          "COPY (SELECT i AS id, md5(CAST(i AS VARCHAR)) AS h, i % 3 AS part FROM range(40000) t(i))"
              + " TO "
              + DuckDb.literal(big)
              + " (FORMAT parquet, PARTITION_BY (part), ROW_GROUP_SIZE 2048)");
    }
    return big;
  }

  /** The rows of some slices of a dataset, read as a worker of a distributed engine reads them. */
  private static List<List<Object>> sliceRows(
      ParquetDataset dataset, List<dev.parrow.arrow.DatasetSlice> slices, ReadOptions read)
      throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetDatasetReader reader =
            ParquetDatasetReader.open(
                allocator,
                dataset.schema(),
                dataset.partitionKeys(),
                slices,
                read,
                dataset.options())) {
      return rows(reader);
    }
  }

  /** Slices cut at any size read every row once, as the whole dataset does. */
  @Test
  void slicesReadEveryRowOnce() throws Exception {
    Path big = slicedTable(dir.resolve("sliced"));
    ParquetDataset dataset = ParquetDataset.open(big.toString());
    List<List<Object>> whole = sortedById(parrow(dataset, ReadOptions.defaults()));
    for (long max : new long[] {1, 50_000, 200_000, Long.MAX_VALUE}) {
      List<dev.parrow.arrow.DatasetSlice> slices = dataset.slices(max);
      long groups = slices.stream().mapToLong(x -> x.rowGroups().size()).sum();
      List<List<Object>> got = sliceRows(dataset, slices, ReadOptions.defaults());
      assertEquals(whole, sortedById(got), "slices of " + max + " bytes");
      if (max == Long.MAX_VALUE) {
        assertEquals(dataset.files().size(), slices.size());
      } else if (max == 1) {
        assertEquals(groups, slices.size(), "one row group per slice");
      }
    }
  }

  /**
   * Slices planned with a filter leave out what the footers rule out, by partition values and by
   * row-group statistics (DuckDB's parquet_metadata says which row groups those are), and read the
   * rows DuckDB's WHERE gives.
   */
  @Test
  void filteredSlicesLeaveOutWhatTheFootersRuleOut() throws Exception {
    Path big = slicedTable(dir.resolve("sliced-filtered"));
    ParquetDataset dataset = ParquetDataset.open(big.toString());
    String where = "id < 5000 AND part = 1";
    ReadOptions read = ReadOptions.builder().columns("id", "h", "part").filter(where).build();
    List<List<Object>> matching =
        duck(
            "SELECT count(*) FROM parquet_metadata("
                + DuckDb.literal(big.resolve("part=1/*.parquet"))
                + ") WHERE path_in_schema = 'id' AND CAST(stats_min_value AS BIGINT) < 5000");
    long groupsThatMayMatch = ((Number) matching.get(0).get(0)).longValue();
    long groupsOfPartOne =
        dataset.slices(Long.MAX_VALUE).stream()
            .filter(x -> Long.valueOf(1).equals(x.partitions().get("part")))
            .mapToLong(x -> x.rows())
            .sum();
    // Statistics leave some row groups of part=1 (of 2,048 rows each) out, not all.
    assertTrue(
        groupsThatMayMatch > 0 && groupsThatMayMatch * 2048 < groupsOfPartOne,
        groupsThatMayMatch + " groups may match of " + groupsOfPartOne + " rows");
    List<List<Object>> want =
        duck("SELECT id, h, part FROM " + hive(big) + " WHERE " + where + " ORDER BY id");
    for (long max : new long[] {1, 50_000, Long.MAX_VALUE}) {
      List<dev.parrow.arrow.DatasetSlice> all = dataset.slices(max);
      List<dev.parrow.arrow.DatasetSlice> slices = dataset.slices(max, read);
      assertTrue(slices.size() < all.size(), slices.size() + " of " + all.size());
      assertEquals(
          groupsThatMayMatch,
          slices.stream().mapToLong(x -> x.rowGroups().size()).sum(),
          "row groups left of slices of " + max + " bytes");
      for (dev.parrow.arrow.DatasetSlice slice : slices) {
        assertEquals(1L, slice.partitions().get("part"), slice.location());
      }
      assertEquals(
          want, sortedById(sliceRows(dataset, slices, read)), "slices of " + max + " bytes");
    }
    // A reader of the whole dataset settles the filter the same way: the files of the other
    // partitions and the row groups the statistics rule out are counted, never opened.
    try (BufferAllocator allocator = new RootAllocator();
        ParquetDatasetReader reader = dataset.newReader(allocator, read)) {
      assertEquals(want, sortedById(rows(reader)));
      assertEquals(2, reader.filesSkipped());
      assertEquals(groupsThatMayMatch, reader.stats().rowGroupsRead());
    }
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class,
            () -> dataset.slices(1, ReadOptions.builder().filter("nope = 1").build()));
    assertTrue(bad.getMessage().contains("'nope'"), bad.getMessage());
  }

  @Test
  void schemasAreUnifiedByName() throws Exception {
    Path root = dir.resolve("unify");
    Files.createDirectories(root);
    try (DuckDb duck = new DuckDb()) {
      duck.execute(
          "COPY (SELECT CAST(i AS INTEGER) AS id, 'a' || i AS a, CAST(i + 0.5 AS FLOAT) AS f,"
              + " CAST(i + 0.25 AS DECIMAL(5, 2)) AS d FROM range(0, 100) t(i)) TO "
              + DuckDb.literal(root.resolve("1.parquet"))
              + " (FORMAT parquet)");
      duck.execute(
          "COPY (SELECT CAST(i AS BIGINT) AS id, CAST(i * 2 AS DOUBLE) AS b, CAST(i + 0.5 AS DOUBLE) AS f,"
              + " CAST(i + 0.125 AS DECIMAL(10, 3)) AS d FROM range(100, 150) t(i)) TO "
              + DuckDb.literal(root.resolve("2.parquet"))
              + " (FORMAT parquet)");
    }
    ParquetDataset dataset = ParquetDataset.open(root.toString());
    assertEquals(
        "Schema<id: Int(64, true), a: Utf8, f: FloatingPoint(DOUBLE), d: Decimal(10, 3, 128),"
            + " b: FloatingPoint(DOUBLE)>",
        dataset.schema().toString());
    DatasetColumn id = dataset.describe().get(0);
    assertEquals(List.of("Int(32, true)"), id.widenedFrom());
    assertEquals(1, dataset.describe().get(1).filesWithColumn());
    List<List<Object>> want =
        duck(
            "SELECT id, a, f, d, b FROM read_parquet("
                + DuckDb.literal(root.resolve("*.parquet"))
                + ", union_by_name = true) ORDER BY id");
    assertEquals(want, sortedById(parrow(dataset, ReadOptions.defaults())));

    try (DuckDb duck = new DuckDb()) {
      duck.execute(
          "COPY (SELECT 'x' AS id) TO "
              + DuckDb.literal(root.resolve("3.parquet"))
              + " (FORMAT parquet)");
    }
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ParquetDataset.open(root.toString()));
    assertTrue(
        e.getMessage().contains("1.parquet") && e.getMessage().contains("3.parquet"),
        e.getMessage());
  }

  @Test
  void writerRefusesAnExistingDatasetAndAbortLeavesNothing() throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile file = ParquetFile.open(source);
        ParquetArrowReader reader =
            file.newReader(allocator, ReadOptions.builder().batchSize(1000).build())) {
      assertThrows(
          FileAlreadyExistsException.class,
          () ->
              ParquetDatasetWriter.create(
                  written,
                  reader.getVectorSchemaRoot().getSchema(),
                  WriteOptions.defaults(),
                  ParquetDatasetWriter.Layout.partitionBy("region")));
      Path aborted = dir.resolve("aborted");
      ParquetDatasetWriter writer =
          ParquetDatasetWriter.create(
              aborted,
              reader.getVectorSchemaRoot().getSchema(),
              WriteOptions.defaults(),
              ParquetDatasetWriter.Layout.partitionBy("region")
                  .withMaxRowsPerFile(150)
                  .withMaxOpenFiles(2));
      assertTrue(reader.loadNextBatch());
      writer.write(reader.getVectorSchemaRoot());
      assertTrue(!writer.files().isEmpty(), "files closed to keep two open were finished");
      writer.abort();
      // The dataset appears whole or not at all: the finished files and the directories the
      // writer made are gone too.
      assertFalse(Files.exists(aborted), "an aborted dataset leaves nothing");
    }
  }
}
