package dev.parrow.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A location's store is chosen by its scheme in one place, and each store answers for itself. */
class StoresTest {
  @TempDir Path dir;

  @Test
  void theSchemeChoosesTheStore() {
    RemoteOptions o = RemoteOptions.defaults();
    assertTrue(Stores.of("/tmp/x.parquet", o) instanceof LocalStore);
    assertTrue(Stores.of("file:///tmp/x.parquet", o) instanceof LocalStore);
    assertTrue(Stores.of("relative/x.parquet", o) instanceof LocalStore);
    assertTrue(Stores.of("HTTPS://host/x.parquet", o) instanceof HttpStore);
    assertTrue(Stores.of("s3://bucket/key", o) instanceof S3Store);
    assertEquals(
        "/tmp/a b/x.parquet",
        Stores.of("file:///tmp/a%20b/x.parquet", o).canonical("file:///tmp/a%20b/x.parquet"));
    assertEquals("s3://b/a%20b", Stores.of("s3://b/a%20b", o).canonical("s3://b/a%20b"));
    assertTrue(Stores.isRemote("http://host/x"));
    assertFalse(Stores.isRemote("data/k=1/x.parquet"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Stores.of("gs://bucket/x", o));
    assertTrue(e.getMessage().startsWith("gs://bucket/x: no store reads 'gs'"), e.getMessage());
  }

  @Test
  void aLocalStoreListsEveryFileBelowAPrefixAndWritesWhole() throws Exception {
    Files.createDirectories(dir.resolve("a/b"));
    Files.writeString(dir.resolve("a/b/2.parquet"), "2");
    Files.writeString(dir.resolve("a/1.parquet"), "1");
    Store local = Stores.of(dir.toString(), RemoteOptions.defaults());
    assertTrue(local.isDirectory(dir.toString()));
    assertFalse(local.isDirectory(dir.resolve("a/1.parquet").toString()));
    assertThrows(NoSuchFileException.class, () -> local.isDirectory(dir.resolve("no").toString()));
    assertEquals(List.of(dir + "/a/1.parquet", dir + "/a/b/2.parquet"), local.list(dir.toString()));
    assertEquals(List.of(dir + "/a/b/2.parquet"), local.list(dir + "/a/b/"));

    OutputFile out = local.create(dir.resolve("c.parquet").toString());
    try (OutputStream s = out.open()) {
      s.write(new byte[] {1, 2});
    }
    assertFalse(Files.exists(dir.resolve("c.parquet")));
    out.commit();
    try (InputFile in = local.open(dir.resolve("c.parquet").toUri().toString())) {
      assertEquals(2, in.length());
    }
  }

  @Test
  void remoteStoresSayWhatTheyCannotDo() throws Exception {
    Store http = Stores.of("https://host/data/", RemoteOptions.defaults());
    assertFalse(http.isDirectory("https://host/data/"));
    assertThrows(UnsupportedOperationException.class, () -> http.list("https://host/data/"));
    assertThrows(UnsupportedOperationException.class, () -> http.create("https://host/x"));
    Store s3 = Stores.of("s3://bucket/data/", RemoteOptions.defaults());
    assertTrue(s3.isDirectory("s3://bucket/data/"));
    assertFalse(s3.isDirectory("s3://bucket/data/x.parquet"));
  }
}
