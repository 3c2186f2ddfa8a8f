package dev.parrow.bench;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.RowGroup;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.dataset.scanner.ScanOptions;
import org.apache.arrow.dataset.scanner.Scanner;
import org.apache.arrow.dataset.source.Dataset;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBResultSet;

/**
 * Reads whole benchmark files into Arrow Java vectors with Parrow, Arrow C++ (arrow-dataset JNI)
 * and DuckDB (JDBC, its Arrow export), in one JVM, alternating the readers after warm-up, and
 * prints the median time, rows/s, uncompressed MB/s and Parrow's time over each peer's.
 *
 * <p>Usage: {@code CompareRunner [--data DIR] [--iterations N] [--warmup N] [--threads 1] [table
 * ...]}; tables are generated into DIR (default benchmarks/data) on first use. With {@code
 * --threads 1}, Parrow reads with parallelism 1 and DuckDB with {@code SET threads = 1}; Arrow C++
 * takes its thread count from the environment only, so run the JVM with {@code OMP_NUM_THREADS=1}
 * for it to use one thread too (the runner says which it got).
 */
public final class CompareRunner {
  private CompareRunner() {}

  interface FileReader {
    /** Reads every batch of the file into Arrow vectors; returns the rows read. */
    long read(Path file, BufferAllocator allocator) throws Exception;
  }

  static final Map<String, FileReader> READERS = new LinkedHashMap<>();

  static {
    READERS.put("Parrow", CompareRunner::parrow);
    READERS.put("Arrow C++", CompareRunner::arrowCpp);
    READERS.put("DuckDB", CompareRunner::duckdb);
  }

  /** The decoding threads each reader may use: 0 for each reader's default. */
  static int threads;

  public static void main(String[] args) throws Exception {
    RunnerArgs a = RunnerArgs.parse(args, Map.of("--threads", v -> threads = Integer.parseInt(v)));
    List<String> tables = a.tables();
    RunnerArgs.printMachine();
    if (threads > 0) {
      System.out.printf(
          "one reader thread each: Parrow parallelism %d, DuckDB threads %d, Arrow C++ %s%n",
          threads,
          threads,
          System.getenv("OMP_NUM_THREADS") == null
              ? "its default (set OMP_NUM_THREADS to limit it)"
              : "OMP_NUM_THREADS=" + System.getenv("OMP_NUM_THREADS"));
    }
    for (BenchData.Table table : BenchData.TABLES) {
      if (tables.isEmpty() || tables.contains(table.name())) {
        run(BenchData.ensure(a.data(), table), table, a.iterations(), a.warmup());
      }
    }
  }

  static void run(Path file, BenchData.Table table, int iterations, int warmup) throws Exception {
    long uncompressed = uncompressedBytes(file);
    Map<String, long[]> times = new LinkedHashMap<>();
    READERS.keySet().forEach(k -> times.put(k, new long[iterations]));
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int round = -warmup; round < iterations; round++) {
        for (Map.Entry<String, FileReader> reader : READERS.entrySet()) {
          long start = System.nanoTime();
          long rows = reader.getValue().read(file, allocator);
          long elapsed = System.nanoTime() - start;
          if (rows != table.rows()) {
            throw new IllegalStateException(
                reader.getKey() + " read " + rows + " rows of " + table.rows());
          }
          if (round >= 0) {
            times.get(reader.getKey())[round] = elapsed;
          }
        }
      }
    }
    System.out.printf(
        "%n%s: %,d rows, %,d MB uncompressed, median of %d runs after %d warm-up rounds%n",
        table.name(), table.rows(), uncompressed >> 20, iterations, warmup);
    System.out.printf(
        "  %-10s %10s %14s %12s %18s%n", "reader", "seconds", "rows/s", "MB/s", "Parrow / reader");
    double parrow = median(times.get("Parrow"));
    for (Map.Entry<String, long[]> e : times.entrySet()) {
      double seconds = median(e.getValue()) / 1e9;
      System.out.printf(
          Locale.ROOT,
          "  %-10s %10.3f %,14.0f %,12.0f %18.2f%n",
          e.getKey(),
          seconds,
          table.rows() / seconds,
          uncompressed / 1e6 / seconds,
          parrow / median(e.getValue()));
    }
  }

  static long parrow(Path file, BufferAllocator allocator) throws Exception {
    long rows = 0;
    try (ParquetFile parquet = ParquetFile.open(file);
        ParquetArrowReader reader =
            parquet.newReader(
                allocator,
                threads > 0
                    ? ReadOptions.builder().parallelism(threads).build()
                    : ReadOptions.defaults())) {
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
    }
    return rows;
  }

  // arrow-dataset declares close() as throwing InterruptedException; nothing here interrupts.
  @SuppressWarnings("try")
  static long arrowCpp(Path file, BufferAllocator allocator) throws Exception {
    long rows = 0;
    try (FileSystemDatasetFactory factory =
            new FileSystemDatasetFactory(
                allocator,
                NativeMemoryPool.getDefault(),
                FileFormat.PARQUET,
                file.toUri().toString());
        Dataset dataset = factory.finish();
        Scanner scanner = dataset.newScan(new ScanOptions(ReadOptions.DEFAULT_BATCH_SIZE));
        ArrowReader reader = scanner.scanBatches()) {
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
    }
    return rows;
  }

  static long duckdb(Path file, BufferAllocator allocator) throws Exception {
    long rows = 0;
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = duckDbStatement(c);
        ResultSet rs = s.executeQuery("SELECT * FROM read_parquet('" + file + "')");
        ArrowReader reader =
            (ArrowReader)
                ((DuckDBResultSet) rs)
                    .arrowExportStream(allocator, ReadOptions.DEFAULT_BATCH_SIZE)) {
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
    }
    return rows;
  }

  /** A statement on a connection limited to {@link #threads} threads when that is set. */
  static Statement duckDbStatement(Connection c) throws Exception {
    Statement s = c.createStatement();
    if (threads > 0) {
      s.execute("SET threads = " + threads);
    }
    return s;
  }

  static long uncompressedBytes(Path file) throws Exception {
    long total = 0;
    try (ParquetFile parquet = ParquetFile.open(file)) {
      for (RowGroup group : parquet.metadata().rowGroups()) {
        for (ColumnChunk chunk : group.columns()) {
          total += chunk.metaData().totalUncompressedSize();
        }
      }
    }
    return total;
  }

  static double median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
  }
}
