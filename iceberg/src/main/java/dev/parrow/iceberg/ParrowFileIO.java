package dev.parrow.iceberg;

import dev.parrow.storage.AwsCredentials;
import dev.parrow.storage.AwsCredentialsProvider;
import dev.parrow.storage.RemoteOptions;
import dev.parrow.storage.S3Settings;
import dev.parrow.storage.Store;
import dev.parrow.storage.Stores;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.NoSuchFileException;
import java.util.Map;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.exceptions.NotFoundException;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.io.PositionOutputStream;
import org.apache.iceberg.io.RangeReadable;
import org.apache.iceberg.io.SeekableInputStream;

/**
 * Parrow's storage as an Iceberg {@link FileIO}: local paths and {@code file:} URIs, S3 ({@code
 * s3://}, signed by Parrow, credentials from the properties or AWS's chain), Azure Blob Storage and
 * HTTP(S) (read only), with no Hadoop and no cloud SDK. Load it as a catalog's {@code io-impl}
 * ({@code dev.parrow.iceberg.ParrowFileIO}). Files written through it appear whole or not at all (a
 * local file is renamed into place when its stream closes; an S3 object is one upload completed on
 * close). Streams read by position ({@link RangeReadable}), so Parrow's own reads through it need
 * no seeks.
 *
 * <p>Properties, with Iceberg's S3FileIO names: {@code s3.endpoint}, {@code s3.access-key-id},
 * {@code s3.secret-access-key}, {@code s3.session-token}, {@code client.region}, {@code
 * s3.path-style-access}; the environment's settings for what they leave out.
 */
public class ParrowFileIO implements FileIO {
  private static final long serialVersionUID = 1L;

  /** The properties the catalog gave ({@link #initialize}); they travel with the FileIO. */
  private Map<String, String> properties = Map.of();

  /** The stores' settings, made again from the properties where the FileIO was deserialized. */
  private transient RemoteOptions remote;

  /** A FileIO with the environment's settings (initialize may give others). */
  public ParrowFileIO() {}

  @Override
  public void initialize(Map<String, String> properties) {
    this.properties = Map.copyOf(properties);
    this.remote = null;
  }

  @Override
  public Map<String, String> properties() {
    return properties;
  }

  /** The object stores' settings Iceberg's S3FileIO property names give. */
  static RemoteOptions remoteOptions(Map<String, String> p) {
    RemoteOptions.Builder b = RemoteOptions.builder();
    if (p.keySet().stream().anyMatch(k -> k.startsWith("s3.") || k.equals("client.region"))) {
      S3Settings env = S3Settings.fromEnvironment();
      String endpoint = p.get("s3.endpoint");
      String key = p.get("s3.access-key-id");
      b.s3(
          new S3Settings(
              endpoint == null ? env.endpoint() : URI.create(endpoint),
              p.getOrDefault("client.region", env.region()),
              key == null
                  ? env.credentials()
                  : AwsCredentialsProvider.of(
                      new AwsCredentials(
                          key, p.get("s3.secret-access-key"), p.get("s3.session-token"), null)),
              Boolean.parseBoolean(
                  p.getOrDefault("s3.path-style-access", String.valueOf(env.pathStyle())))));
    }
    return b.build();
  }

  private Store store(String location) {
    if (remote == null) {
      remote = remoteOptions(properties);
    }
    return Stores.of(location, remote);
  }

  @Override
  public InputFile newInputFile(String location) {
    return new In(location, -1);
  }

  @Override
  public InputFile newInputFile(String location, long length) {
    return new In(location, length);
  }

  @Override
  public OutputFile newOutputFile(String location) {
    return new Out(location);
  }

  @Override
  public void deleteFile(String location) {
    try {
      store(location).delete(location);
    } catch (IOException e) {
      throw new UncheckedIOException(location + ": " + e.getMessage(), e);
    }
  }

