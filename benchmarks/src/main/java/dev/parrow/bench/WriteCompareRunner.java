package dev.parrow.bench;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.dataset.file.DatasetFileWriter;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;
import org.duckdb.DuckDBConnection;

/**
 * Writes the same in-memory Arrow batches (a benchmark table read once into Arrow Java vectors) to
 * Parquet with Parrow, Arrow C++ (arrow-dataset's {@code DatasetFileWriter}) and DuckDB (the
 * batches registered as an Arrow stream, then {@code COPY ... TO}), all with SNAPPY pages, in one
 * JVM, and prints the median time, the file size and Parrow's time over each peer's with the same
 * codec (Arrow C++ writes UNCOMPRESSED pages through this API, so Parrow is also measured writing
 * those). Each writer's file is read back by Parrow and its row count checked.
 *
 * <p>Usage: {@code WriteCompareRunner [--data DIR] [--iterations N] [--warmup N] [--writers A,B]
 * [--parallelism N] [table ...]} (default: every writer, lineitem).
 */
public final class WriteCompareRunner {
  private WriteCompareRunner() {}

  interface FileWriter {
    void write(
        List<ArrowRecordBatch> batches, Schema schema, Path target, BufferAllocator allocator)
        throws Exception;
  }

  static final Map<String, FileWriter> WRITERS = new LinkedHashMap<>();

  /** Parrow's thread count (default: the processors). */
  static int parallelism = Runtime.getRuntime().availableProcessors();

  static {
    parrowWith("Parrow", b -> b);
    // arrow-dataset's Java API cannot choose the codec, and Arrow C++ then writes UNCOMPRESSED
    // pages: Parrow is measured that way too, for a like-for-like ratio.
    parrowWith(
        "Parrow uncompressed",
        b -> b.compression(dev.parrow.codec.metadata.CompressionCodec.UNCOMPRESSED));
    // The cost of each default (floats' statistics in IEEE 754's total order with NaN counts, size
    // statistics, statistics as a whole), and of content-defined chunking with Arrow's parameters.
    parrowWith("Parrow float type order", b -> b.floatTotalOrder(false));
    parrowWith("Parrow no size statistics", b -> b.sizeStatistics(false));
    parrowWith("Parrow no statistics", b -> b.statistics(false).sizeStatistics(false));
    parrowWith(
        "Parrow content-defined chunks",
        b -> b.contentDefinedChunking(dev.parrow.codec.options.ContentDefinedChunking.DEFAULTS));
    WRITERS.put("Arrow C++", WriteCompareRunner::arrowCpp);
    WRITERS.put("DuckDB", WriteCompareRunner::duckdb);
  }

  /** A Parrow writer with the defaults as {@code options} changes them, on every core asked. */
  private static void parrowWith(
      String name, java.util.function.UnaryOperator<WriteOptions.Builder> options) {
    WRITERS.put(
        name,
        (b, schema, target, a) ->
            parrow(
                b,
                schema,
                target,
                a,
                options.apply(WriteOptions.builder().parallelism(parallelism)).build()));
  }

  public static void main(String[] args) throws Exception {
    RunnerArgs a =
        RunnerArgs.parse(
            args,
            Map.of(
                "--writers", v -> WRITERS.keySet().retainAll(List.of(v.split(","))),
                "--parallelism", v -> parallelism = Integer.parseInt(v)));
    List<String> tables = a.tables().isEmpty() ? List.of(BenchData.LINEITEM.name()) : a.tables();
    RunnerArgs.printMachine();
    for (BenchData.Table table : BenchData.TABLES) {
      if (tables.contains(table.name())) {
        run(BenchData.ensure(a.data(), table), table, a.data(), a.iterations(), a.warmup());
      }
    }
  }

  static void run(Path source, BenchData.Table table, Path dir, int iterations, int warmup)
      throws Exception {
    Map<String, long[]> times = new LinkedHashMap<>();
    Map<String, Long> sizes = new LinkedHashMap<>();
    Map<String, String> codecs = new LinkedHashMap<>();
    WRITERS.keySet().forEach(k -> times.put(k, new long[iterations]));
    try (BufferAllocator allocator = new RootAllocator()) {
      List<ArrowRecordBatch> batches = new ArrayList<>();
      Schema schema = readInto(source, allocator, batches);
      try {
        for (int round = -warmup; round < iterations; round++) {
          for (Map.Entry<String, FileWriter> writer : WRITERS.entrySet()) {
            Path target =
                dir.resolve("written-" + writer.getKey().replaceAll("[^A-Za-z]", "") + ".parquet");
            Files.deleteIfExists(target);
            long start = System.nanoTime();
            writer.getValue().write(batches, schema, target, allocator);
            long elapsed = System.nanoTime() - start;
            long rows = rows(target);
            if (rows != table.rows()) {
              throw new IllegalStateException(
                  writer.getKey() + " wrote " + rows + " rows of " + table.rows());
            }
            if (round >= 0) {
              times.get(writer.getKey())[round] = elapsed;
            }
            sizes.put(writer.getKey(), Files.size(target));
            codecs.put(writer.getKey(), codecs(target));
            Files.delete(target);
          }
        }
      } finally {
        batches.forEach(ArrowRecordBatch::close);
      }
    }
    System.out.printf(
        "%n%s written from Arrow vectors: %,d rows, median of %d runs after %d warm-up rounds; Parrow / writer"
            + " compares Parrow with the same codec%n",
        table.name(), table.rows(), iterations, warmup);
    System.out.printf(
        "  %-30s %10s %14s %12s %18s  %s%n",
        "writer", "seconds", "rows/s", "file MB", "Parrow / writer", "codecs, encodings");
    for (Map.Entry<String, long[]> e : times.entrySet()) {
      double seconds = CompareRunner.median(e.getValue()) / 1e9;
      String same =
          codecs.get(e.getKey()).startsWith("[UNCOMPRESSED]") ? "Parrow uncompressed" : "Parrow";
      double parrow = times.containsKey(same) ? CompareRunner.median(times.get(same)) : Double.NaN;
      System.out.printf(
          Locale.ROOT,
          "  %-30s %10.3f %,14.0f %,12.1f %18.2f  %s%n",
          e.getKey(),
          seconds,
          table.rows() / seconds,
          sizes.get(e.getKey()) / 1e6,
          parrow / CompareRunner.median(e.getValue()),
          codecs.get(e.getKey()));
    }
  }

