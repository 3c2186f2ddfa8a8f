package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.DatasetOptions;
import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetDataset;
import dev.parrow.arrow.ParquetDatasetWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.storage.OutputFile;
import dev.parrow.storage.RemoteOptions;
import dev.parrow.storage.S3Settings;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes to S3 through a real S3-compatible server on 127.0.0.1 (s3proxy, Signature V4): a file
 * sent as a multipart upload reads back equal in Parrow and, fetched, in DuckDB; a partitioned
 * dataset reads back equal to the rows written; a failed write, an aborted dataset and a CLI
 * stopped by SIGTERM leave no object and no multipart upload; the CLI writes to {@code s3://} with
 * the credentials and endpoint of the environment.
 */
class S3WriteIT {
  @TempDir static Path dir;
  static S3Server s3;
  static Path lineitem;

  @BeforeAll
  static void start() throws Exception {
    s3 = new S3Server(dir);
    lineitem = LineitemFile.write(dir);
  }

  @AfterAll
  static void stop() throws Exception {
    s3.close();
  }

  /** S3's smallest part size, so that lineitem goes in several parts. */
  static RemoteOptions options() {
    return RemoteOptions.builder()
        .s3(S3Settings.of(s3.endpoint, "us-east-1", S3Server.ACCESS, S3Server.SECRET))
        .partSize(5 << 20)
        .partsInFlight(3)
        .build();
  }

  /**
   * Writes lineitem as a dataset partitioned by one column, checking after each batch that nothing
   * is listed before the commit; the writer's locations.
   */
  static List<String> writeDataset(
      Path lineitem,
      String root,
      String partitionBy,
      RemoteOptions options,
      ListingCheck nothingListed)
      throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile source = ParquetFile.open(lineitem);
        ParquetArrowReader reader = source.newReader(allocator)) {
      ParquetDatasetWriter writer =
          ParquetDatasetWriter.create(
              root,
              reader.getVectorSchemaRoot().getSchema(),
              WriteOptions.defaults(),
              ParquetDatasetWriter.Layout.partitionBy(partitionBy).withMaxRowsPerFile(150_000),
              options);
      while (reader.loadNextBatch()) {
        writer.write(reader.getVectorSchemaRoot());
        nothingListed.check();
      }
      writer.close();
      return writer.locations();
    }
  }

  /** A check that the store lists nothing yet. */
  interface ListingCheck {
    void check() throws Exception;
  }

  /** The dataset under {@code root} holds lineitem's rows, the partition column last. */
  static void assertDatasetIsLineitem(
      String root, String partitionBy, RemoteOptions options, Path lineitem) throws Exception {
    try (BufferAllocator allocator = new RootAllocator()) {
      ParquetDataset dataset =
          ParquetDataset.open(
              List.of(root + "/"), DatasetOptions.builder().remote(options).build());
      List<String> got = DatasetIT.lines(dataset, allocator, ReadOptions.defaults());
      List<String> want = new ArrayList<>();
      for (List<Object> row :
          DatasetIT.duck(
              "SELECT * EXCLUDE ("
                  + partitionBy
                  + "), "
                  + partitionBy
                  + " FROM read_parquet("
                  + DuckDb.literal(lineitem)
                  + ")")) {
        want.add(row.toString());
      }
      Collections.sort(got);
      Collections.sort(want);
      assertSameLines(want, got);
    }
  }

  @Test
  void multipartWriteReadsBackEqualInParrowAndDuckDb() throws Exception {
    assertTrue(Files.size(lineitem) > 10 << 20, "lineitem must take several 5 MiB parts");
    String uri = "s3://bucket/out/lineitem.parquet";
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile source = ParquetFile.open(lineitem);
        ParquetArrowReader reader = source.newReader(allocator)) {
      // Plain encodings, so that the file is about as large as the source.
      ParquetArrowWriter.writeAll(
          reader,
          OutputFile.of(uri, options()),
          WriteOptions.builder().dictionary(false).build(),
          rows -> {});
    }
    assertEquals(0, s3.openUploads(), "the upload was completed");
    Path fetched = s3.download("out/lineitem.parquet", dir);
    assertTrue(Files.size(fetched) > 10 << 20, "written in parts: " + Files.size(fetched));
    List<List<Object>> want = FilterCorpusIT.rows(lineitem, ReadOptions.defaults());
    try (ParquetFile written = ParquetFile.open(uri, options())) {
      assertEquals(want, FilterCorpusIT.rows(written, ReadOptions.defaults()));
    }
    String order = " ORDER BY l_orderkey, l_linenumber";
    assertEquals(
        DatasetIT.duck("SELECT * FROM read_parquet(" + DuckDb.literal(lineitem) + ")" + order),
        DatasetIT.duck("SELECT * FROM read_parquet(" + DuckDb.literal(fetched) + ")" + order));
  }

  @Test
  void partitionedDatasetReadsBackEqual() throws Exception {
    String root = "s3://bucket/lineitem_by_flag";
    // Staged files are uploads not yet completed: nothing to list until the commit.
    List<String> written =
        writeDataset(
            lineitem,
            root,
            "l_returnflag",
            options(),
            () -> assertEquals(List.of(), s3.keys("lineitem_by_flag/")));
    List<String> objects = s3.keys("lineitem_by_flag/");
    assertEquals(written.size(), objects.size());
    assertEquals(0, s3.openUploads());
    assertTrue(
        objects.stream()
            .allMatch(k -> k.matches("lineitem_by_flag/l_returnflag=[ANR]/part-.*\\.parquet")),
        objects.toString());
    assertDatasetIsLineitem(root, "l_returnflag", options(), lineitem);
  }

  /** Equal lists of lines, or the first difference (not two lists of 400,000 lines). */
  static void assertSameLines(List<String> want, List<String> got) {
    assertEquals(want.size(), got.size(), "rows");
    for (int i = 0; i < want.size(); i++) {
      assertEquals(want.get(i), got.get(i), "row " + i);
    }
  }

  @Test
  void failedAndAbortedWritesLeaveNothing() throws Exception {
    // A writer that fails after several parts were sent.
    OutputFile out = OutputFile.of("s3://bucket/failed/file.parquet", options());
    try (OutputStream stream = out.open()) {
      stream.write(new byte[12 << 20]);
    }
    assertTrue(s3.openUploads() > 0, "parts were sent while the writer went on");
    out.abort();
    assertEquals(0, s3.openUploads());
    assertEquals(List.of(), s3.keys("failed/"));

    // A dataset whose batch has another schema: aborted, its staged files with it.
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile source = ParquetFile.open(lineitem);
        ParquetArrowReader reader = source.newReader(allocator)) {
      ParquetDatasetWriter writer =
          ParquetDatasetWriter.create(
              "s3://bucket/aborted/",
              reader.getVectorSchemaRoot().getSchema(),
              WriteOptions.defaults(),
              ParquetDatasetWriter.Layout.partitionBy("l_linestatus").withMaxRowsPerFile(50_000),
              options());
      reader.loadNextBatch();
      writer.write(reader.getVectorSchemaRoot());
      try (ParquetArrowReader other =
          source.newReader(allocator, ReadOptions.builder().columns("l_orderkey").build())) {
        other.loadNextBatch();
        assertThrows(
            IllegalArgumentException.class, () -> writer.write(other.getVectorSchemaRoot()));
      }
      writer.close(); // does nothing after the failure
    }
    assertEquals(0, s3.openUploads());
    assertEquals(List.of(), s3.keys("aborted/"));
  }

  /** The environment a child process finds S3 in: keys and endpoint, as the AWS tools read them. */
  static Map<String, String> awsEnvironment() {
    return Map.of(
        "AWS_ACCESS_KEY_ID",
        S3Server.ACCESS,
        "AWS_SECRET_ACCESS_KEY",
        S3Server.SECRET,
        "AWS_ENDPOINT_URL_S3",
        s3.endpoint.toString(),
        "AWS_REGION",
        "us-east-1",
        "AWS_EC2_METADATA_DISABLED",
        "true");
  }

  @Test
  void cliConvertsToS3WithTheEnvironmentsCredentials() throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(
            ChildJvm.command(
                List.of(),
                System.getProperty("java.class.path"),
                "dev.parrow.cli.ParrowCommand",
                "convert",
                lineitem.toString(),
                "s3://bucket/cli/lineitem.parquet",
                "--compression",
                "ZSTD"));
    pb.environment().putAll(awsEnvironment());
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), output);
    assertTrue(output.contains("s3://bucket/cli/lineitem.parquet"), output);
    assertEquals(
        FilterCorpusIT.rows(lineitem, ReadOptions.defaults()),
        FilterCorpusIT.rows(s3.download("cli/lineitem.parquet", dir), ReadOptions.defaults()));
  }

  @Test
  void sigtermDuringAnUploadAbortsIt() throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(
            ChildJvm.command(
                List.of(),
                System.getProperty("java.class.path"),
                S3WriteIT.SlowWriter.class.getName(),
                "s3://bucket/killed/file.parquet"));
    pb.environment().putAll(awsEnvironment());
    pb.redirectErrorStream(true);
    Process p = pb.start();
    try (BufferedReader lines =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null && !line.equals("uploading")) {
        // the child's other output
      }
      assertEquals("uploading", line);
      assertTrue(s3.openUploads() > 0);
      p.destroy(); // SIGTERM, as Ctrl-C's SIGINT: the shutdown hook runs
      assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    }
    assertEquals(0, s3.openUploads(), "the shutdown hook aborted the upload");
    assertEquals(List.of(), s3.keys("killed/"));
  }

  /** A child that starts an upload in parts, says so, and waits to be stopped. */
  public static final class SlowWriter {
    public static void main(String[] args) throws Exception {
      RemoteOptions options = RemoteOptions.builder().partSize(5 << 20).build();
      OutputFile out = OutputFile.of(args[0], options);
      OutputStream stream = out.open();
      stream.write(new byte[11 << 20]);
      // Parts go out on other threads: wait until the store holds the upload.
      Thread.sleep(2000);
      System.out.println("uploading");
      System.out.flush();
      Thread.sleep(120_000);
    }
  }
}
