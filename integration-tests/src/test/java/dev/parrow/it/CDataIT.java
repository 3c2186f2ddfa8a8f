package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.cdata.ParquetStreams;
import dev.parrow.storage.OutputFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.JniWrapper;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBResultSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Parquet handed to native Arrow consumers through the C stream interface ({@link ParquetStreams}),
 * and native streams written as Parquet: DuckDB and Arrow C++ on the other side, their own reading
 * of the same file as the oracle. The buffers exported are the Java vectors' own, and every
 * allocator ends empty.
 */
class CDataIT {
  @TempDir Path dir;

  private static Path testdata(String name) {
    return FixturesIT.projectTestdata().resolve(name);
  }

  /**
   * DuckDB scans a Parrow stream (flat, nested and dictionary columns) and finds every row its own
   * read_parquet finds, and the same aggregates and filtered groups. UUID columns go out as the
   * arrow.uuid extension type (Parrow's default), so DuckDB sees UUIDs, as it does in the file; the
   * check compares every column.
   */
  @ParameterizedTest
  @ValueSource(strings = {"orders.parquet", "nested_zstd.parquet", "all_types_snappy.parquet"})
  void duckDbQueriesAParrowStream(String name) throws Exception {
    Path file = testdata(name);
    try (BufferAllocator allocator = new RootAllocator();
        Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("SET TimeZone = 'UTC'");
      List<String> columns = new ArrayList<>();
      try (ResultSet rs =
          s.executeQuery(
              "SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet("
                  + DuckDb.literal(file)
                  + "))")) {
        while (rs.next()) {
          columns.add('"' + rs.getString(1) + '"');
        }
      }
      String list = String.join(", ", columns);
      String own = "(SELECT " + list + " FROM read_parquet(" + DuckDb.literal(file) + "))";
      long rows;
      try (ParquetFile pf = ParquetFile.open(file);
          ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
        ParquetArrowReader reader =
            pf.newReader(allocator, ReadOptions.builder().batchSize(777).build());
        ParquetStreams.export(reader, allocator, stream);
        ((DuckDBConnection) c).registerArrowStream("parrow", stream);
        s.execute("CREATE TABLE streamed AS SELECT " + list + " FROM parrow");
        rows = pf.footer().metaData().numRows();
      }
      assertEquals(rows, count(s, "SELECT count(*) FROM streamed"));
      // One difference, by the type mapping: a millisecond timestamp is timestamp[ms] in Arrow (as
      // Arrow C++ reads it), which DuckDB calls TIMESTAMP_MS; its own read widens it to TIMESTAMP.
      assertEquals(
          rows(s, "SELECT column_name, column_type FROM (DESCRIBE " + own + ")"),
          rows(
              s,
              "SELECT column_name, replace(column_type, 'TIMESTAMP_MS', 'TIMESTAMP')"
                  + " FROM (DESCRIBE streamed)"),
          name + ": the types DuckDB sees in the stream are those of its own read");
      assertEquals(
          0,
          count(s, differing("streamed", own)),
          name + ": rows that differ between DuckDB's read and the Parrow stream");
      if (name.equals("orders.parquet")) {
        String query =
            "SELECT customer, count(*), sum(amount), max(ship_date), count(tags) FROM %s"
                + " WHERE quantity > 10 AND NOT express GROUP BY customer ORDER BY customer";
        assertEquals(rows(s, String.format(query, own)), rows(s, String.format(query, "streamed")));
      }
      assertEquals(0, allocator.getAllocatedMemory(), "DuckDB released every batch");
    }
  }

