package dev.parrow.cli;

import dev.parrow.arrow.ParquetDataset;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.storage.InputFile;
import dev.parrow.storage.RemoteOptions;
import dev.parrow.storage.Stores;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flatbuf.Decimal;
import org.apache.arrow.flatbuf.Footer;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.flatbuf.Type;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ReadChannel;
import org.apache.arrow.vector.ipc.message.MessageMetadataResult;
import org.apache.arrow.vector.ipc.message.MessageSerializer;

/**
 * Where the commands' input comes from: a file, or standard input for {@code -}. Parquet needs its
 * footer first, so standard input is copied to a temporary file, removed as soon as it is open.
 */
final class Inputs {
  private Inputs() {}

  static final String STDIN_NAME = "<stdin>";

  /** The description of a FILE parameter of the verbs that read Parquet. */
  static final String PARQUET_LOCATION =
      "A Parquet file: a path, an http(s)://, s3:// or az:// URI, or a directory, glob, s3:// or az:// prefix"
          + " (ending in /) read as one dataset.";

  /** The same, for verbs that also read standard input. */
  static final String PARQUET_LOCATION_STDIN =
      "A Parquet file: a path, an http(s)://, s3:// or az:// URI, or a directory, glob, s3:// or az:// prefix"
          + " (ending in /) read as one dataset, or - for stdin.";

  static boolean isStdio(Path p) {
    return p != null && p.toString().equals("-");
  }

  static boolean isStdio(String location) {
    return "-".equals(location);
  }

  /** The URIs of the remote inputs fetched into temporary files, by file: messages name them. */
  private static final java.util.Map<Path, String> FETCHED =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** The name a message gives the input. */
  static String name(Path p) {
    return isStdio(p) ? STDIN_NAME : FETCHED.getOrDefault(p, p.toString());
  }

  /**
   * Opens a Parquet file: a path, an {@code http(s)://} or {@code s3://} URI (S3 settings from the
   * AWS environment variables and profile), or standard input for {@code -}; a directory is a clear
   * error.
   */
  static ParquetFile parquet(String location) throws IOException {
    return parquet(location, null);
  }

  /** As {@link #parquet(String)}, an encrypted file opened with {@code keys} (null: none). */
  static ParquetFile parquet(String location, dev.parrow.codec.crypto.FileDecryption keys)
      throws IOException {
    if (location.equals("-")) {
      return ParquetFile.open(spooledStdin(), keys);
    }
    if (Stores.isRemote(location)) {
      return ParquetFile.open(location, dev.parrow.storage.RemoteOptions.defaults(), keys);
    }
    requireFile(Path.of(location), "a Parquet file");
    return ParquetFile.open(Path.of(location), keys);
  }

  /**
   * The local path of an Arrow IPC input: the path itself, {@code -}, or for an http(s):// or s3://
   * URI a temporary copy, fetched whole first (removed when the process exits), since the IPC file
   * format is read from its footer and Arrow Java's readers need a channel.
   */
  static Path arrowInput(String location) throws IOException {
    if (!Stores.isRemote(location)) {
      return Path.of(location);
    }
    Path temp = Files.createTempFile("parrow-fetched-", ".arrow");
    temp.toFile().deleteOnExit();
    try (InputFile remote = InputFile.open(location);
        FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
      long length = remote.length();
      ByteBuffer buffer = ByteBuffer.allocate(8 << 20);
      for (long at = 0; at < length; ) {
        buffer.clear().limit((int) Math.min(buffer.capacity(), length - at));
        remote.readFully(at, buffer);
        buffer.flip();
        while (buffer.hasRemaining()) {
          out.write(buffer);
        }
        at += buffer.limit();
      }
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(temp);
      throw e;
    }
    FETCHED.put(temp, location);
    return temp;
  }

  /**
   * Whether a location names many files read as one dataset: a local directory, a glob ({@code *},
   * {@code ?}, {@code [}, {@code {}), or an S3 prefix ending in '/'.
   */
  static boolean isDataset(String location) {
    if (location.equals("-")) {
      return false;
    }
    if (ParquetDataset.isGlob(location)) {
      return true;
    }
    try {
      return Stores.of(location, RemoteOptions.defaults()).isDirectory(location);
    } catch (IOException e) {
      return false; // a missing file: opening it names it
    }
  }

