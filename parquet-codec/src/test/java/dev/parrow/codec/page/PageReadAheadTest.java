package dev.parrow.codec.page;

import static dev.parrow.codec.testing.SampleMetadata.group;
import static dev.parrow.codec.testing.SampleMetadata.leaf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.options.ColumnWriteOptions;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.write.ColumnChunkWriter;
import dev.parrow.storage.InputFile;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/** Pages read ahead on other threads, the read-ahead sliding through the chunk page by page. */
class PageReadAheadTest {
  private static final ColumnDescriptor COLUMN =
      ParquetSchema.fromElements(
              List.of(group("schema", null, 1), leaf("x", PhysicalType.INT32, Repetition.REQUIRED)))
          .column(0);

  private static final int ROWS = 20_000;

  /** An executor that only queues its tasks, for the test to run (or never run) them. */
  private static final class Queue implements Executor {
    final List<Runnable> tasks = new ArrayList<>();

    @Override
    public void execute(Runnable task) {
      tasks.add(task);
    }
  }

  private byte[] file;
  private ColumnMetaData meta;
  private ChunkRange range;

  /** A SNAPPY chunk of {@link #ROWS} ints in pages of about 4 KiB (some 20 pages). */
  private void writeChunk() throws Exception {
    ColumnChunkWriter writer =
        new ColumnChunkWriter(
            COLUMN,
            new ColumnWriteOptions(
                CompressionCodec.SNAPPY,
                null,
                1,
                4096,
                ColumnWriteOptions.DEFAULT_PAGE_ROWS,
                false,
                0,
                true,
                true,
                null,
                null));
    Int32Values values = new Int32Values();
    for (int i = 0; i < ROWS; i++) {
      values.add(i * 7919);
    }
    writer.write(ROWS, new int[ROWS], new int[ROWS], values);
    ColumnChunkWriter.Chunk chunk = writer.finish();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(new byte[4]);
    chunk.writeTo(out);
    file = out.toByteArray();
    meta = chunk.metaData().placedAt(4, chunk.hasDictionaryPage());
    range = new ChunkRange(4, chunk.length());
  }

  private PageReader pages() {
    return new PageReader(InputFile.of(file), COLUMN, meta, range, true, 1 << 20);
  }

  private static int[] values(PageReader pages) {
    Int32Values out = new Int32Values();
    int[] defs = new int[ROWS];
    int[] reps = new int[ROWS];
    assertEquals(ROWS, new ColumnReader(COLUMN, pages).read(ROWS, defs, reps, 0, out));
    return Arrays.copyOf(out.values(), out.size());
  }

  @Test
  void theReadAheadSlidesThroughTheChunkAPageAtATime() throws Exception {
    writeChunk();
    int[] want = values(pages());
    int pageCount = 0;
    PageReader counting = pages();
    while (counting.next() != null) {
      pageCount++;
    }
    assertTrue(pageCount >= 10, pageCount + " pages");

    Queue queue = new Queue();
    PageReader pages = pages();
    // Room for about three pages' values.
    pages.readAhead(queue, 3 * 4096);
    int started = queue.tasks.size();
    assertTrue(started >= 2 && started <= 4, started + " pages read ahead at first");
    List<Integer> queuedAfterEach = new ArrayList<>();
    // The queued reads run on "another thread" (here: the test, before each page is asked for);
    // each page taken makes room for one more.
    int ran = 0;
    for (int p = 0; p < pageCount; p++) {
      while (ran < queue.tasks.size()) {
        queue.tasks.get(ran++).run();
      }
      org.junit.jupiter.api.Assertions.assertNotNull(pages.next(), "page " + p);
      queuedAfterEach.add(queue.tasks.size());
    }
    assertEquals(null, pages.next());
    assertEquals(pageCount, queue.tasks.size(), "every page read ahead once");
    assertEquals(started + 1, queuedAfterEach.get(0), "the first page taken queues the next");
    assertEquals(pageCount, pages.dataPagesRead());

    PageReader again = pages();
    again.readAhead(new Queue(), 3 * 4096);
    assertArrayEquals(want, values(again), "read ahead, the values are those read in turn");
  }

  /**
   * A page whose read no thread has started is read on the thread that asks for it (before, the
   * caller waited for a read-ahead thread; this one never runs anything: the test would hang).
   */
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void aPageNoThreadStartedIsReadByItsCaller() throws Exception {
    writeChunk();
    int[] want = values(pages());
    Queue never = new Queue();
    PageReader pages = pages();
    pages.readAhead(never, 1);
    assertArrayEquals(want, values(pages));
    assertTrue(never.tasks.size() >= 10, never.tasks.size() + " pages queued");
  }

  /** A page passed over stops the read-ahead: the reader is skipping, not reading, the chunk. */
  @Test
  void passingOverAPageStopsTheReadAhead() throws Exception {
    writeChunk();
    Queue queue = new Queue();
    PageReader pages = pages();
    pages.readAhead(queue, 3 * 4096);
    int started = queue.tasks.size();
    org.junit.jupiter.api.Assertions.assertNotNull(pages.next());
    assertEquals(started + 1, queue.tasks.size());
    pages.peekType();
    pages.skipPage();
    int left = 0;
    while (pages.next() != null) {
      left++;
    }
    assertEquals(started + 1, queue.tasks.size(), "no page read ahead after the skip");
    assertTrue(left > 5, left + " pages read in turn after the skip");
  }
}
