package dev.parrow.cli;

import dev.parrow.arrow.ParquetFile;
import dev.parrow.codec.io.InputFile;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;

/**
 * Where the commands' input comes from: a file, or standard input for {@code -}. Parquet needs its
 * footer first, so standard input is copied to a temporary file, removed as soon as it is open.
 */
final class Inputs {
  private Inputs() {}

  static final String STDIN_NAME = "<stdin>";

  static boolean isStdio(Path p) {
    return p != null && p.toString().equals("-");
  }

  /** The name a message gives the input. */
  static String name(Path p) {
    return isStdio(p) ? STDIN_NAME : p.toString();
  }

  /** Opens a Parquet file, or standard input for {@code -}; a directory is a clear error. */
  static ParquetFile parquet(Path file) throws IOException {
    if (isStdio(file)) {
      return ParquetFile.open(spooledStdin());
    }
    requireFile(file, "a Parquet file");
    return ParquetFile.open(file);
  }

  /**
   * A reader of the Arrow IPC file or stream at {@code input} (the magic tells which); {@code -}
   * reads an IPC stream from standard input.
   */
  static ArrowReader arrow(Path input, BufferAllocator allocator) throws IOException {
    if (isStdio(input)) {
      return new ArrowStreamReader(new FileInputStream(FileDescriptor.in), allocator);
    }
    requireFile(input, "an Arrow IPC file or stream");
    boolean fileFormat;
    try (InputStream in = Files.newInputStream(input)) {
      fileFormat =
          new String(in.readNBytes(6), java.nio.charset.StandardCharsets.US_ASCII).equals("ARROW1");
    }
    FileChannel channel = FileChannel.open(input, StandardOpenOption.READ);
    return fileFormat
        ? new ArrowFileReader(channel, allocator)
        : new ArrowStreamReader(channel, allocator);
  }

  private static void requireFile(Path file, String what) throws IOException {
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException(
          file + ": is a directory; give " + what + " (parrow reads one file at a time)");
    }
    if (!Files.exists(file)) {
      throw new NoSuchFileException(file.toString());
    }
  }

  /** Standard input copied to a temporary file that is deleted once open (or at exit). */
  private static InputFile spooledStdin() throws IOException {
    Path temp = Files.createTempFile("parrow-stdin-", ".parquet");
    try {
      try (ReadableByteChannel in = Channels.newChannel(new FileInputStream(FileDescriptor.in));
          FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
        while (in.read(buffer) >= 0) {
          buffer.flip();
          while (buffer.hasRemaining()) {
            out.write(buffer);
          }
          buffer.clear();
        }
      }
      InputFile file = InputFile.of(temp);
      return new Renamed(file, STDIN_NAME);
    } finally {
      try {
        Files.deleteIfExists(temp);
      } catch (IOException e) {
        temp.toFile().deleteOnExit();
      }
    }
  }

  /** An input file under another name in messages. */
  private record Renamed(InputFile file, String name) implements InputFile {
    @Override
    public long length() throws IOException {
      return file.length();
    }

    @Override
    public void readFully(long position, ByteBuffer destination) throws IOException {
      file.readFully(position, destination);
    }

    @Override
    public void close() throws IOException {
      file.close();
    }
  }
}
