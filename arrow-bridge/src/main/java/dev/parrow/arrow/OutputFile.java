package dev.parrow.arrow;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;

/**
 * Where a writer's bytes go. {@link #commit} makes them the file; {@link #abort} throws them away.
 * For a path, the bytes go to a temporary file beside it, moved into place atomically on commit, so
 * the path holds the previous file or the whole new one, never part of one.
 */
public interface OutputFile {
  /** The stream to write to (called once). */
  OutputStream open() throws IOException;

  /** The bytes written are complete: make them the file (the stream is closed first). */
  void commit() throws IOException;

  /** Discard what was written (the stream is closed first); nothing of it is left behind. */
  void abort() throws IOException;

  static OutputFile of(Path path) {
    Path target = path.toAbsolutePath();
    Path temporary =
        target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
    return new OutputFile() {
      @Override
      public OutputStream open() throws IOException {
        return Files.newOutputStream(temporary);
      }

      @Override
      public void commit() throws IOException {
        Files.move(
            temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      }

      @Override
      public void abort() throws IOException {
        Files.deleteIfExists(temporary);
      }

      @Override
      public String toString() {
        return target.toString();
      }
    };
  }
}
