package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.Statistics;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Truncated byte-array statistics and their exactness flags: parquet-testing's
 * binary_truncated_min_max (arrow-rs, bounds of two bytes) reads with the flags its README gives
 * and {@code meta} marks its truncated bounds; Parrow writing the same values with bounds of two
 * bytes writes arrow-rs's bounds and flags, byte for byte; filters on both files give the rows the
 * values say, truncated bounds pruning only what they rule out.
 */
class StatisticsExactnessIT {
  @TempDir Path dir;

  private static final Path CORPUS =
      Corpus.parquetTesting().resolve("data").resolve("binary_truncated_min_max.parquet");

  /** Per column, as the corpus README has them: whether min and max are exact. */
  private static final List<String> COLUMNS =
      List.of(
          "utf8_full_truncation false false",
          "binary_full_truncation false false",
          "utf8_partial_truncation false true",
          "binary_partial_truncation false true",
          "utf8_no_truncation true true",
          "binary_no_truncation true true");

  private Path parrowCopy() throws Exception {
    Path out = dir.resolve("truncated.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile source = ParquetFile.open(CORPUS);
        ParquetArrowReader reader = source.newReader(allocator)) {
      ParquetArrowWriter.writeAll(
          reader,
          dev.parrow.storage.OutputFile.of(out),
          WriteOptions.builder().statisticsTruncateLength(2).build(),
          rows -> {});
    }
    return out;
  }

  @Test
  void flagsReadAndWrittenAsArrowRsHasThem() throws Exception {
    Path ours = parrowCopy();
    try (ParquetFile theirs = ParquetFile.open(CORPUS);
        ParquetFile mine = ParquetFile.open(ours)) {
      for (int c = 0; c < COLUMNS.size(); c++) {
        String[] expected = COLUMNS.get(c).split(" ");
        Statistics rs =
            theirs.metadata().rowGroups().get(0).columns().get(c).metaData().statistics();
        Statistics parrow =
            mine.metadata().rowGroups().get(0).columns().get(c).metaData().statistics();
        assertEquals(Boolean.valueOf(expected[1]), rs.isMinValueExact(), expected[0]);
        assertEquals(Boolean.valueOf(expected[2]), rs.isMaxValueExact(), expected[0]);
        assertEquals(rs.isMinValueExact(), parrow.isMinValueExact(), expected[0]);
        assertEquals(rs.isMaxValueExact(), parrow.isMaxValueExact(), expected[0]);
        assertEquals(rs.minValue(), parrow.minValue(), expected[0] + " min");
        assertEquals(rs.maxValue(), parrow.maxValue(), expected[0] + " max");
      }
    }
    String meta = CliOutputIT.ok("meta", CORPUS.toString()).out();
    assertTrue(meta.contains("\"Al\" (truncated)"), meta);
    assertTrue(meta.contains("\"Kf\" (truncated)"), meta);
    assertTrue(meta.contains("0xffff0102\n"), meta);
  }

  private static long rows(Path file, String filter) throws Exception {
    return FilterCorpusIT.filteredRead(file, filter).rows();
  }

  @Test
  void truncatedBoundsPruneOnlyWhatTheyRuleOut() throws Exception {
    for (Path file : new Path[] {CORPUS, parrowCopy()}) {
      // Kevin Bacon is above the truncated max's prefix "Ke" but below "Kf"; Alice above "Al".
      assertEquals(1, rows(file, "utf8_full_truncation = 'Kevin Bacon'"), file.toString());
      assertEquals(1, rows(file, "utf8_full_truncation = 'Alice Johnson'"), file.toString());
      assertEquals(0, rows(file, "utf8_full_truncation >= 'Kf'"), file.toString());
      assertEquals(12, rows(file, "utf8_full_truncation <> 'Al'"), file.toString());
      assertEquals(12, rows(file, "utf8_full_truncation NOT IN ('Al', 'Kf')"), file.toString());
      assertEquals(1, rows(file, "utf8_partial_truncation = '🚀Kevin Bacon'"), file.toString());
    }
  }
}
