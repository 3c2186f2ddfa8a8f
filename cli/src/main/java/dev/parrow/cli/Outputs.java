package dev.parrow.cli;

import dev.parrow.storage.OutputFile;
import dev.parrow.storage.RemoteOptions;
import dev.parrow.storage.Stores;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the writing commands put their output: a file written whole or not at all, an object in S3
 * or Azure (completed only when whole), or standard output for {@code -}. An existing local file is
 * replaced only with {@code --overwrite}, as parquet-cli does; an object is replaced as object
 * stores do (checking first would cost a request and still race with other writers).
 */
final class Outputs {
  private Outputs() {}

  /** The output for OUT; refuses to replace an existing file unless {@code overwrite}. */
  static OutputFile of(String out, boolean overwrite) throws IOException {
    if (Inputs.isStdio(out)) {
      return STDOUT;
    }
    if (Stores.isRemote(out)) {
      return Stores.of(out, RemoteOptions.defaults()).create(out);
    }
    return of(
        out.regionMatches(true, 0, "file:", 0, 5)
            ? Path.of(java.net.URI.create(out))
            : Path.of(out),
        overwrite);
  }

  /** The output for a local OUT; refuses to replace an existing file unless {@code overwrite}. */
  static OutputFile of(Path out, boolean overwrite) {
    if (Inputs.isStdio(out)) {
      return STDOUT;
    }
    if (Files.isDirectory(out)) {
      throw new IllegalArgumentException(
          out + ": is a directory; give the name of a file to write");
    }
    if (Files.exists(out) && !overwrite) {
      throw new IllegalArgumentException(
          out
              + " exists; add --overwrite to replace it (it is replaced only once the new one is"
              + " whole)");
    }
    return OutputFile.of(out);
  }

  /**
   * Whether progress and the summary line must stay off stderr: the output is standard output and
   * stderr goes to the same place ({@code parrow to-arrow F - > out 2>&1}).
   */
  static boolean quietFor(Path out) {
    return Inputs.isStdio(out) && Terminal.stderrIsStdout();
  }

  static boolean quietFor(String out) {
    return Inputs.isStdio(out) && Terminal.stderrIsStdout();
  }

  /** The name a message gives the output. */
  static String name(Path out) {
    return Inputs.isStdio(out) ? "<stdout>" : out.toString();
  }

  /** Standard output: nothing to commit but a flush, and nothing to take back on abort. */
  private static final OutputFile STDOUT =
      new OutputFile() {
        @Override
        public OutputStream open() {
          // Closing this only flushes: standard output itself stays open.
          return new BufferedOutputStream(Stdout.bytes(), 1 << 16);
        }

        @Override
        public void commit() throws IOException {
          Stdout.bytes().flush();
        }

        @Override
        public void abort() {}

        @Override
        public String name() {
          return "<stdout>";
        }

        @Override
        public String toString() {
          // Summary lines ("wrote N rows to ...") name the output by its string.
          return name();
        }
      };
}