  /**
   * Arrow C++'s dataset writer consumes a Parrow stream (handed over by address, as a native caller
   * would) and writes Parquet that Parrow reads back as the original's rows.
   */
  @ParameterizedTest
  @ValueSource(strings = {"orders.parquet", "nested_v2_snappy.parquet"})
  void arrowCppWritesAParrowStream(String name) throws Exception {
    Path file = testdata(name);
    // Arrow C++ writes no month_day_nano intervals to Parquet: the nested file without them.
    ReadOptions options =
        name.startsWith("nested")
            ? ReadOptions.builder()
                .columns(
                    "id",
                    "l_int",
                    "l_dec38_10",
                    "l_varchar",
                    "l_timestamptz",
                    "l_l_l_int",
                    "l_struct")
                .batchSize(500)
                .build()
            : ReadOptions.builder().batchSize(500).build();
    Path out = dir.resolve("cpp");
    try (BufferAllocator allocator = new RootAllocator()) {
      try (ParquetFile pf = ParquetFile.open(file);
          ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
        ParquetStreams.export(pf.newReader(allocator, options), allocator, stream);
        ArrowCpp.read(testdata("orders.parquet"), allocator); // loads the JNI library
        JniWrapper.get()
            .writeFromScannerToFile(
                stream.memoryAddress(),
                FileFormat.PARQUET.id(),
                out.toUri().toString(),
                new String[0],
                1,
                "data_{i}.parquet");
        stream.release();
      }
      awaitEmpty(allocator);
    }
    Path written;
    try (var files = Files.list(out)) {
      written = files.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
    }
    assertEquals(
        FilterCorpusIT.rows(file, options.toBuilder().batchSize(65_536).build()),
        FilterCorpusIT.rows(written, ReadOptions.defaults()));
  }

  /**
   * Waits for the allocator to empty: Arrow C++ drops the last arrays it held from its own threads,
   * just after the call that consumed the stream returns.
   */
  private static void awaitEmpty(BufferAllocator allocator) throws InterruptedException {
    for (int i = 0; i < 1000 && allocator.getAllocatedMemory() != 0; i++) {
      Thread.sleep(10);
    }
    assertEquals(0, allocator.getAllocatedMemory(), "buffers still held: " + allocator);
  }

  /**
   * DuckDB's own Arrow export, handed over as a C stream, goes through Parrow's writer: the file
   * reads back, in DuckDB, as the query's rows.
   */
  @Test
  void parrowWritesDuckDbsStream() throws Exception {
    Path out = dir.resolve("from_duckdb.parquet");
    String query =
        "SELECT i AS id, 'v' || (i % 13) AS s, i / 7.0 AS d, [i, i + 1] AS l,"
            + " {'a': i % 3, 'b': 'x' || i} AS st, CASE WHEN i % 5 = 0 THEN NULL ELSE i END AS n"
            + " FROM range(20000) t(i)";
    long rows;
    try (BufferAllocator allocator = new RootAllocator();
        Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(query);
        ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
      // DuckDB's reader, exported again as a C stream: the shape a native producer hands over.
      // The stream owns it from here, and Parrow's writer releases the stream.
      ArrowReader duck = (ArrowReader) ((DuckDBResultSet) rs).arrowExportStream(allocator, 3000);
      Data.exportArrayStream(allocator, duck, stream);
      rows =
          ParquetStreams.writeAll(
              stream, allocator, OutputFile.of(out), WriteOptions.builder().build());
    }
    assertEquals(20_000, rows);
    try (DuckDb duck = new DuckDb()) {
      assertEquals(
          0L,
          ((Number)
                  duck.query(
                          differing("read_parquet(" + DuckDb.literal(out) + ")", "(" + query + ")"))
                      .get(0)
                      .get("n"))
              .longValue());
    }
  }