  /**
   * A reader of the Arrow IPC file or stream at {@code input} (the magic tells which); {@code -}
   * reads an IPC stream from standard input.
   */
  static ArrowReader arrow(Path input, BufferAllocator allocator) throws IOException {
    ArrowReader reader;
    byte[] head;
    if (isStdio(input)) {
      // The first bytes are looked at, then put back for the reader.
      java.io.PushbackInputStream in =
          new java.io.PushbackInputStream(new FileInputStream(FileDescriptor.in), HEAD_BYTES);
      head = in.readNBytes(HEAD_BYTES);
      in.unread(head);
      checkLooksLikeArrow(input, head);
      reader = new ArrowStreamReader(in, allocator);
    } else {
      requireFile(input, "an Arrow IPC file or stream");
      try (var in = Files.newInputStream(input)) {
        head = in.readNBytes(HEAD_BYTES);
      }
      checkLooksLikeArrow(input, head);
      reader = open(input, allocator);
    }
    try {
      // Read the schema now, so that a type Arrow Java cannot hold is reported with the input.
      reader.getVectorSchemaRoot();
      return reader;
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      reader.close();
      throw new IllegalArgumentException(name(input) + ": " + unsupported(input, e), e);
    } catch (IOException | RuntimeException e) {
      reader.close();
      throw new IOException(
          name(input)
              + ": not a readable Arrow IPC file or stream; it starts with "
              + describeHead(head)
              + " (Arrow Java: "
              + (e.getMessage() == null ? e.toString() : e.getMessage())
              + ")",
          e);
    }
  }

  /** How many leading bytes of an input tell what it is. */
  private static final int HEAD_BYTES = 64;

  /**
   * Refuses, naming the input and what it looks like, an input that is plainly no Arrow IPC: empty,
   * a Parquet file, or text (CSV, JSON). An IPC file starts with "ARROW1", a stream with a
   * message's 0xFFFFFFFF continuation marker (or, before Arrow 0.15, its length).
   */
  static void checkLooksLikeArrow(Path input, byte[] head) {
    String what = null;
    if (head.length == 0) {
      what = "is empty";
    } else if (startsWith(head, "PAR1")) {
      what = "is a Parquet file (it starts with PAR1); parrow reads Parquet in head, cat, convert";
    } else if (!startsWith(head, "ARROW1") && isText(head)) {
      what = "looks like text, not Arrow IPC: it starts with " + describeHead(head);
    }
    if (what != null) {
      throw new IllegalArgumentException(
          name(input) + ": " + what + "; expected an Arrow IPC file or stream");
    }
  }

  private static boolean startsWith(byte[] head, String magic) {
    byte[] m = magic.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    return head.length >= m.length && java.util.Arrays.equals(head, 0, m.length, m, 0, m.length);
  }

