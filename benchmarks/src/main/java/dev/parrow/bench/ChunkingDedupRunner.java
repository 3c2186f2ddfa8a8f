package dev.parrow.bench;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.PageLocation;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.options.ContentDefinedChunking;
import dev.parrow.codec.page.PageIndexReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What deduplicating storage keeps of a file after rows are inserted: a table (default lineitem) is
 * written once, then again with 1% of its rows (copies of its first 1%) inserted at its middle; the
 * share of the edited file's data pages (and of their bytes) found byte for byte among the
 * original's. Parrow writes both with pages cut by size (its defaults) and with content-defined
 * chunking (Arrow's parameters), with dictionaries and without; pyarrow does the same through
 * {@code benchmarks/cdc_pyarrow.py} when {@code python3} with pyarrow 21 or later is on the PATH
 * (else its rows are left out). Both write Snappy, row groups of 2^20 rows, pages of 1 MiB and at
 * most 20,000 rows.
 *
 * <p>Usage: {@code ChunkingDedupRunner [--data DIR] [table]}.
 */
public final class ChunkingDedupRunner {
  private ChunkingDedupRunner() {}

  public static void main(String[] args) throws Exception {
    RunnerArgs a = RunnerArgs.parse(args, Map.of());
    String name = a.tables().isEmpty() ? BenchData.LINEITEM.name() : a.tables().get(0);
    BenchData.Table table =
        BenchData.TABLES.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    RunnerArgs.printMachine();
    Path source = BenchData.ensure(a.data(), table);
    Path out = a.data().resolve("dedup");
    Files.createDirectories(out);
    Map<String, Path[]> pairs = new LinkedHashMap<>();
    try (BufferAllocator allocator = new RootAllocator()) {
      List<ArrowRecordBatch> batches = new ArrayList<>();
      Schema schema = WriteCompareRunner.readInto(source, allocator, batches);
      try {
        for (boolean dictionary : new boolean[] {true, false}) {
          for (boolean cdc : new boolean[] {false, true}) {
            WriteOptions options =
                WriteOptions.builder()
                    .dictionary(dictionary)
                    .contentDefinedChunking(cdc ? ContentDefinedChunking.DEFAULTS : null)
                    .build();
            String label =
                "Parrow, "
                    + (cdc ? "content-defined chunks" : "pages by size")
                    + (dictionary ? "" : ", no dictionary");
            String stem = "parrow-" + cdc + (dictionary ? "" : "-plain");
            Path original = out.resolve(stem + ".parquet");
            Path edited = out.resolve(stem + "-edited.parquet");
            write(batches, schema, allocator, options, original, false);
            write(batches, schema, allocator, options, edited, true);
            pairs.put(label, new Path[] {original, edited});
          }
        }
      } finally {
        batches.forEach(ArrowRecordBatch::close);
      }
    }
    Map<String, Path[]> pyarrow = pyarrow(source, out);
    pairs.putAll(pyarrow);
    System.out.printf(
        "%n%s, %d%% of rows inserted at the middle: the edited file's data pages found byte for byte"
            + " in the original%n",
        table.name(), 1);
    System.out.printf(
        "  %-40s %8s %8s %10s %12s%n", "writer", "pages", "kept", "of pages", "of bytes");
    for (Map.Entry<String, Path[]> e : pairs.entrySet()) {
      Kept k = kept(e.getValue()[0], e.getValue()[1]);
      System.out.printf(
          Locale.ROOT,
          "  %-40s %,8d %,8d %9.1f%% %11.1f%%%n",
          e.getKey(),
          k.pages,
          k.keptPages,
          100.0 * k.keptPages / k.pages,
          100.0 * k.keptBytes / k.bytes);
    }
    if (pyarrow.isEmpty()) {
      System.out.println("  (pyarrow: python3 with pyarrow 21 or later not found; left out)");
    }
  }

  /**
   * Writes the batches, or with {@code insert} the same rows with copies of the first 1% (and 7)
   * inserted after the first half (and 13).
   */
  private static void write(
      List<ArrowRecordBatch> batches,
      Schema schema,
      BufferAllocator allocator,
      WriteOptions options,
      Path target,
      boolean insert)
      throws IOException {
    long total = 0;
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      VectorLoader loader = new VectorLoader(root);
      for (ArrowRecordBatch b : batches) {
        total += b.getLength();
      }
      // Off any page or row-group grid: an insertion of a whole number of 20,000-row pages at a
      // page boundary would leave fixed-size pages aligned, which real edits rarely do.
      long middle = total / 2 + 13;
      int inserted = (int) (total / 100) + 7;
      Files.deleteIfExists(target);
      try (ParquetArrowWriter writer = ParquetArrowWriter.create(target, schema, options)) {
        long at = 0;
        for (ArrowRecordBatch b : batches) {
          loader.load(b);
          int rows = b.getLength();
          if (insert && at <= middle && middle < at + rows) {
            int split = (int) (middle - at);
            writeSlice(writer, root, 0, split);
            try (VectorSchemaRoot first = VectorSchemaRoot.create(schema, allocator)) {
              // The first 1% of rows, batch by batch (the first batches hold them).
              VectorLoader firstLoader = new VectorLoader(first);
              int left = inserted;
              for (int k = 0; left > 0; k++) {
                firstLoader.load(batches.get(k));
                int n = Math.min(left, batches.get(k).getLength());
                writeSlice(writer, first, 0, n);
                left -= n;
              }
            }
            writeSlice(writer, root, split, rows - split);
          } else {
            writer.write(root);
          }
          at += rows;
        }
      }
    }
  }

  private static void writeSlice(
      ParquetArrowWriter writer, VectorSchemaRoot root, int from, int length) throws IOException {
    if (length == 0) {
      return;
    }
    try (VectorSchemaRoot slice = root.slice(from, length)) {
      writer.write(slice);
    }
  }

  /** pyarrow's pairs (by size, content-defined), written by cdc_pyarrow.py; empty without it. */
  private static Map<String, Path[]> pyarrow(Path source, Path out) {
    Map<String, Path[]> pairs = new LinkedHashMap<>();
    Path script = Path.of("benchmarks", "cdc_pyarrow.py");
    if (!Files.isRegularFile(script)) {
      return pairs;
    }
    try {
      Process p =
          new ProcessBuilder("python3", script.toString(), source.toString(), out.toString())
              .inheritIO()
              .start();
      if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0) {
        return pairs;
      }
    } catch (IOException e) {
      return pairs;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return pairs;
    }
    for (String plain : new String[] {"", "-plain"}) {
      for (boolean cdc : new boolean[] {false, true}) {
        String stem = "pyarrow-" + cdc + plain;
        pairs.put(
            "pyarrow, "
                + (cdc ? "content-defined chunks" : "pages by size")
                + (plain.isEmpty() ? "" : ", no dictionary"),
            new Path[] {out.resolve(stem + ".parquet"), out.resolve(stem + "-edited.parquet")});
      }
    }
    return pairs;
  }

  private record Kept(long pages, long keptPages, long bytes, long keptBytes) {}

  private static Kept kept(Path original, Path edited) throws IOException {
    Set<ByteBuffer> before = new HashSet<>();
    forEachPage(original, before::add);
    long[] counts = new long[4];
    forEachPage(
        edited,
        page -> {
          counts[0]++;
          counts[2] += page.remaining();
          if (before.contains(page)) {
            counts[1]++;
            counts[3] += page.remaining();
          }
        });
    return new Kept(counts[0], counts[1], counts[2], counts[3]);
  }

  /** Each data page's bytes (header and body), by the offset index. */
  private static void forEachPage(Path file, java.util.function.Consumer<ByteBuffer> page)
      throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    try (ParquetFile parquet = ParquetFile.open(file)) {
      for (RowGroup group : parquet.metadata().rowGroups()) {
        for (ColumnChunk chunk : group.columns()) {
          for (PageLocation l :
              PageIndexReader.offsetIndex(parquet.input(), chunk, group.numRows())
                  .pageLocations()) {
            page.accept(ByteBuffer.wrap(bytes, (int) l.offset(), l.compressedPageSize()).slice());
          }
        }
      }
    }
  }
}
