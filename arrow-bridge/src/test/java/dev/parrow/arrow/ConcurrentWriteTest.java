package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.storage.OutputFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers with threads to spare encode row groups at once (each batch copied, its slices placed on
 * a guess of where the row group ends): every such file is byte for byte the file one thread
 * writes, whatever the batch size, row group limit (rows or encoded bytes), flushes, dictionaries,
 * nesting, executor or memory budget; a guess proved wrong is encoded again; a failure is thrown,
 * the target untouched, nothing leaked.
 */
class ConcurrentWriteTest {
  @TempDir Path dir;

  /**
   * An executor that runs nothing: a writer's tasks then run only when its caller waits for them,
   * so every slice that is not awaited is placed on a guess.
   */
  private static final Executor REJECTING =
      task -> {
        throw new RejectedExecutionException("busy");
      };

  private static final DictionaryEncoding CODES =
      new DictionaryEncoding(1, false, new ArrowType.Int(32, true));

  /** {@link MixedRows}' fields and a dictionary-encoded one. */
  private static final Schema SCHEMA =
      new Schema(
          java.util.stream.Stream.concat(
                  MixedRows.FIELDS.stream(),
                  java.util.stream.Stream.of(
                      new Field(
                          "d", new FieldType(true, new ArrowType.Int(32, true), CODES), null)))
              .toList());

  /** The batches a test writes: each is {@code rows} rows from {@code first}, text of a length. */
  private interface Batches {
    void writeTo(ParquetArrowWriter writer, Batch batch) throws IOException;
  }

  /** Fills the root with rows and writes it. */
  private static final class Batch implements AutoCloseable {
    final VectorSchemaRoot root;
    final VarCharVector dictionary;
    final DictionaryProvider.MapDictionaryProvider provider =
        new DictionaryProvider.MapDictionaryProvider();

    Batch(BufferAllocator allocator) {
      root = VectorSchemaRoot.create(SCHEMA, allocator);
      dictionary = new VarCharVector("dict", allocator);
      provider.put(new Dictionary(dictionary, CODES));
      dictionary(0, 8);
    }

    /** The dictionary's entries: "v{first}" to "v{first + size - 1}" (0 and more: it extends). */
    void dictionary(int first, int size) {
      dictionary.allocateNew();
      for (int i = 0; i < size; i++) {
        dictionary.setSafe(i, ("v" + (first + i)).getBytes(StandardCharsets.UTF_8));
      }
      dictionary.setValueCount(size);
    }

    void write(ParquetArrowWriter writer, long first, int rows, int textLength) throws IOException {
      fill(first, rows, textLength);
      writer.write(root);
    }

    private void fill(long first, int rows, int textLength) {
      root.allocateNew();
      // Letters no codec here compresses much, the same for the same row.
      MixedRows.fill(
          root,
          first,
          rows,
          i -> {
            byte[] text = new byte[textLength];
            java.util.SplittableRandom letters = new java.util.SplittableRandom(i);
            for (int c = 0; c < textLength; c++) {
              text[c] = (byte) ('a' + letters.nextInt(26));
            }
            return text;
          });
      IntVector d = (IntVector) root.getVector("d");
      int entries = dictionary.getValueCount();
      for (int r = 0; r < rows; r++) {
        long i = first + r;
        if (i % 7 == 0) {
          d.setNull(r);
        } else {
          d.setSafe(r, (int) (i % entries));
        }
      }
      root.setRowCount(rows);
    }

    @Override
    public void close() {
      root.close();
      dictionary.close();
    }
  }