  /**
   * Reads a file's batches into {@code batches}, each batch's buffers taken out of the reader's
   * (which reuses its buffers for the next batch); returns the file's Arrow schema.
   */
  static Schema readInto(Path source, BufferAllocator allocator, List<ArrowRecordBatch> batches)
      throws IOException {
    try (ParquetFile parquet = ParquetFile.open(source);
        ParquetArrowReader reader = parquet.newReader(allocator, ReadOptions.defaults())) {
      Schema schema = reader.getVectorSchemaRoot().getSchema();
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        List<org.apache.arrow.vector.FieldVector> kept = new ArrayList<>();
        for (org.apache.arrow.vector.FieldVector v : root.getFieldVectors()) {
          var transfer = v.getTransferPair(allocator);
          transfer.transfer();
          kept.add((org.apache.arrow.vector.FieldVector) transfer.getTo());
        }
        try (VectorSchemaRoot own = new VectorSchemaRoot(kept)) {
          own.setRowCount(root.getRowCount());
          batches.add(new VectorUnloader(own).getRecordBatch());
        }
      }
      return schema;
    }
  }

  static void parrow(
      List<ArrowRecordBatch> batches,
      Schema schema,
      Path target,
      BufferAllocator allocator,
      WriteOptions options)
      throws IOException {
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter writer = ParquetArrowWriter.create(target, schema, options)) {
      VectorLoader loader = new VectorLoader(root);
      for (ArrowRecordBatch batch : batches) {
        loader.load(batch);
        writer.write(root);
      }
    }
  }

  static void arrowCpp(
      List<ArrowRecordBatch> batches, Schema schema, Path target, BufferAllocator allocator) {
    // DatasetFileWriter writes into a directory, one file per partition: here one file, moved out
    // after.
    Path directory = target.resolveSibling(target.getFileName() + ".d");
    try (ArrowReader reader = new Replay(allocator, schema, batches)) {
      DatasetFileWriter.write(allocator, reader, FileFormat.PARQUET, directory.toUri().toString());
      try (var files = Files.list(directory)) {
        List<Path> written = files.toList();
        if (written.size() != 1) {
          throw new IllegalStateException("Arrow C++ wrote " + written);
        }
        Files.move(written.get(0), target);
      }
      Files.delete(directory);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static void duckdb(
      List<ArrowRecordBatch> batches, Schema schema, Path target, BufferAllocator allocator)
      throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        ArrowReader reader = new Replay(allocator, schema, batches);
        ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
      Data.exportArrayStream(allocator, reader, stream);
      ((DuckDBConnection) c).registerArrowStream("batches", stream);
      try (Statement s = c.createStatement()) {
        s.execute("COPY batches TO '" + target + "' (FORMAT parquet, COMPRESSION snappy)");
      }
    }
  }

  /** The codecs and encodings the file's column chunks use, as a short summary. */
  static String codecs(Path file) throws IOException {
    java.util.Set<String> codecs = new java.util.TreeSet<>();
    java.util.Set<String> encodings = new java.util.TreeSet<>();
    try (ParquetFile parquet = ParquetFile.open(file)) {
      for (var group : parquet.metadata().rowGroups()) {
        for (var chunk : group.columns()) {
          codecs.add(chunk.metaData().codec().name());
          chunk.metaData().encodings().forEach(e -> encodings.add(e.name()));
        }
      }
    }
    return codecs + " " + encodings;
  }

  static long rows(Path file) throws IOException {
    try (ParquetFile parquet = ParquetFile.open(file)) {
      return parquet.metadata().numRows();
    }
  }

  /**
   * The batches again, as an Arrow stream (each loaded into the reader's root in turn, and kept).
   */
  static final class Replay extends ArrowReader {
    private final Schema schema;
    private final List<ArrowRecordBatch> batches;
    private int next;
    private VectorLoader loader;

    Replay(BufferAllocator allocator, Schema schema, List<ArrowRecordBatch> batches) {
      super(allocator);
      this.schema = schema;
      this.batches = batches;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
      prepareLoadNextBatch();
      if (next == batches.size()) {
        return false;
      }
      // Not loadRecordBatch: it closes the batch, which the next writer still needs.
      if (loader == null) {
        loader = new VectorLoader(getVectorSchemaRoot());
      }
      loader.load(batches.get(next++));
      return true;
    }

    @Override
    public long bytesRead() {
      return 0;
    }

    @Override
    protected void closeReadSource() {}

    @Override
    protected Schema readSchema() {
      return schema;
    }
  }
}
