package dev.parrow.bench;

import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.footer.FooterReader;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.thrift.ThriftCodec;
import dev.parrow.storage.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reading the footer of a wide file (10,000 columns x 10 row groups by default, made by {@link
 * WideFileGenerator}): Thrift decoding alone, the whole checked footer read (magic, length, decode,
 * schema tree, row group checks) from memory and from disk, and beside them the peers reading the
 * same file's footer: DuckDB's parquet_file_metadata() and Arrow C++'s dataset inspect().
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class FooterBenchmark {
  @Param("10000")
  int columns;

  @Param("10")
  int rowGroups;

  private byte[] file;
  private ByteBuffer metadata;
  private Path onDisk;
  private InputFile inMemory;
  private BufferAllocator allocator;
  private Connection duckdb;
  private String duckdbQuery;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    file = WideFileGenerator.generate(columns, rowGroups);
    int length = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).getInt(file.length - 8);
    metadata = ByteBuffer.wrap(file, file.length - 8 - length, length).slice();
    onDisk = Files.createTempFile("parrow-wide-", ".parquet");
    Files.write(onDisk, file);
    inMemory = InputFile.of(file);
    allocator = new RootAllocator();
    try {
      duckdb = DriverManager.getConnection("jdbc:duckdb:");
      duckdbQuery = "SELECT num_rows FROM parquet_file_metadata('" + onDisk + "')";
    } catch (SQLException e) {
      throw new IOException(e);
    }
    System.out.printf("%nfile: %,d bytes, footer: %,d bytes%n", file.length, length);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException, SQLException {
    duckdb.close();
    allocator.close();
    Files.deleteIfExists(onDisk);
  }

  /**
   * DuckDB parses the footer to answer parquet_file_metadata() (its metadata cache is off by
   * default).
   */
  @Benchmark
  public long duckdbFileMetadata() throws SQLException {
    // A new statement each time: re-running a prepared parquet_file_metadata() query trips a DuckDB
    // bug.
    try (Statement statement = duckdb.createStatement();
        ResultSet rs = statement.executeQuery(duckdbQuery)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** Arrow C++ (arrow-dataset JNI) parses the footer to build the dataset's schema. */
  @Benchmark
  public Schema arrowCppInspect() {
    try (FileSystemDatasetFactory factory =
        new FileSystemDatasetFactory(
            allocator,
            NativeMemoryPool.getDefault(),
            FileFormat.PARQUET,
            onDisk.toUri().toString())) {
      return factory.inspect();
    }
  }

  @Benchmark
  public FileMetaData decodeThrift() {
    return ThriftCodec.readFileMetaData(metadata.duplicate());
  }

  @Benchmark
  public Footer readFooterFromMemory() throws IOException {
    return FooterReader.read(inMemory);
  }

  @Benchmark
  public Footer readFooterFromDisk() throws IOException {
    try (InputFile in = InputFile.of(onDisk)) {
      return FooterReader.read(in);
    }
  }
}
