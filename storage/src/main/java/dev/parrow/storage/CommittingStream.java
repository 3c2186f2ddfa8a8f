package dev.parrow.storage;

import java.io.IOException;
import java.io.OutputStream;

/**
 * An output's stream that commits the output when closed, and aborts it when the close or the
 * commit fails ({@link OutputFile#openCommittingOnClose}); closing it again does nothing.
 */
final class CommittingStream extends OutputStream {
  private final OutputFile file;
  private final OutputStream out;
  private boolean closed;

  CommittingStream(OutputFile file, OutputStream out) {
    this.file = file;
    this.out = out;
  }

  @Override
  public void write(int b) throws IOException {
    out.write(b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
  }

  @Override
  public void flush() throws IOException {
    out.flush();
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      out.close();
      file.commit();
    } catch (IOException | RuntimeException e) {
      try {
        file.abort();
      } catch (IOException | RuntimeException cleanup) {
        e.addSuppressed(cleanup);
      }
      throw e;
    }
  }
}
