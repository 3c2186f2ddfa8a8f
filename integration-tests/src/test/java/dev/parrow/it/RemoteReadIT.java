package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetDataset;
import dev.parrow.arrow.ParquetDatasetReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.storage.HttpInputFile;
import dev.parrow.storage.InputFile;
import dev.parrow.storage.RemoteFileException;
import dev.parrow.storage.RemoteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Files read over HTTP range requests from a server on loopback that counts requests and bytes and
 * misbehaves on demand: the same values as the local read, a projection that fetches only its
 * chunks, retries of transient faults, and clear errors for the rest (never short or wrong data).
 */
class RemoteReadIT {
  @TempDir static Path dir;
  static RangeServer server;
  static Path lineitem;

  /** Quick retries and a short timeout, so that the fault tests run fast. */
  static final RemoteOptions QUICK =
      RemoteOptions.builder()
          .maxAttempts(4)
          .firstBackoff(Duration.ofMillis(5))
          .maxBackoff(Duration.ofMillis(50))
          .requestTimeout(Duration.ofMillis(800))
          .build();

  @BeforeAll
  static void start() throws Exception {
    lineitem = LineitemFile.write(dir);
    server = new RangeServer();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** The URI the server gives a local file. */
  static String uri(Path file) {
    String name =
        "f"
            + Integer.toHexString(file.toAbsolutePath().toString().hashCode())
            + "/"
            + file.getFileName();
    return server.serve(name, file).toString();
  }

  /** Every corpus file gives over HTTP exactly what it gives locally, or the same error. */
  @Test
  void corpusOverHttpEqualsLocalRead() throws Exception {
    int compared = 0;
    for (Path file : Corpus.allParquetFiles()) {
      if (Corpus.isEncrypted(file)) {
        continue;
      }
      List<List<Object>> local;
      try {
        local = FilterCorpusIT.rows(file, ReadOptions.defaults());
      } catch (Exception | AssertionError e) {
        Exception remote =
            assertThrows(Exception.class, () -> readRemote(uri(file), ReadOptions.defaults()));
        assertEquals(e.getClass(), remote.getClass(), file + ": " + remote);
        continue;
      }
      assertEquals(local, readRemote(uri(file), ReadOptions.defaults()), file.toString());
      compared++;
    }
    assertTrue(compared > 100, compared + " files compared");
  }

  static List<List<Object>> readRemote(String uri, ReadOptions options) throws Exception {
    try (ParquetFile pf = ParquetFile.open(uri, QUICK)) {
      return FilterCorpusIT.rows(pf, options);
    }
  }

  /**
   * Two of lineitem's 16 columns fetch their chunks only (less than a quarter of the file), in a
   * handful of requests per row group: the footer with the file's tail, the leading magic, then a
   * request per row group and column (the two columns lie far apart).
   */
  @Test
  void projectionFetchesOnlyItsChunks() throws Exception {
    ReadOptions two = ReadOptions.builder().columns("l_orderkey", "l_shipdate").build();
    List<List<Object>> local = FilterCorpusIT.rows(lineitem, two);
    String uri = uri(lineitem);
    server.resetCounts();
    int groups;
    try (ParquetFile pf = ParquetFile.open(uri)) {
      groups = pf.metadata().rowGroups().size();
      assertEquals(local, FilterCorpusIT.rows(pf, two));
    }
    long size = Files.size(lineitem);
    assertTrue(groups >= 4, groups + " row groups");
    assertTrue(server.bytes.get() < size / 4, server.bytes.get() + " bytes fetched of " + size);
    assertTrue(
        server.requests.get() <= 2 + 2L * groups,
        server.requests.get() + " requests for " + groups + " row groups");
  }

  /** Each transient fault, twice in a row, is retried and the values are the local ones. */
  @ParameterizedTest
  @EnumSource(
      value = RangeServer.Fault.class,
      names = {"DROP", "ERROR_500", "ERROR_503", "SLOW", "CUT_BODY", "SHORT_BODY"})
  void transientFaultsAreRetried(RangeServer.Fault fault) throws Exception {
    ReadOptions options = ReadOptions.builder().columns("l_orderkey", "l_comment").build();
    List<List<Object>> local = FilterCorpusIT.rows(lineitem, options);
    String uri = uri(lineitem);
    // The faults land on the tail request, on the first prefetch, or on a later one.
    for (int before = 0; before < 3; before++) {
      server.faults.clear();
      for (int i = 0; i < before; i++) {
        server.faults.add(RangeServer.Fault.NONE);
      }
      server.faults.add(fault);
      server.faults.add(fault);
      assertEquals(local, readRemote(uri, options), fault + " after " + before + " requests");
    }
    server.faults.clear();
  }

  /** A fault that does not go away fails the read with the URI and the last failure. */
  @ParameterizedTest
  @EnumSource(
      value = RangeServer.Fault.class,
      names = {"ERROR_500", "SHORT_BODY", "DROP"})
  void persistentFaultsFailClearly(RangeServer.Fault fault) throws Exception {
    String uri = uri(lineitem);
    server.faults.clear();
    for (int i = 0; i < 100; i++) {
      server.faults.add(fault);
    }
    IOException e = assertThrows(IOException.class, () -> readRemote(uri, ReadOptions.defaults()));
    server.faults.clear();
    assertTrue(e.getMessage().contains(uri), e.getMessage());
    assertTrue(e.getMessage().contains("failed after 4 attempts"), e.getMessage());
  }

  @Test
  void forbiddenAndMissingAreNotRetried() throws Exception {
    String uri = uri(lineitem);
    server.faults.clear();
    server.faults.add(RangeServer.Fault.FORBIDDEN);
    server.resetCounts();
    RemoteFileException forbidden =
        assertThrows(RemoteFileException.class, () -> InputFile.open(uri, QUICK));
    assertEquals(403, forbidden.status());
    assertEquals(1, server.requests.get());
    assertTrue(
        forbidden
            .getMessage()
            .startsWith(
                uri + ": access denied: check the credentials and their permissions; HTTP 403"),
        forbidden.getMessage());
    String missing = uri.replace("lineitem.parquet", "no-such-file.parquet");
    RemoteFileException notFound =
        assertThrows(RemoteFileException.class, () -> InputFile.open(missing, QUICK));
    assertEquals(404, notFound.status());
    assertTrue(notFound.getMessage().startsWith(missing + ": not found"), notFound.getMessage());
  }

  /**
   * A narrow filter on a file with a page index and small pages: the same rows as the local read,
   * in a few requests (the row group's chunks coalesced, not a request per page), and row groups
   * the statistics rule out are not fetched.
   */
  @Test
  void filteredReadsAreFewRequests() throws Exception {
    Path indexed = lineitemRewritten("lineitem_indexed.parquet", 100_000);
    ReadOptions narrow = ReadOptions.builder().filter("l_orderkey BETWEEN 30000 AND 30100").build();
    List<List<Object>> local = FilterCorpusIT.rows(indexed, narrow);
    String uri = uri(indexed);
    server.resetCounts();
    assertEquals(local, readRemote(uri, narrow));
    assertEquals(404, local.size());
    long size = Files.size(indexed);
    assertTrue(server.bytes.get() < size / 3, server.bytes.get() + " bytes fetched of " + size);
    assertTrue(server.requests.get() < 60, server.requests.get() + " requests");
  }

  /**
   * A filter that no statistic or page index can narrow, on a file of several row groups of small
   * pages: every row group is read whole, the next one read ahead while one decodes, and its pages
   * still come from its chunks fetched in a few coalesced requests, not a request per page.
   */
  @Test
  void scatteredFilteredReadsAreFewRequestsWithReadAhead() throws Exception {
    Path paged = lineitemRewritten("lineitem_paged.parquet", 50_000);
    ReadOptions scattered = ReadOptions.builder().filter("l_quantity < 3").parallelism(2).build();
    List<List<Object>> local = FilterCorpusIT.rows(paged, scattered);
    String uri = uri(paged);
    int groups;
    try (ParquetFile pf = ParquetFile.open(paged)) {
      groups = pf.metadata().rowGroups().size();
    }
    server.resetCounts();
    assertEquals(local, readRemote(uri, scattered));
    assertTrue(groups >= 8, groups + " row groups");
    assertTrue(
        server.requests.get() <= 2 + 8L * groups,
        server.requests.get() + " requests for " + groups + " row groups of 10 pages a column");
  }

  /**
   * A read of many threads decodes row groups, and runs of one row group's batches, at once: the
   * same rows as one thread reading the local file, and each row group's chunks still fetched once,
   * in a few coalesced requests (never once per piece of a row group).
   */
  @Test
  void readsOfManyThreadsFetchEachChunkOnce() throws Exception {
    Path paged = lineitemRewritten("lineitem_paged_threads.parquet", 50_000);
    String uri = uri(paged);
    int groups;
    try (ParquetFile pf = ParquetFile.open(paged)) {
      groups = pf.metadata().rowGroups().size();
    }
    long size = Files.size(paged);
    for (String filter : new String[] {null, "l_quantity < 3"}) {
      ReadOptions.Builder b = ReadOptions.builder().batchSize(5_000);
      if (filter != null) {
        b.filter(filter);
      }
      List<List<Object>> local = FilterCorpusIT.rows(paged, b.parallelism(1).build());
      server.resetCounts();
      assertEquals(local, readRemote(uri, b.parallelism(16).build()), "filter " + filter);
      // The footer's suffix request overlaps the last chunk: a little over the file, never twice.
      assertTrue(
          server.bytes.get() <= size + size / 20, server.bytes.get() + " bytes fetched of " + size);
      assertTrue(
          server.requests.get() <= 2 + 8L * groups,
          server.requests.get() + " requests for " + groups + " row groups, filter " + filter);
    }
  }

  /**
   * The test's lineitem written again by Parrow in pages of 5,000 rows (with a page index) and row
   * groups of {@code groupRows}.
   */
  private static Path lineitemRewritten(String name, long groupRows) throws Exception {
    Path out = dir.resolve(name);
    try (org.apache.arrow.memory.BufferAllocator allocator =
            new org.apache.arrow.memory.RootAllocator();
        ParquetFile source = ParquetFile.open(lineitem);
        dev.parrow.arrow.ParquetArrowReader reader = source.newReader(allocator)) {
      dev.parrow.arrow.ParquetArrowWriter.writeAll(
          reader,
          dev.parrow.storage.OutputFile.of(out),
          dev.parrow.arrow.WriteOptions.builder().pageRows(5_000).rowGroupRows(groupRows).build(),
          rows -> {});
    }
    return out;
  }

  /** A body longer than the range asked for is refused at once, without reading it all. */
  @Test
  void aBodyLongerThanAskedIsRefused() throws Exception {
    String uri = uri(lineitem);
    server.faults.clear();
    server.faults.add(RangeServer.Fault.HUGE_BODY);
    IOException e = assertThrows(IOException.class, () -> InputFile.open(uri, QUICK));
    server.faults.clear();
    assertTrue(
        e.getMessage().startsWith(uri + ": the answer to bytes=-65536 is longer than"),
        e.getMessage());
  }

  /** Concurrent readers of one remote file, with prefetches overlapping, get the same values. */
  @Test
  void concurrentReadersOfOneFile() throws Exception {
    ReadOptions options = ReadOptions.builder().columns("l_partkey", "l_shipmode").build();
    List<List<Object>> local = FilterCorpusIT.rows(lineitem, options);
    try (ParquetFile pf = ParquetFile.open(uri(lineitem), QUICK)) {
      List<Thread> threads = new ArrayList<>();
      List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
      for (int t = 0; t < 4; t++) {
        Thread thread =
            new Thread(
                () -> {
                  try {
                    assertEquals(local, FilterCorpusIT.rows(pf, options));
                  } catch (Throwable e) {
                    failures.add(e);
                  }
                });
        threads.add(thread);
        thread.start();
      }
      for (Thread t : threads) {
        t.join();
      }
      assertEquals(List.of(), failures);
      assertTrue(((HttpInputFile) pf.input()).requests() > 0);
    }
  }

  /** A dataset of URIs: the rows of both files, in order, as the local dataset gives them. */
  @Test
  void datasetOfUris() throws Exception {
    Path first = dir.resolve("parts/region=EU/a.parquet");
    Path second = dir.resolve("parts/region=US/b.parquet");
    Files.createDirectories(first.getParent());
    Files.createDirectories(second.getParent());
    try (DuckDb duck = new DuckDb()) {
      duck.execute(
          "COPY (SELECT i AS id, 'x' || i AS s FROM range(50) t(i)) TO "
              + DuckDb.literal(first)
              + " (FORMAT parquet)");
      duck.execute(
          "COPY (SELECT i AS id, 'y' || i AS s FROM range(50, 80) t(i)) TO "
              + DuckDb.literal(second)
              + " (FORMAT parquet)");
    }
    String a = server.serve("ds/region=EU/a.parquet", first).toString();
    String b = server.serve("ds/region=US/b.parquet", second).toString();
    try (BufferAllocator allocator = new RootAllocator()) {
      List<String> local =
          DatasetIT.lines(
              ParquetDataset.open(dir.resolve("parts").toString()),
              allocator,
              ReadOptions.defaults());
      ParquetDataset remote = ParquetDataset.open(a, b);
      assertEquals(local, DatasetIT.lines(remote, allocator, ReadOptions.defaults()));
      assertEquals(80, local.size());
      assertEquals("[79, y79, US]", local.get(79));
      try (ParquetDatasetReader r =
          remote.newReader(
              allocator, ReadOptions.builder().filter("region = 'US' AND id < 60").build())) {
        int rows = 0;
        while (r.loadNextBatch()) {
          rows += r.getVectorSchemaRoot().getRowCount();
        }
        assertEquals(10, rows);
        assertEquals(1, r.filesSkipped());
      }
      // The footers read when the dataset opened rule a.parquet out (its ids stop at 49): the
      // reader never asks the server for it again.
      server.resetCounts();
      try (ParquetDatasetReader r =
          remote.newReader(allocator, ReadOptions.builder().filter("id >= 60").build())) {
        int rows = 0;
        while (r.loadNextBatch()) {
          rows += r.getVectorSchemaRoot().getRowCount();
        }
        assertEquals(20, rows);
        assertEquals(1, r.filesSkipped());
        assertEquals(2, r.stats().rowGroups());
        assertEquals(1, r.stats().rowGroupsRead());
      }
      assertEquals(null, server.requestsByName.get("ds/region=EU/a.parquet"));
      assertTrue(server.requestsByName.get("ds/region=US/b.parquet").get() > 0);
    }
  }
}
