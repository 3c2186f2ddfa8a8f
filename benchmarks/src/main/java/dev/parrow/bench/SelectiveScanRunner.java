package dev.parrow.bench;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.ReadStats;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.storage.OutputFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBResultSet;

/**
 * Selective scans of lineitem into Arrow vectors, every column: Parrow with a filter, DuckDB's
 * WHERE exported to Arrow, and Parrow's full read of the same columns, in one JVM, alternating
 * after warm-up. Run on DuckDB's lineitem (row-group statistics only, no page index) and on a copy
 * Parrow writes (pages of 20,000 rows with a page index). Arrow C++ is not measured: its Java
 * dataset API takes filters only as Substrait plans.
 *
 * <p>Usage: {@code SelectiveScanRunner [--data DIR] [--iterations N] [--warmup N]}.
 */
public final class SelectiveScanRunner {
  private SelectiveScanRunner() {}

  /** The scans: a name and the SQL condition (Parrow parses the same text). */
  static final Map<String, String> SCANS = new LinkedHashMap<>();

  static {
    // l_orderkey = i / 4 + 1 runs from 1 to 1,500,000 in file order: 1,500 keys are 0.1% of rows.
    SCANS.put("l_orderkey 0.1%", "l_orderkey BETWEEN 700000 AND 701499");
    SCANS.put("l_orderkey 10%", "l_orderkey BETWEEN 300000 AND 449999");
    SCANS.put("shipmode AIR, quantity < 5", "l_shipmode = 'AIR' AND l_quantity < 5");
    // LIKE: a pattern every value is tested against (TPC-H's comments), and a prefix that the
    // dictionary of l_shipinstruct (four values) settles per row group.
    SCANS.put("comment LIKE '%special%requests%'", "l_comment LIKE '%special%requests%'");
    SCANS.put("shipinstruct LIKE 'DELIVER%'", "l_shipinstruct LIKE 'DELIVER%'");
    // Two columns compared, as TPC-H's Q4 and Q12 do: nothing to prune, every row tested.
    SCANS.put("commitdate < receiptdate", "l_commitdate < l_receiptdate");
    // Computed values: decimal arithmetic on every row, a date part, and a string function of a
    // dictionary-encoded column (computed once per entry).
    SCANS.put("extendedprice*(1-discount) > 50000", "l_extendedprice * (1 - l_discount) > 50000");
    SCANS.put("year(shipdate) = 1995", "year(l_shipdate) = 1995");
    SCANS.put("lower(shipmode) = 'air'", "lower(l_shipmode) = 'air'");
  }

  public static void main(String[] args) throws Exception {
    RunnerArgs a = RunnerArgs.parse(args, Map.of());
    RunnerArgs.printMachine();
    Path duck = BenchData.ensure(a.data(), BenchData.LINEITEM);
    Path parrow = a.data().resolve("lineitem_parrow.parquet");
    if (!Files.exists(parrow)) {
      try (BufferAllocator allocator = new RootAllocator();
          ParquetFile source = ParquetFile.open(duck);
          ParquetArrowReader reader = source.newReader(allocator)) {
        ParquetArrowWriter.writeAll(
            reader,
            OutputFile.of(parrow),
            WriteOptions.builder().compression(CompressionCodec.SNAPPY).build(),
            rows -> {});
      }
    }
    for (Path file : List.of(duck, parrow)) {
      System.out.printf("%n%s (%,d bytes)%n", file.getFileName(), Files.size(file));
      System.out.printf(
          "  %-28s %10s %12s %12s %10s %14s %16s%n",
          "scan", "rows", "Parrow s", "DuckDB s", "full s", "Parrow/DuckDB", "full/Parrow");
      for (Map.Entry<String, String> scan : SCANS.entrySet()) {
        run(file, scan.getKey(), scan.getValue(), a.iterations(), a.warmup());
      }
    }
  }

  static void run(Path file, String name, String where, int iterations, int warmup)
      throws Exception {
    long[] parrow = new long[iterations];
    long[] duck = new long[iterations];
    long[] full = new long[iterations];
    long rows = -1;
    ReadStats stats = null;
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int round = -warmup; round < iterations; round++) {
        long start = System.nanoTime();
        long p;
        try (ParquetFile f = ParquetFile.open(file);
            ParquetArrowReader reader =
                f.newReader(allocator, ReadOptions.builder().filter(where).build())) {
          p = drain(reader);
          stats = reader.stats();
        }
        long t1 = System.nanoTime();
        long d = duckdb(file, where, allocator);
        long t2 = System.nanoTime();
        try (ParquetFile f = ParquetFile.open(file);
            ParquetArrowReader reader = f.newReader(allocator)) {
          drain(reader);
        }
        long t3 = System.nanoTime();
        if (p != d) {
          throw new IllegalStateException(name + ": Parrow " + p + " rows, DuckDB " + d);
        }
        rows = p;
        if (round >= 0) {
          parrow[round] = t1 - start;
          duck[round] = t2 - t1;
          full[round] = t3 - t2;
        }
      }
    }
    double ps = CompareRunner.median(parrow) / 1e9;
    double ds = CompareRunner.median(duck) / 1e9;
    double fs = CompareRunner.median(full) / 1e9;
    System.out.printf(
        Locale.ROOT,
        "  %-28s %,10d %12.4f %12.4f %10.3f %14.2f %16.1f%n",
        name,
        rows,
        ps,
        ds,
        fs,
        ps / ds,
        fs / ps);
    System.out.println("    Parrow read: " + stats.toJson());
  }

  static long drain(ArrowReader reader) throws Exception {
    long rows = 0;
    while (reader.loadNextBatch()) {
      rows += reader.getVectorSchemaRoot().getRowCount();
    }
    return rows;
  }

  static long duckdb(Path file, String where, BufferAllocator allocator) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM read_parquet('" + file + "') WHERE " + where);
        ArrowReader reader =
            (ArrowReader)
                ((DuckDBResultSet) rs)
                    .arrowExportStream(allocator, ReadOptions.DEFAULT_BATCH_SIZE)) {
      return drain(reader);
    }
  }
}
