package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.DatasetOptions;
import dev.parrow.arrow.ParquetDataset;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.storage.RemoteFileException;
import dev.parrow.storage.RemoteOptions;
import dev.parrow.storage.S3Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * S3 through a real S3-compatible server on 127.0.0.1 (s3proxy with a filesystem backend and
 * Signature V4 authentication): signed reads equal to the local ones, a listed dataset equal to the
 * local dataset, and a wrong secret key refused with a clear 403.
 */
class S3ReadIT {
  static final String SECRET = S3Server.SECRET;

  @TempDir static Path dir;
  static S3Server s3;

  @BeforeAll
  static void start() throws Exception {
    s3 = new S3Server(dir);
    s3.put("lineitem.parquet", LineitemFile.write(dir));
    Path table = DatasetIT.smallHiveTable(dir.resolve("table"));
    try (Stream<Path> files = Files.walk(table)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        s3.put("table/" + table.relativize(f).toString().replace('\\', '/'), f);
      }
    }
  }

  @AfterAll
  static void stop() throws Exception {
    s3.close();
  }

  static RemoteOptions options(String secret) {
    return RemoteOptions.builder()
        .s3(S3Settings.of(s3.endpoint, "us-east-1", S3Server.ACCESS, secret))
        .build();
  }

  @Test
  void signedReadsEqualLocalReads() throws Exception {
    Path local = LineitemFile.write(dir);
    for (ReadOptions read :
        List.of(
            ReadOptions.defaults(),
            ReadOptions.builder()
                .columns("l_orderkey", "l_comment")
                .filter("l_quantity < 3")
                .build())) {
      List<List<Object>> want = FilterCorpusIT.rows(local, read);
      try (ParquetFile pf = ParquetFile.open("s3://bucket/lineitem.parquet", options(SECRET))) {
        assertEquals(want, FilterCorpusIT.rows(pf, read));
      }
    }
  }

  @Test
  void listedDatasetEqualsLocalDataset() throws Exception {
    DatasetOptions remote = DatasetOptions.builder().remote(options(SECRET)).build();
    try (BufferAllocator allocator = new RootAllocator()) {
      List<String> want =
          DatasetIT.lines(
              ParquetDataset.open(dir.resolve("table").toString()),
              allocator,
              ReadOptions.defaults());
      ParquetDataset byPrefix = ParquetDataset.open(List.of("s3://bucket/table/"), remote);
      assertEquals(want, DatasetIT.lines(byPrefix, allocator, ReadOptions.defaults()));
      ParquetDataset byGlob = ParquetDataset.open(List.of("s3://bucket/table/*/*.parquet"), remote);
      assertEquals(byPrefix.files(), byGlob.files());
      assertTrue(byPrefix.files().size() >= 3, byPrefix.files().toString());
      assertEquals(
          DatasetIT.lines(
              ParquetDataset.open(dir.resolve("table").toString()),
              allocator,
              ReadOptions.builder().filter("part = 2").build()),
          DatasetIT.lines(byPrefix, allocator, ReadOptions.builder().filter("part = 2").build()));
    }
  }

  @Test
  void wrongSecretIsAClear403() {
    RemoteFileException e =
        assertThrows(
            RemoteFileException.class,
            () -> ParquetFile.open("s3://bucket/lineitem.parquet", options("not-the-secret")));
    assertEquals(403, e.status());
    assertTrue(
        e.getMessage()
            .startsWith(
                "s3://bucket/lineitem.parquet: the signature does not match: check the secret key"
                    + " and the region; HTTP 403 (SignatureDoesNotMatch)"),
        e.getMessage());
    RemoteFileException missing =
        assertThrows(
            RemoteFileException.class,
            () -> ParquetFile.open("s3://bucket/nothing.parquet", options(SECRET)));
    assertEquals(404, missing.status());
  }
}
