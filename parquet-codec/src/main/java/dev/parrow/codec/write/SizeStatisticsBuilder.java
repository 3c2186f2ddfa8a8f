package dev.parrow.codec.write;

import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.SizeStatistics;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import java.util.ArrayList;
import java.util.List;

/**
 * A column chunk's {@link SizeStatistics} and its pages' shares of them, for the page index: the
 * BYTE_ARRAY value bytes without their length prefixes (what a reader's buffers take once decoded),
 * and the count of each repetition and definition level. A histogram is left out where its maximum
 * level is 0 (the specification allows it: the value count says it all), and a chunk with neither
 * histogram nor byte arrays has none; otherwise what Arrow C++ writes by default.
 */
final class SizeStatisticsBuilder {
  /** Whether the column holds BYTE_ARRAY values (their bytes are counted). */
  private final boolean byteArrays;

  /** The chunk's histograms, each null where its maximum level is 0. */
  private final long[] repetition;

  private final long[] definition;

  private long unencodedBytes;

  /** Per page, its histograms one after the other (the column index's layout), or null. */
  private final List<Long> pageRepetition;

  private final List<Long> pageDefinition;

  /** Per page, its unencoded BYTE_ARRAY bytes (the offset index's), or null. */
  private final List<Long> pageBytes;

  private SizeStatisticsBuilder(ColumnDescriptor column) {
    int maxRep = column.maxRepetitionLevel();
    int maxDef = column.maxDefinitionLevel();
    this.byteArrays = column.physicalType() == PhysicalType.BYTE_ARRAY;
    this.repetition = maxRep > 0 ? new long[maxRep + 1] : null;
    this.definition = maxDef > 0 ? new long[maxDef + 1] : null;
    this.pageRepetition = repetition == null ? null : new ArrayList<>();
    this.pageDefinition = definition == null ? null : new ArrayList<>();
    this.pageBytes = byteArrays ? new ArrayList<>() : null;
  }

  /**
   * The builder for a column's chunk, or null when there is nothing to count (a required,
   * unrepeated column of fixed-width values).
   */
  static SizeStatisticsBuilder of(ColumnDescriptor column) {
    boolean anything =
        column.physicalType() == PhysicalType.BYTE_ARRAY
            || column.maxDefinitionLevel() > 0
            || column.maxRepetitionLevel() > 0;
    return anything ? new SizeStatisticsBuilder(column) : null;
  }

  /**
   * A data page of {@code entries} levels ({@code defs}, {@code reps}; either may hold anything
   * where its maximum level is 0), {@code present} of them at the maximum definition level, and
   * {@code bytes} unencoded BYTE_ARRAY bytes. {@code defs} is null when every entry is at the
   * maximum definition level, {@code reps} when every one is at repetition level 0.
   */
  void page(int[] defs, int[] reps, int entries, int present, long bytes) {
    if (repetition != null) {
      record(
          repetition,
          pageRepetition,
          reps == null
              ? atOneLevel(repetition.length, 0, entries)
              : histogram(reps, entries, repetition.length));
    }
    if (definition != null) {
      int max = definition.length - 1;
      // A flat page (no levels kept) or a maximum of 1 (present or null) needs no pass.
      long[] page =
          defs == null
              ? atOneLevel(max + 1, max, entries)
              : max == 1
                  ? new long[] {entries - present, present}
                  : histogram(defs, entries, max + 1);
      record(definition, pageDefinition, page);
    }
    if (byteArrays) {
      unencodedBytes += bytes;
      pageBytes.add(bytes);
    }
  }

  /**
   * The counts of levels 0 to {@code size - 1} among the first {@code entries} of {@code levels}.
   */
  private static long[] histogram(int[] levels, int entries, int size) {
    long[] page = new long[size];
    for (int i = 0; i < entries; i++) {
      page[levels[i]]++;
    }
    return page;
  }

  private static long[] atOneLevel(int levels, int level, int entries) {
    long[] page = new long[levels];
    page[level] = entries;
    return page;
  }

  /** Adds a page's histogram to the chunk's and to the pages' list. */
  private static void record(long[] chunk, List<Long> pages, long[] page) {
    for (int level = 0; level < chunk.length; level++) {
      chunk[level] += page[level];
      pages.add(page[level]);
    }
  }

  /** The bytes of the first {@code n} values of a BYTE_ARRAY page, without length prefixes. */
  static long bytes(DenseValues values, int n) {
    int[] offsets = ((BinaryValues) values).offsets();
    return n == 0 ? 0 : offsets[n] - offsets[0];
  }

  /** The bytes of the dictionary entries {@code ids[0..n)} name, one count per id. */
  static long bytes(DenseValues dictionary, int[] ids, int n) {
    int[] offsets = ((BinaryValues) dictionary).offsets();
    long total = 0;
    for (int i = 0; i < n; i++) {
      total += offsets[ids[i] + 1] - offsets[ids[i]];
    }
    return total;
  }

  /** Whether the column's values are BYTE_ARRAY (whose bytes {@link #page} takes). */
  boolean countsBytes() {
    return byteArrays;
  }

  /** {@return the chunk's statistics} */
  SizeStatistics build() {
    return new SizeStatistics(
        byteArrays ? unencodedBytes : null, asList(repetition), asList(definition));
  }

  /** {@return per page, its repetition level histogram, one after the other; or null} */
  List<Long> pageRepetitionHistograms() {
    return pageRepetition;
  }

  /** {@return per page, its definition level histogram, one after the other; or null} */
  List<Long> pageDefinitionHistograms() {
    return pageDefinition;
  }

  /** {@return per page, its unencoded BYTE_ARRAY bytes; or null} */
  List<Long> pageUnencodedBytes() {
    return pageBytes;
  }

  private static List<Long> asList(long[] histogram) {
    if (histogram == null) {
      return null;
    }
    List<Long> out = new ArrayList<>(histogram.length);
    for (long count : histogram) {
      out.add(count);
    }
    return out;
  }
}