  private static boolean notFound(IOException e) {
    return e instanceof FileNotFoundException
        || e instanceof NoSuchFileException
        || e instanceof dev.parrow.storage.RemoteFileException r && r.status() == 404;
  }

  /** A file to read, opened at the first read or length asked. */
  private final class In implements InputFile {
    private final String location;
    private long length;

    In(String location, long length) {
      this.location = location;
      this.length = length;
    }

    private dev.parrow.storage.InputFile open() {
      try {
        return store(location).open(location);
      } catch (IOException e) {
        if (notFound(e)) {
          throw new NotFoundException(e, "%s: no such file", location);
        }
        throw new UncheckedIOException(location + ": " + e.getMessage(), e);
      }
    }

    @Override
    public long getLength() {
      if (length < 0) {
        try (dev.parrow.storage.InputFile f = open()) {
          length = f.length();
        } catch (IOException e) {
          throw new UncheckedIOException(location + ": " + e.getMessage(), e);
        }
      }
      return length;
    }

    @Override
    public SeekableInputStream newStream() {
      return new Stream(open(), location);
    }

    @Override
    public String location() {
      return location;
    }

    @Override
    public boolean exists() {
      try (dev.parrow.storage.InputFile f = store(location).open(location)) {
        f.length();
        return true;
      } catch (IOException e) {
        if (notFound(e)) {
          return false;
        }
        throw new UncheckedIOException(location + ": " + e.getMessage(), e);
      }
    }
  }

  /** A stream over Parrow's positional reads. */
  private static final class Stream extends SeekableInputStream implements RangeReadable {
    private final dev.parrow.storage.InputFile file;
    private final String location;
    private final long length;
    private long position;

    Stream(dev.parrow.storage.InputFile file, String location) {
      this.file = file;
      this.location = location;
      try {
        this.length = file.length();
      } catch (IOException e) {
        throw new UncheckedIOException(location + ": " + e.getMessage(), e);
      }
    }

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public void seek(long to) throws IOException {
      if (to < 0) {
        throw new EOFException(location + ": a negative position " + to);
      }
      position = to;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      if (position >= length) {
        return -1;
      }
      int n = (int) Math.min(len, length - position);
      file.readFully(position, ByteBuffer.wrap(b, off, n));
      position += n;
      return n;
    }

    @Override
    public void readFully(long at, byte[] buffer, int offset, int count) throws IOException {
      file.readFully(at, ByteBuffer.wrap(buffer, offset, count));
    }

    @Override
    public int readTail(byte[] buffer, int offset, int count) throws IOException {
      int n = (int) Math.min(count, length);
      file.readFully(length - n, ByteBuffer.wrap(buffer, offset, n));
      return n;
    }

    @Override
    public void close() throws IOException {
      file.close();
    }
  }

  /** A file to write: nothing appears until its stream is closed. */
  private final class Out implements OutputFile {
    private final String location;

    Out(String location) {
      this.location = location;
    }

    @Override
    public PositionOutputStream create() {
      if (new In(location, -1).exists()) {
        throw new AlreadyExistsException("%s: the file exists", location);
      }
      return createOrOverwrite();
    }

    @Override
    public PositionOutputStream createOrOverwrite() {
      try {
        Store store = store(location);
        // A local file's directories are made, as HadoopFileIO makes them (a catalog writes
        // a new table's metadata file into a directory nobody made).
        store.makeParents(location);
        return new Written(store.create(location).openCommittingOnClose());
      } catch (IOException e) {
        throw new UncheckedIOException(location + ": " + e.getMessage(), e);
      }
    }

    @Override
    public String location() {
      return location;
    }

    @Override
    public InputFile toInputFile() {
      return new In(location, -1);
    }
  }

  /** The stream of a file being written, counting its bytes; closing it makes the file. */
  private static final class Written extends PositionOutputStream {
    private final OutputStream out;
    private long position;

    Written(OutputStream out) {
      this.out = out;
    }

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      position++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      position += len;
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }
}
