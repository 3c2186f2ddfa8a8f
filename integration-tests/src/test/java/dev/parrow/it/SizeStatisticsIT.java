package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.metadata.SizeStatistics;
import dev.parrow.codec.page.PageIndexReader;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.storage.OutputFile;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * SizeStatistics as Parrow writes them by default: for each arrow-rs interop case, Parrow writes
 * the case's Arrow table and its chunks' unencoded byte-array bytes and level histograms equal
 * those arrow-rs 59 wrote for the same table; each page's shares in the page index add up to the
 * chunk's; {@code meta} and {@code column-index} show them; {@code sizeStatistics(false)} leaves
 * them out. (Arrow C++ and DuckDB read files that hold them in every write test.)
 */
class SizeStatisticsIT {
  @TempDir Path dir;

  /** Cases whose IPC file Arrow Java 19 cannot read (32- and 64-bit decimals). */
  private static final java.util.Set<String> ARROW_JAVA_CANNOT_OPEN =
      java.util.Set.of("a_decimal32_64");

  @TestFactory
  Stream<DynamicTest> sameAsArrowRsForEveryInteropCase() throws IOException {
    try (Stream<Path> files = Files.list(ArrowRsInteropIT.folder())) {
      return files.filter(p -> p.toString().endsWith(".arrow")).sorted().toList().stream()
          .map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> compare(p)));
    }
  }

  private void compare(Path arrow) throws Exception {
    String name = arrow.getFileName().toString().replace(".arrow", "");
    Path theirs = arrow.resolveSibling(name + ".parquet");
    Path ours = dir.resolve(name + ".parquet");
    try (BufferAllocator allocator = new RootAllocator()) {
      if (ARROW_JAVA_CANNOT_OPEN.contains(name)) {
        // The table as Parrow reads arrow-rs's file (the interop test checks that read).
        try (ParquetFile source = ParquetFile.open(theirs);
            ParquetArrowReader reader = source.newReader(allocator, ReadOptions.defaults())) {
          ParquetArrowWriter.writeAll(
              reader, OutputFile.of(ours), WriteOptions.defaults(), rows -> {});
        }
      } else {
        try (FileChannel channel = FileChannel.open(arrow, StandardOpenOption.READ);
            ArrowFileReader reader = new ArrowFileReader(channel, allocator)) {
          ParquetArrowWriter.writeAll(
              reader, OutputFile.of(ours), WriteOptions.defaults(), rows -> {});
        }
      }
    }
    try (ParquetFile rs = ParquetFile.open(theirs);
        ParquetFile parrow = ParquetFile.open(ours)) {
      List<ColumnDescriptor> columns = parrow.footer().schema().columns();
      assertEquals(
          rs.footer().schema().columnCount(), columns.size(), name + ": the same leaf columns");
      for (ColumnDescriptor c : columns) {
        String where = name + " " + c.dottedPath();
        Totals expected = totals(rs, c);
        Totals actual = totals(parrow, c);
        if (expected.unencoded != null) {
          assertEquals(expected.unencoded, actual.unencoded, where + ": unencoded bytes");
        }
        if (expected.definitions != null) {
          assertEquals(
              java.util.Arrays.toString(expected.definitions),
              java.util.Arrays.toString(actual.definitions),
              where + ": definition levels");
        }
        if (expected.repetitions != null) {
          assertEquals(
              java.util.Arrays.toString(expected.repetitions),
              java.util.Arrays.toString(actual.repetitions),
              where + ": repetition levels");
        }
        assertPagesAddUp(parrow, c, where);
      }
    }
  }

  /** A column's size statistics over every row group; a part null when a chunk lacks it. */
  private record Totals(Long unencoded, long[] definitions, long[] repetitions) {}

  private static Totals totals(ParquetFile file, ColumnDescriptor c) {
    Long unencoded = 0L;
    long[] definitions = c.maxDefinitionLevel() > 0 ? new long[c.maxDefinitionLevel() + 1] : null;
    long[] repetitions = c.maxRepetitionLevel() > 0 ? new long[c.maxRepetitionLevel() + 1] : null;
    for (RowGroup group : file.metadata().rowGroups()) {
      SizeStatistics s = group.columns().get(c.index()).metaData().sizeStatistics();
      unencoded =
          unencoded == null || s == null || s.unencodedByteArrayDataBytes() == null
              ? null
              : unencoded + s.unencodedByteArrayDataBytes();
      definitions = add(definitions, s == null ? null : s.definitionLevelHistogram());
      repetitions = add(repetitions, s == null ? null : s.repetitionLevelHistogram());
    }
    return new Totals(unencoded, definitions, repetitions);
  }

  private static long[] add(long[] sum, List<Long> histogram) {
    if (sum == null || histogram == null || histogram.size() != sum.length) {
      return null;
    }
    for (int i = 0; i < sum.length; i++) {
      sum[i] += histogram.get(i);
    }
    return sum;
  }

  /**
   * The page index holds each page's share of the chunk's statistics: per page unencoded bytes
   * (offset index) and histograms (column index) that add up to the chunk's, which count every
   * level entry of the chunk.
   */
  private static void assertPagesAddUp(ParquetFile file, ColumnDescriptor c, String where)
      throws IOException {
    for (RowGroup group : file.metadata().rowGroups()) {
      ColumnChunk chunk = group.columns().get(c.index());
      SizeStatistics s = chunk.metaData().sizeStatistics();
      boolean byteArray = c.physicalType() == dev.parrow.codec.metadata.PhysicalType.BYTE_ARRAY;
      if (!byteArray && c.maxDefinitionLevel() == 0 && c.maxRepetitionLevel() == 0) {
        assertNull(s, where + ": nothing to count in a required flat column of fixed width");
        continue;
      }
      assertNotNull(s, where);
      OffsetIndex offsets = PageIndexReader.offsetIndex(file.input(), chunk, group.numRows());
      if (byteArray) {
        assertEquals(
            s.unencodedByteArrayDataBytes(),
            offsets.unencodedByteArrayDataBytes().stream().mapToLong(Long::longValue).sum(),
            where + ": the pages' unencoded bytes");
      } else {
        assertNull(s.unencodedByteArrayDataBytes(), where);
      }
      ColumnIndex index = PageIndexReader.columnIndex(file.input(), chunk);
      int pages = offsets.pageLocations().size();
      checkHistogram(
          s.definitionLevelHistogram(),
          index == null ? null : index.definitionLevelHistograms(),
          c.maxDefinitionLevel(),
          pages,
          chunk.metaData().numValues(),
          where + " definition");
      checkHistogram(
          s.repetitionLevelHistogram(),
          index == null ? null : index.repetitionLevelHistograms(),
          c.maxRepetitionLevel(),
          pages,
          chunk.metaData().numValues(),
          where + " repetition");
    }
  }

  private static void checkHistogram(
      List<Long> chunk, List<Long> pages, int maxLevel, int pageCount, long entries, String where) {
    if (maxLevel == 0) {
      assertNull(chunk, where + ": no histogram where the maximum level is 0");
      return;
    }
    assertEquals(maxLevel + 1, chunk.size(), where);
    assertEquals(entries, chunk.stream().mapToLong(Long::longValue).sum(), where + ": entries");
    if (pages == null) {
      return; // no column index (a type without an order)
    }
    assertEquals(pageCount * (maxLevel + 1), pages.size(), where + ": one histogram per page");
    for (int level = 0; level <= maxLevel; level++) {
      long sum = 0;
      for (int p = 0; p < pageCount; p++) {
        sum += pages.get(p * (maxLevel + 1) + level);
      }
      assertEquals(chunk.get(level), sum, where + ": level " + level + " over the pages");
    }
  }

  /** The CLI shows them: meta per chunk, column-index per page. */
  @Test
  void metaAndColumnIndexShowThem() throws Exception {
    Path file = FixturesIT.projectTestdata().resolve("orders.parquet");
    Path ours = dir.resolve("orders.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile source = ParquetFile.open(file);
        ParquetArrowReader reader = source.newReader(allocator, ReadOptions.defaults())) {
      ParquetArrowWriter.writeAll(
          reader, OutputFile.of(ours), WriteOptions.builder().rowGroupRows(5000).build(), r -> {});
    }
    long[] tags;
    try (ParquetFile parrow = ParquetFile.open(ours)) {
      ColumnDescriptor c = parrow.footer().schema().column("tags.list.element");
      SizeStatistics s =
          parrow.metadata().rowGroups().get(0).columns().get(c.index()).metaData().sizeStatistics();
      tags = s.definitionLevelHistogram().stream().mapToLong(Long::longValue).toArray();
    }
    String histogram =
        String.join("/", java.util.Arrays.stream(tags).mapToObj(Long::toString).toList());
    var meta = CliOutputIT.ok("meta", ours.toString());
    assertTrue(meta.out().contains("def levels"), meta.out());
    assertTrue(meta.out().contains(histogram), histogram + " in\n" + meta.out());
    var index = CliOutputIT.ok("column-index", ours.toString(), "--column", "customer");
    assertTrue(index.out().contains("unencoded"), index.out());
    var json = CliOutputIT.ok("meta", ours.toString(), "--json");
    assertTrue(json.out().contains("\"definitionLevelHistogram\": ["), json.out());
  }

  /** Off: no SizeStatistics, no histograms or unencoded bytes in the page index. */
  @Test
  void offLeavesThemOut() throws Exception {
    Path file = FixturesIT.projectTestdata().resolve("nested_zstd.parquet");
    Path ours = dir.resolve("nested.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile source = ParquetFile.open(file);
        ParquetArrowReader reader = source.newReader(allocator, ReadOptions.defaults())) {
      ParquetArrowWriter.writeAll(
          reader,
          OutputFile.of(ours),
          WriteOptions.builder().sizeStatistics(false).build(),
          r -> {});
    }
    List<String> found = new ArrayList<>();
    try (ParquetFile parrow = ParquetFile.open(ours)) {
      for (RowGroup group : parrow.metadata().rowGroups()) {
        for (ColumnChunk chunk : group.columns()) {
          if (chunk.metaData().sizeStatistics() != null) {
            found.add(String.join(".", chunk.metaData().pathInSchema()));
          }
          ColumnIndex index = PageIndexReader.columnIndex(parrow.input(), chunk);
          if (index != null && index.definitionLevelHistograms() != null) {
            found.add(String.join(".", chunk.metaData().pathInSchema()) + " (page index)");
          }
          OffsetIndex offsets = PageIndexReader.offsetIndex(parrow.input(), chunk, group.numRows());
          if (offsets.unencodedByteArrayDataBytes() != null) {
            found.add(String.join(".", chunk.metaData().pathInSchema()) + " (offset index)");
          }
        }
      }
    }
    assertEquals(List.of(), found);
    assertEquals(
        FilterCorpusIT.rows(file, ReadOptions.defaults()),
        FilterCorpusIT.rows(ours, ReadOptions.defaults()));
  }
}
