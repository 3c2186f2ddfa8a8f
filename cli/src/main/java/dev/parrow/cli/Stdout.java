package dev.parrow.cli;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The process's standard output, for text (buffered, UTF-8 whatever the locale) and for bytes
 * (Arrow IPC or Parquet written to {@code -}). A {@link PrintWriter} swallows write errors, so the
 * stream underneath keeps the first one: {@link #check} turns it into {@link Closed} when the
 * reader of a pipe has gone (the command stops at once and exits quietly, as {@code cat | head}
 * expects) and into an error for anything else, such as a full disk.
 */
final class Stdout {
  private Stdout() {}

  /** Thrown when standard output's reader has gone: not an error, the command just stops. */
  static final class Closed extends RuntimeException {
    Closed() {
      super("standard output closed", null, false, false);
    }
  }

  private static final Recording BYTES = new Recording(new FileOutputStream(FileDescriptor.out));

  private static final PrintWriter TEXT = text(BYTES);

  /** Text to standard output, flushed by the commands (never per line: that made cat slow). */
  static PrintWriter text() {
    return TEXT;
  }

  /**
   * Bytes for the text writer {@code out}: standard output itself when {@code out} is {@link
   * #text()} (flushed first, so the two keep their order), else a stream that decodes each write
   * into {@code out} (each write must hold whole UTF-8 characters, as whole lines do).
   */
  static OutputStream bytesFor(PrintWriter out) {
    out.flush();
    if (out == TEXT) {
      return BYTES;
    }
    return new OutputStream() {
      @Override
      public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) {
        out.write(new String(b, off, len, StandardCharsets.UTF_8));
      }

      @Override
      public void flush() {
        out.flush();
      }
    };
  }

  /** Text over {@code bytes}, in UTF-8 whatever the platform's default. */
  private static PrintWriter text(OutputStream bytes) {
    return new PrintWriter(
        new BufferedWriter(new OutputStreamWriter(bytes, StandardCharsets.UTF_8), 1 << 16), false);
  }

  /** Standard output as bytes, for OUT given as {@code -} (the text written so far goes first). */
  static OutputStream bytes() {
    TEXT.flush();
    return BYTES;
  }

  /**
   * Stops the command when standard output can no longer be written: {@link Closed} for a closed
   * pipe, an {@link UncheckedIOException} saying why for other failures. Flushes {@code out}.
   */
  static void check(PrintWriter out) {
    if (out.checkError()) {
      IOException failure = BYTES.failure;
      if (failure == null || isClosedPipe(failure)) {
        throw new Closed();
      }
      throw new UncheckedIOException(
          new IOException("cannot write to standard output: " + failure.getMessage()));
    }
  }

  /** Whether {@code e} (or a cause) says the reader of a pipe has gone. */
  static boolean isClosedPipe(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof Closed) {
        return true;
      }
      String m = t.getMessage();
      if (t instanceof IOException
          && m != null
          && (m.contains("Broken pipe") || m.contains("pipe is being closed"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Standard output keeping its first write error, which PrintWriter would otherwise reduce to a
   * flag. Closing it only flushes: standard output stays open.
   */
  private static final class Recording extends FilterOutputStream {
    volatile IOException failure;

    Recording(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      try {
        out.write(b);
      } catch (IOException e) {
        throw record(e);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      try {
        out.write(b, off, len);
      } catch (IOException e) {
        throw record(e);
      }
    }

    @Override
    public void flush() throws IOException {
      try {
        out.flush();
      } catch (IOException e) {
        throw record(e);
      }
    }

    @Override
    public void close() throws IOException {
      flush();
    }

    private IOException record(IOException e) {
      if (failure == null) {
        failure = e;
      }
      return e;
    }
  }
}