  /**
   * Writes {@code batches} with {@code options} at {@code parallelism} on {@code executor}; returns
   * the writer's replays.
   */
  private static int write(
      Path target,
      WriteOptions.Builder options,
      int parallelism,
      Executor executor,
      Batches batches)
      throws IOException {
    try (BufferAllocator allocator = new RootAllocator();
        Batch batch = new Batch(allocator)) {
      ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              OutputFile.of(target),
              SCHEMA,
              options.parallelism(parallelism).executor(executor).build(),
              batch.provider);
      try (writer) {
        batches.writeTo(writer, batch);
      }
      return writer.rowGroupReplays();
    }
  }

  /** Writes the batches with one thread and with more: the files are the same, byte for byte. */
  private int sameFileAsOneThread(WriteOptions.Builder options, Batches batches) throws Exception {
    Path one = dir.resolve("one.parquet");
    write(one, options, 1, null, batches);
    byte[] expected = Files.readAllBytes(one);
    int replays = 0;
    for (int parallelism : new int[] {2, 4, 16}) {
      for (Executor executor : new Executor[] {null, REJECTING}) {
        Path many = dir.resolve("many.parquet");
        replays += write(many, options, parallelism, executor, batches);
        assertArrayEquals(
            expected,
            Files.readAllBytes(many),
            "parallelism " + parallelism + (executor == null ? "" : ", a rejecting executor"));
      }
    }
    return replays;
  }

  private static int rowGroups(Path file) throws IOException {
    try (ParquetFile f = ParquetFile.open(file)) {
      return f.metadata().rowGroups().size();
    }
  }

  /** 12,000 rows in batches of {@code size}, a flush after the first 5,000. */
  private static Batches rowsInBatchesOf(int size) {
    return (writer, batch) -> {
      for (int first = 0; first < 12_000; first += size) {
        batch.write(writer, first, Math.min(size, 12_000 - first), 20);
        if (first < 5_000 && first + size >= 5_000) {
          writer.flush();
        }
      }
    };
  }

  @Test
  void rowGroupsEndWhereOneThreadEndsThem() throws Exception {
    for (int size : new int[] {1, 7, 999, 4_096, 25_000}) {
      // By rows.
      sameFileAsOneThread(
          WriteOptions.builder().rowGroupRows(3_000).pageRows(500), rowsInBatchesOf(size));
      // By encoded bytes (rows never reach the limit).
      sameFileAsOneThread(
          WriteOptions.builder().rowGroupBytes(40_000).pageRows(500), rowsInBatchesOf(size));
    }
    Path file = dir.resolve("bytes.parquet");
    write(file, WriteOptions.builder().rowGroupBytes(40_000), 4, null, rowsInBatchesOf(999));
    assertTrue(rowGroups(file) > 5, "the byte limit ended row groups: " + rowGroups(file));
  }

  /**
   * Batches of megabytes (their text buffers cut into dozens of pieces, copied by the caller and
   * the helpers that are free): the same file as one thread's.
   */
  @Test
  void largeBatchesCopiedInPiecesGiveTheSameFile() throws Exception {
    sameFileAsOneThread(
        WriteOptions.builder().rowGroupBytes(4_000_000),
        (writer, batch) -> {
          for (int first = 0; first < 60_000; first += 20_000) {
            batch.write(writer, first, 20_000, 300);
          }
        });
  }

  /**
   * Content-defined chunking (its hash state carried from slice to slice of a chunk), Bloom
   * filters, v2 pages, zstd, sort order and size statistics off: the same file as one thread's.
   */
  @Test
  void otherWriteOptionsGiveTheSameFile() throws Exception {
    sameFileAsOneThread(
        WriteOptions.builder()
            .rowGroupBytes(60_000)
            .contentDefinedChunking(2_000, 8_000, 0)
            .column("txt", c -> c.bloomFilter())
            .column("id", c -> c.bloomFilter())
            .dataPageVersion(WriteOptions.DataPageVersion.V2)
            .compression(dev.parrow.codec.metadata.CompressionCodec.ZSTD)
            .sortedBy(new WriteOptions.SortKey("id", false, false))
            .sizeStatistics(false),
        rowsInBatchesOf(999));
  }

  /** Row groups appended to a file are those one thread appends. */
  @Test
  void appendsGiveTheSameFile() throws Exception {
    Path one = dir.resolve("append-one.parquet");
    Path many = dir.resolve("append-many.parquet");
    write(one, WriteOptions.builder().rowGroupRows(2_500), 1, null, rowsInBatchesOf(3_000));
    Files.copy(one, many);
    for (Path file : new Path[] {one, many}) {
      int parallelism = file == one ? 1 : 8;
      try (BufferAllocator allocator = new RootAllocator();
          Batch batch = new Batch(allocator);
          ParquetArrowWriter writer =
              ParquetArrowWriter.append(
                  file,
                  SCHEMA,
                  WriteOptions.builder().rowGroupBytes(30_000).parallelism(parallelism).build(),
                  batch.provider)) {
        for (int k = 0; k < 8; k++) {
          batch.write(writer, 20_000 + k * 700L, 700, 30);
        }
      }
    }
    assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(many));
    assertTrue(rowGroups(many) > 6, "appended row groups: " + rowGroups(many));
  }

  /**
   * Rows that grow a hundredfold: slices placed on the bytes per row seen before pass the byte
   * limit before their row group's last, and what follows is encoded again; a writer whose executor
   * runs nothing (its tasks run only when the caller waits) guesses every slice.
   */
  @Test
  void aWrongGuessIsEncodedAgain() throws Exception {
    Batches growing =
        (writer, batch) -> {
          for (int k = 0; k < 30; k++) {
            batch.write(writer, k * 500L, 500, k < 10 ? 10 : 1_000);
          }
        };
    int replays =
        sameFileAsOneThread(WriteOptions.builder().rowGroupBytes(300_000).pageRows(500), growing);
    assertTrue(replays > 0, "a wrong guess was replayed");
  }

  @Test
  void aBudgetTooSmallForOneRowGroupStillWritesTheSameFile() throws Exception {
    sameFileAsOneThread(
        WriteOptions.builder().rowGroupRows(4_000).bytesInFlight(1), rowsInBatchesOf(999));
    sameFileAsOneThread(
        WriteOptions.builder().rowGroupBytes(40_000).bytesInFlight(100_000), rowsInBatchesOf(999));
  }

  /**
   * {@code bytesWritten} (what a table format rolls its data files by) gives after every batch the
   * figure one thread gives, row groups ended by bytes included.
   */
  @Test
  void bytesWrittenIsTheFigureOfOneThread() throws Exception {
    java.util.Map<Integer, List<Long>> figures = new java.util.TreeMap<>();
    for (int parallelism : new int[] {1, 2, 4, 16}) {
      List<Long> seen = new java.util.ArrayList<>();
      write(
          dir.resolve("rolled.parquet"),
          WriteOptions.builder().rowGroupBytes(40_000).pageRows(500),
          parallelism,
          null,
          (writer, batch) -> {
            for (int first = 0; first < 12_000; first += 999) {
              batch.write(writer, first, Math.min(999, 12_000 - first), 20);
              seen.add(writer.bytesWritten());
            }
          });
      figures.put(parallelism, seen);
    }
    for (List<Long> seen : figures.values()) {
      org.junit.jupiter.api.Assertions.assertEquals(figures.get(1), seen, figures.toString());
    }
    assertTrue(figures.get(1).get(11) > 200_000, "grows with the rows: " + figures.get(1));
  }

  /** A batch dictionary that does not extend its row group's starts a new row group. */
  @Test
  void changedDictionariesStartRowGroupsAsOneThreadDoes() throws Exception {
    Batches dictionaries =
        (writer, batch) -> {
          for (int k = 0; k < 12; k++) {
            // Extends for three batches, then starts over with other entries.
            batch.dictionary(k / 4 * 100, 8 + k % 4);
            batch.write(writer, k * 700L, 700, 12);
          }
        };
    sameFileAsOneThread(WriteOptions.builder().rowGroupRows(2_000), dictionaries);
    Path file = dir.resolve("dict.parquet");
    write(file, WriteOptions.builder().rowGroupRows(2_000), 4, null, dictionaries);
    assertTrue(rowGroups(file) >= 6, "each new dictionary began a row group");
  }

  /**
   * A value the file cannot hold (a null in a non-nullable column) fails the call that finds it, at
   * the latest close: the target is not written, and the allocators close clean.
   */
  @Test
  void aFailureInAnEncodingTaskIsThrownAndLeavesNothing() throws Exception {
    Path target = dir.resolve("failed.parquet");
    for (int parallelism : new int[] {1, 2, 8}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  write(
                      target,
                      WriteOptions.builder().rowGroupRows(1_000),
                      parallelism,
                      null,
                      (writer, batch) -> {
                        for (int k = 0; k < 6; k++) {
                          batch.fill(k * 800L, 800, 10);
                          if (k == 3) {
                            ((BigIntVector) batch.root.getVector("id")).setNull(5);
                          }
                          writer.write(batch.root);
                        }
                      }));
      assertTrue(e.getMessage().contains("null"), e.getMessage());
      assertFalse(Files.exists(target), "nothing at the target");
    }
  }

  /** An abort while tasks are queued waits for none of them to write, and frees every copy. */
  @Test
  void anAbortWithTasksQueuedLeavesNothing() throws Exception {
    Path target = dir.resolve("aborted.parquet");
    // The writer's copies are in an allocator of its own, which its abort closes (and which would
    // throw if a copy were left); the close after the abort commits nothing.
    write(
        target,
        WriteOptions.builder().rowGroupRows(1_000),
        4,
        REJECTING,
        (writer, batch) -> {
          for (int k = 0; k < 6; k++) {
            batch.write(writer, k * 800L, 800, 10);
          }
          writer.abort();
        });
    assertFalse(Files.exists(target));
  }
}
