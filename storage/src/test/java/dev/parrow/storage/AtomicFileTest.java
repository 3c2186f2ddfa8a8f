package dev.parrow.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The temporary file, the commit and abort, and which leftovers the next write removes. */
class AtomicFileTest {
  @TempDir Path dir;

  @Test
  void commitReplacesTheTargetAndAbortLeavesIt() throws Exception {
    Path target = Files.write(dir.resolve("a [1].parquet"), new byte[] {1});
    AtomicFile file = new AtomicFile(target);
    try (OutputStream out = file.open()) {
      out.write(new byte[] {2, 3});
    }
    assertTrue(Files.exists(file.temporary()));
    assertArrayEquals(new byte[] {1}, Files.readAllBytes(target), "untouched until the commit");
    file.commit();
    assertArrayEquals(new byte[] {2, 3}, Files.readAllBytes(target));
    AtomicFile aborted = new AtomicFile(target);
    try (OutputStream out = aborted.open()) {
      out.write(new byte[] {4});
    }
    aborted.abort();
    assertArrayEquals(new byte[] {2, 3}, Files.readAllBytes(target));
    try (var listing = Files.list(dir)) {
      assertEquals(1, listing.count(), "only the target");
    }
  }

  @Test
  void theNextWriteRemovesWhatDeadProcessesOfThisHostLeft() throws Exception {
    Path target = dir.resolve("t.parquet");
    String ours = new AtomicFile(target).temporary().getFileName().toString();
    // ".t.parquet.parrow-HOST-PID-UUID.tmp": the same name with another pid and uuid.
    String withPid = ours.substring(0, ours.length() - ("-" + UUID.randomUUID() + ".tmp").length());
    String withHost = withPid.substring(0, withPid.lastIndexOf('-') + 1);
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path dead =
        Files.createFile(dir.resolve(withHost + gone.pid() + "-" + UUID.randomUUID() + ".tmp"));
    Path alive = Files.createFile(dir.resolve(withPid + "-" + UUID.randomUUID() + ".tmp"));
    Path otherHost =
        Files.createFile(
            dir.resolve(
                ".t.parquet.parrow-elsewhere-" + gone.pid() + "-" + UUID.randomUUID() + ".tmp"));
    Path otherFile =
        Files.createFile(dir.resolve(".u.parquet" + dead.getFileName().toString().substring(10)));
    AtomicFile file = new AtomicFile(target);
    file.open().close();
    file.abort();
    assertFalse(Files.exists(dead), "a dead process's");
    assertTrue(Files.exists(alive), "a live process's (this one)");
    assertTrue(Files.exists(otherHost), "another host's");
    assertTrue(Files.exists(otherFile), "another target's");
  }

  /**
   * A write if absent (a table format's commit) is made where no file is, and where one is, fails
   * with FileAlreadyExistsException, the file left as it was and the temporary file removed by the
   * abort.
   */
  @Test
  void aWriteIfAbsentLeavesAFileThatIsThere() throws Exception {
    Path target = dir.resolve("00000000000000000001.json");
    AtomicFile file = new AtomicFile(target, true);
    try (OutputStream out = file.open()) {
      out.write(new byte[] {1, 2});
    }
    file.commit();
    assertArrayEquals(new byte[] {1, 2}, Files.readAllBytes(target));
    AtomicFile second = new AtomicFile(target, true);
    try (OutputStream out = second.open()) {
      out.write(new byte[] {3});
    }
    org.junit.jupiter.api.Assertions.assertThrows(
        java.nio.file.FileAlreadyExistsException.class, second::commit);
    second.abort();
    assertArrayEquals(new byte[] {1, 2}, Files.readAllBytes(target));
    try (var listing = Files.list(dir)) {
      assertEquals(1, listing.count(), "only the target");
    }
  }
}