  /** Printable UTF-8 and white space only (a stream's first bytes are 0xFF or a small length). */
  private static boolean isText(byte[] head) {
    for (byte b : head) {
      int c = b & 0xFF;
      if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' || c == 0x7F || c == 0xFF) {
        return false;
      }
    }
    return true;
  }

  /** The first bytes as quoted text when they are text, else as hex. */
  static String describeHead(byte[] head) {
    if (head.length == 0) {
      return "nothing (it is empty)";
    }
    int n = Math.min(head.length, 24);
    if (isText(java.util.Arrays.copyOf(head, n))) {
      String text = new String(head, 0, n, java.nio.charset.StandardCharsets.UTF_8);
      return "\""
          + text.replace("\n", "\\n").replace("\r", "\\r")
          + (head.length > n ? "..." : "")
          + "\"";
    }
    StringBuilder hex = new StringBuilder("bytes");
    for (int i = 0; i < Math.min(n, 8); i++) {
      hex.append(String.format(" %02x", head[i] & 0xFF));
    }
    return hex.toString();
  }

  /**
   * The rows of an Arrow IPC file, summed from its record batches' headers (no data is read), or -1
   * for a stream, standard input, or a file whose footer does not say.
   */
  static long arrowRows(Path input) {
    if (isStdio(input)) {
      return -1;
    }
    try (FileChannel file = FileChannel.open(input, StandardOpenOption.READ)) {
      long size = file.size();
      ByteBuffer tail = ByteBuffer.allocate(10).order(java.nio.ByteOrder.LITTLE_ENDIAN);
      if (size < 18 || file.read(tail, size - 10) != 10) {
        return -1;
      }
      if (!new String(tail.array(), 4, 6, java.nio.charset.StandardCharsets.US_ASCII)
          .equals("ARROW1")) {
        return -1;
      }
      int footerLength = tail.getInt(0);
      if (footerLength <= 0 || footerLength > size - 18) {
        return -1;
      }
      ByteBuffer footerBytes = ByteBuffer.allocate(footerLength);
      file.read(footerBytes, size - 10 - footerLength);
      footerBytes.flip();
      Footer footer = Footer.getRootAsFooter(footerBytes.order(java.nio.ByteOrder.LITTLE_ENDIAN));
      long rows = 0;
      RecordBatch batch = new RecordBatch();
      for (int i = 0; i < footer.recordBatchesLength(); i++) {
        file.position(footer.recordBatches(i).offset());
        MessageMetadataResult message = MessageSerializer.readMessage(new ReadChannel(file));
        if (message == null || message.getMessage().headerType() != MessageHeader.RecordBatch) {
          return -1;
        }
        message.getMessage().header(batch);
        rows += batch.length();
      }
      return rows;
    } catch (IOException | RuntimeException e) {
      // A progress total is a courtesy; the read itself reports what is wrong with the file.
      return -1;
    }
  }

  /** A reader of the IPC file or stream at {@code input}; its magic tells which. */
  private static ArrowReader open(Path input, BufferAllocator allocator) throws IOException {
    FileChannel channel = FileChannel.open(input, StandardOpenOption.READ);
    try {
      return isFileFormat(channel)
          ? new ArrowFileReader(channel, allocator)
          : new ArrowStreamReader(channel, allocator);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /**
   * Whether the IPC bytes are the file format, which starts with the magic "ARROW1" (a stream
   * starts with its schema message). Reads at position 0 without moving the channel.
   */
  private static boolean isFileFormat(FileChannel channel) throws IOException {
    ByteBuffer magic = ByteBuffer.allocate(6);
    channel.read(magic, 0);
    return new String(magic.array(), java.nio.charset.StandardCharsets.US_ASCII).equals("ARROW1");
  }

  /**
   * Why Arrow Java could not take the schema, and what to do: Arrow Java has no vectors for 32- and
   * 64-bit decimals, which Arrow C++ and arrow-rs write.
   */
  private static String unsupported(Path input, RuntimeException e) {
    String message = e.getMessage() == null ? e.toString() : e.getMessage();
    if (!message.contains("decimal")) {
      return "Arrow Java cannot read this schema: " + message;
    }
    String columns = "";
    if (!isStdio(input)) {
      try {
        columns = " (" + String.join(", ", narrowDecimals(input)) + ")";
      } catch (IOException | RuntimeException ignored) {
        // The columns are a courtesy; the advice stands without them.
      }
    }
    return "has 32- or 64-bit decimals"
        + columns
        + ", which Arrow Java cannot hold; have the writer cast them to decimal128 (pyarrow:"
        + " pa.decimal128(p, s); DuckDB exports DECIMAL as decimal128 by default)";
  }

  /**
   * The paths of the decimal32 and decimal64 fields in the schema of the IPC input, read from the
   * schema message's flatbuffer: Arrow Java's own Field cannot be made for them.
   */
  private static List<String> narrowDecimals(Path input) throws IOException {
    org.apache.arrow.flatbuf.Schema schema = new org.apache.arrow.flatbuf.Schema();
    try (FileChannel file = FileChannel.open(input, StandardOpenOption.READ)) {
      // The stream format starts with the schema message; the file format puts the same stream
      // after its 8-byte magic.
      file.position(isFileFormat(file) ? 8 : 0);
      MessageMetadataResult message = MessageSerializer.readMessage(new ReadChannel(file));
      if (message == null || message.getMessage().headerType() != MessageHeader.Schema) {
        return List.of();
      }
      message.getMessage().header(schema);
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < schema.fieldsLength(); i++) {
      narrowDecimals(schema.fields(i), schema.fields(i).name(), out);
    }
    return out;
  }

  private static void narrowDecimals(
      org.apache.arrow.flatbuf.Field f, String path, List<String> out) {
    if (f.typeType() == Type.Decimal) {
      Decimal d = (Decimal) f.type(new Decimal());
      if (d.bitWidth() < 128) {
        out.add(path + ": decimal" + d.bitWidth() + "(" + d.precision() + ", " + d.scale() + ")");
      }
    }
    for (int i = 0; i < f.childrenLength(); i++) {
      narrowDecimals(f.children(i), path + "." + f.children(i).name(), out);
    }
  }

  static void requireFile(Path file, String what) throws IOException {
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException(
          file
              + ": is a directory; give "
              + what
              + " (head, cat, schema, meta, to-arrow and convert read a directory as a dataset)");
    }
    if (!Files.exists(file)) {
      throw new NoSuchFileException(file.toString());
    }
  }

  /**
   * Standard input copied to a new temporary file, for inputs that must be read from their end
   * (Parquet) or more than once (import); the caller removes it.
   */
  static Path spoolStdin(String suffix) throws IOException {
    Path temp = Files.createTempFile("parrow-stdin-", suffix);
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
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(temp);
      throw e;
    }
    return temp;
  }

  /** Standard input copied to a temporary file that is deleted once open (or at exit). */
  private static InputFile spooledStdin() throws IOException {
    Path temp = spoolStdin(".parquet");
    try {
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