  /**
   * Zero-copy: the exported C array's buffers are the Java vectors' buffers, by address. Releasing
   * the array on the consumer's side frees everything it held.
   */
  @Test
  void exportedBuffersAreTheVectorsOwn() throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(testdata("orders.parquet"));
        ParquetArrowReader reader =
            pf.newReader(
                allocator, ReadOptions.builder().columns("order_id", "customer").build())) {
      assertTrue(reader.loadNextBatch());
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      try (ArrowArray array = ArrowArray.allocateNew(allocator);
          ArrowSchema schema = ArrowSchema.allocateNew(allocator)) {
        Data.exportVectorSchemaRoot(allocator, root, reader, array, schema);
        ArrowArray.Snapshot top = array.snapshot();
        assertEquals(root.getRowCount(), top.length);
        for (int c = 0; c < root.getFieldVectors().size(); c++) {
          FieldVector v = root.getFieldVectors().get(c);
          long childAddress = MemoryUtil.getLong(top.children + 8L * c);
          ArrowArray child = ArrowArray.wrap(childAddress);
          ArrowArray.Snapshot snapshot = child.snapshot();
          var buffers = v.getFieldBuffers();
          assertEquals(buffers.size(), snapshot.n_buffers, v.getName());
          for (int b = 0; b < buffers.size(); b++) {
            long exported = MemoryUtil.getLong(snapshot.buffers + 8L * b);
            assertEquals(
                buffers.get(b).memoryAddress(),
                exported,
                v.getName() + " buffer " + b + " was copied");
          }
        }
        // The consumer's release (here, an import that takes ownership and is closed).
        try (VectorSchemaRoot imported =
            Data.importVectorSchemaRoot(allocator, array, schema, null)) {
          assertEquals(root.getRowCount(), imported.getRowCount());
        }
      }
    }
  }

  /**
   * Lifetimes: a consumer that stops after one batch, and one that never reads, release the stream;
   * the reader is closed and the allocator ends empty either way.
   */
  @Test
  void closingEarlyOnEitherSideLeaksNothing() throws Exception {
    for (int batchesRead : new int[] {0, 1}) {
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile pf = ParquetFile.open(testdata("nested_zstd.parquet"))) {
        try (ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
          ParquetStreams.export(
              pf.newReader(allocator, ReadOptions.builder().batchSize(100).build()),
              allocator,
              stream);
          try (ArrowReader consumer = Data.importArrayStream(allocator, stream)) {
            for (int i = 0; i < batchesRead; i++) {
              assertTrue(consumer.loadNextBatch());
            }
          }
        }
        assertEquals(0, allocator.getAllocatedMemory(), batchesRead + " batches read");
      }
    }
    // The producer's side: a stream whose consumer never took it is released by closing it.
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(testdata("orders.parquet"))) {
      ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator);
      ParquetStreams.export(pf.newReader(allocator, ReadOptions.defaults()), allocator, stream);
      stream.release();
      stream.close();
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  /**
   * A corrupt page in the middle of the stream reaches the consumer as the stream's error, with the
   * ParquetFormatException's message: through Java's import, and through DuckDB.
   */
  @Test
  void anErrorMidStreamReachesTheConsumer() throws Exception {
    Path corrupt = dir.resolve("corrupt.parquet");
    byte[] bytes = Files.readAllBytes(testdata("orders.parquet"));
    // The middle of the file is page data of a later row group: flip a run of bytes there.
    for (int i = bytes.length / 2; i < bytes.length / 2 + 64; i++) {
      bytes[i] ^= (byte) 0x5A;
    }
    Files.write(corrupt, bytes);
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile pf = ParquetFile.open(corrupt)) {
      try (ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
        ParquetStreams.export(
            pf.newReader(allocator, ReadOptions.builder().batchSize(512).build()),
            allocator,
            stream);
        try (ArrowReader consumer = Data.importArrayStream(allocator, stream)) {
          Exception e =
              assertThrows(
                  Exception.class,
                  () -> {
                    while (consumer.loadNextBatch()) {
                      // read on until the damage
                    }
                  });
          assertTrue(String.valueOf(e.getMessage()).contains(corrupt.toString()), e.toString());
          assertTrue(String.valueOf(e.getMessage()).contains("row group"), e.toString());
        }
      }
      assertEquals(0, allocator.getAllocatedMemory());

      try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
          Statement s = c.createStatement();
          ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
        ParquetStreams.export(
            pf.newReader(allocator, ReadOptions.builder().batchSize(512).build()),
            allocator,
            stream);
        ((DuckDBConnection) c).registerArrowStream("broken", stream);
        Exception e =
            assertThrows(Exception.class, () -> s.executeQuery("SELECT count(*) FROM broken"));
        assertTrue(String.valueOf(e.getMessage()).contains(corrupt.toString()), e.toString());
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  /**
   * DuckDB has no half float: read with float16AsFloat, every one of the 65,536 FLOAT16 bit
   * patterns (written by Parrow) reaches DuckDB through a stream as the FLOAT its own reader makes
   * of the file, NaNs and infinities included.
   */
  @Test
  void float16GoesToDuckDbAsFloat() throws Exception {
    Path file = dir.resolve("halves.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        org.apache.arrow.vector.Float2Vector halves =
            new org.apache.arrow.vector.Float2Vector("h", allocator);
        org.apache.arrow.vector.IntVector bits =
            new org.apache.arrow.vector.IntVector("bits", allocator);
        VectorSchemaRoot root = VectorSchemaRoot.of(bits, halves)) {
      halves.allocateNew(65_537);
      bits.allocateNew(65_537);
      for (int b = 0; b < 65_536; b++) {
        halves.set(b, (short) b);
        bits.set(b, b);
      }
      halves.setNull(65_536);
      bits.set(65_536, -1);
      root.setRowCount(65_537);
      try (var w =
          dev.parrow.arrow.ParquetArrowWriter.create(
              file, root.getSchema(), WriteOptions.defaults())) {
        w.write(root);
      }
    }
    try (BufferAllocator allocator = new RootAllocator();
        Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      try (ParquetFile pf = ParquetFile.open(file);
          ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
        ParquetStreams.export(
            pf.newReader(
                allocator, ReadOptions.builder().types(t -> t.float16AsFloat(true)).build()),
            allocator,
            stream);
        ((DuckDBConnection) c).registerArrowStream("halves", stream);
        s.execute("CREATE TABLE streamed AS FROM halves");
      }
      assertStreamedIsDuckDbsOwnRead(s, file);
      assertEquals(65_537, count(s, "SELECT count(*) FROM streamed"));
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  /**
   * A logical type Parrow does not know reads as its physical type, noted in the field metadata and
   * with no extension type: DuckDB takes the stream's bytes as plain BLOBs, as its own read of the
   * file does.
   */
  @Test
  void anUnknownLogicalTypeGoesToDuckDbAsItsPhysicalType() throws Exception {
    Path file = Corpus.parquetTesting().resolve("data").resolve("unknown-logical-type.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      try (ParquetFile pf = ParquetFile.open(file);
          ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
        var field = pf.arrowSchema().findField("column with unknown type");
        assertEquals(new org.apache.arrow.vector.types.pojo.ArrowType.Binary(), field.getType());
        assertEquals(
            java.util.Map.of("parquet.logical_type", "UNKNOWN_LOGICAL_TYPE(2555)"),
            field.getMetadata());
        ParquetStreams.export(pf.newReader(allocator), allocator, stream);
        ((DuckDBConnection) c).registerArrowStream("unknown", stream);
        s.execute("CREATE TABLE streamed AS FROM unknown");
      }
      assertStreamedIsDuckDbsOwnRead(s, file);
      assertEquals(3, count(s, "SELECT count(*) FROM streamed"));
    }
  }

  /**
   * The table {@code streamed} (what DuckDB took from a Parrow stream) has the column types and the
   * rows of DuckDB's own read of {@code file}.
   */
  private static void assertStreamedIsDuckDbsOwnRead(Statement s, Path file) throws Exception {
    String own = "read_parquet(" + DuckDb.literal(file) + ")";
    assertEquals(
        rows(s, "SELECT column_name, column_type FROM (DESCRIBE FROM " + own + ")"),
        rows(s, "SELECT column_name, column_type FROM (DESCRIBE streamed)"));
    assertEquals(0, count(s, differing("streamed", own)));
  }

  /** The query counting (as n) the rows of {@code a} and {@code b} that the other lacks. */
  private static String differing(String a, String b) {
    return "SELECT count(*) AS n FROM ((FROM "
        + a
        + " EXCEPT ALL FROM "
        + b
        + ") UNION ALL (FROM "
        + b
        + " EXCEPT ALL FROM "
        + a
        + "))";
  }

  private static long count(Statement s, String sql) throws Exception {
    try (ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next());
      return rs.getLong(1);
    }
  }

  private static List<List<Object>> rows(Statement s, String sql) throws Exception {
    List<List<Object>> out = new ArrayList<>();
    try (ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<Object> row = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          row.add(rs.getObject(i));
        }
        out.add(row);
      }
    }
    assertFalse(out.isEmpty(), sql);
    return out;
  }
}
