package dev.parrow.bench;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.crypto.FileDecryption;
import dev.parrow.codec.crypto.FileEncryption;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The cost of encryption: lineitem written from Arrow vectors and read back into them, plaintext
 * and uniformly encrypted with each algorithm (AES_GCM_V1, AES_GCM_CTR_V1), each as a ratio to the
 * plaintext time in the same run; DuckDB's own overhead (plaintext against its uniform AES-GCM,
 * both ways) measured alongside for comparison. The goal is at most 1.3 times the plaintext time.
 *
 * <p>Usage: {@code EncryptionRunner [--data DIR] [--iterations N] [--warmup N]}.
 */
public final class EncryptionRunner {
  private EncryptionRunner() {}

  private static final byte[] KEY = "0123456789112345".getBytes(StandardCharsets.US_ASCII);

  public static void main(String[] args) throws Exception {
    RunnerArgs a = RunnerArgs.parse(args, Map.of());
    RunnerArgs.printMachine();
    Path source = BenchData.ensure(a.data(), BenchData.LINEITEM);
    Map<String, FileEncryption> ways = new LinkedHashMap<>();
    ways.put("plaintext", null);
    for (FileEncryption.Algorithm algorithm : FileEncryption.Algorithm.values()) {
      ways.put(algorithm.name(), FileEncryption.builder(KEY).algorithm(algorithm).build());
    }
    Map<String, long[]> writes = new LinkedHashMap<>();
    Map<String, long[]> reads = new LinkedHashMap<>();
    Map<String, Path> files = new LinkedHashMap<>();
    try (BufferAllocator allocator = new RootAllocator()) {
      List<ArrowRecordBatch> batches = new ArrayList<>();
      Schema schema = WriteCompareRunner.readInto(source, allocator, batches);
      try {
        for (int round = -a.warmup(); round < a.iterations(); round++) {
          for (Map.Entry<String, FileEncryption> way : ways.entrySet()) {
            Path target = a.data().resolve("encrypted-" + way.getKey() + ".parquet");
            Files.deleteIfExists(target);
            long start = System.nanoTime();
            WriteCompareRunner.parrow(
                batches,
                schema,
                target,
                allocator,
                WriteOptions.builder().encryption(way.getValue()).build());
            record(writes, way.getKey(), round, a, System.nanoTime() - start);
            files.put(way.getKey(), target);
          }
          for (Map.Entry<String, FileEncryption> way : ways.entrySet()) {
            FileDecryption keys =
                way.getValue() == null ? null : FileDecryption.builder().footerKey(KEY).build();
            long start = System.nanoTime();
            long rows = read(files.get(way.getKey()), keys, allocator);
            record(reads, way.getKey(), round, a, System.nanoTime() - start);
            if (rows != BenchData.LINEITEM.rows()) {
              throw new IllegalStateException(way.getKey() + " read " + rows + " rows");
            }
          }
          duckDb(source, a.data(), writes, reads, round, a);
        }
      } finally {
        batches.forEach(ArrowRecordBatch::close);
      }
    }
    System.out.printf(
        "%nlineitem (%,d rows), median of %d runs after %d warm-up rounds; ratio to the same"
            + " writer's or reader's plaintext time%n",
        BenchData.LINEITEM.rows(), a.iterations(), a.warmup());
    print("write", writes);
    print("read", reads);
    files.values().forEach(f -> f.toFile().delete());
  }

  private static void record(
      Map<String, long[]> times, String key, int round, RunnerArgs a, long t) {
    long[] kept = times.computeIfAbsent(key, k -> new long[a.iterations()]);
    if (round >= 0) {
      kept[round] = t;
    }
  }

  private static long read(Path file, FileDecryption keys, BufferAllocator allocator)
      throws Exception {
    long rows = 0;
    try (ParquetFile parquet =
            keys == null ? ParquetFile.open(file) : ParquetFile.open(file, keys);
        ParquetArrowReader reader = parquet.newReader(allocator, ReadOptions.defaults())) {
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
    }
    return rows;
  }

  /**
   * DuckDB's plaintext and encrypted copies of lineitem (COPY from the plaintext file), then their
   * reads (a count over every column, so that every page is decoded).
   */
  private static void duckDb(
      Path source,
      Path dir,
      Map<String, long[]> writes,
      Map<String, long[]> reads,
      int round,
      RunnerArgs a)
      throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute(
          "PRAGMA add_parquet_key('k', '" + new String(KEY, StandardCharsets.US_ASCII) + "')");
      // The built-in crypto module (httpfs's is not loaded here): its nonces are what DuckDB
      // calls not secure, its cipher is the same AES-GCM.
      s.execute("SET force_mbedtls_unsafe = 'true'");
      s.execute("CREATE OR REPLACE TABLE t AS SELECT * FROM read_parquet('" + source + "')");
      for (boolean encrypted : new boolean[] {false, true}) {
        String name = encrypted ? "DuckDB AES_GCM_V1" : "DuckDB plaintext";
        Path target = dir.resolve(encrypted ? "duckdb-encrypted.parquet" : "duckdb-plain.parquet");
        Files.deleteIfExists(target);
        long start = System.nanoTime();
        s.execute(
            "COPY t TO '"
                + target
                + "' (FORMAT parquet, COMPRESSION snappy"
                + (encrypted ? ", ENCRYPTION_CONFIG {footer_key: 'k'}" : "")
                + ")");
        record(writes, name, round, a, System.nanoTime() - start);
        start = System.nanoTime();
        try (ResultSet rs =
            s.executeQuery(
                "SELECT count(l_comment), sum(l_extendedprice), count(l_shipdate), sum(l_orderkey)"
                    + " FROM read_parquet('"
                    + target
                    + "'"
                    + (encrypted ? ", encryption_config = {footer_key: 'k'}" : "")
                    + ")")) {
          rs.next();
        }
        record(reads, name, round, a, System.nanoTime() - start);
        Files.delete(target);
      }
    }
  }

  private static void print(String what, Map<String, long[]> times) {
    System.out.printf("  %-6s %-20s %10s %16s%n", what, "", "seconds", "/ plaintext");
    double parrow = CompareRunner.median(times.get("plaintext"));
    double duckdb = CompareRunner.median(times.get("DuckDB plaintext"));
    for (Map.Entry<String, long[]> e : times.entrySet()) {
      double median = CompareRunner.median(e.getValue());
      double base = e.getKey().startsWith("DuckDB") ? duckdb : parrow;
      System.out.printf(
          Locale.ROOT, "  %-6s %-20s %10.3f %16.2f%n", "", e.getKey(), median / 1e9, median / base);
    }
  }
}
