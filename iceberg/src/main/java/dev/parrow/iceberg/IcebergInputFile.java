package dev.parrow.iceberg;

import dev.parrow.storage.InputFile;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.iceberg.io.RangeReadable;
import org.apache.iceberg.io.SeekableInputStream;

/**
 * An Iceberg {@code FileIO}'s input file as Parrow's: positional reads through the stream's {@link
 * RangeReadable} where the FileIO offers it (S3FileIO, GCS, ADLS), else a seek and a read on one
 * stream, one read at a time.
 */
final class IcebergInputFile implements InputFile {
  private final org.apache.iceberg.io.InputFile file;
  private SeekableInputStream stream;

  IcebergInputFile(org.apache.iceberg.io.InputFile file) {
    this.file = file;
  }

  @Override
  public String name() {
    return file.location();
  }

  @Override
  public long length() throws IOException {
    try {
      return file.getLength();
    } catch (RuntimeException e) {
      throw new IOException(file.location() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public synchronized void readFully(long position, ByteBuffer destination) throws IOException {
    if (stream == null) {
      try {
        stream = file.newStream();
      } catch (RuntimeException e) {
        throw new IOException(file.location() + ": " + e.getMessage(), e);
      }
    }
    int length = destination.remaining();
    byte[] bytes;
    int offset;
    if (destination.hasArray()) {
      bytes = destination.array();
      offset = destination.arrayOffset() + destination.position();
    } else {
      bytes = new byte[length];
      offset = 0;
    }
    if (stream instanceof RangeReadable ranges) {
      ranges.readFully(position, bytes, offset, length);
    } else {
      stream.seek(position);
      int done = 0;
      while (done < length) {
        int n = stream.read(bytes, offset + done, length - done);
        if (n < 0) {
          throw new EOFException(
              file.location() + ": the file ends before byte " + (position + length));
        }
        done += n;
      }
    }
    if (!destination.hasArray()) {
      destination.put(bytes, 0, length);
    } else {
      destination.position(destination.position() + length);
    }
  }

  @Override
  public synchronized void close() throws IOException {
    if (stream != null) {
      stream.close();
      stream = null;
    }
  }
}
