package dev.parrow.arrow;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Some row groups of one dataset file, with what a reader needs to put them in the dataset's
 * schema: what a task of a distributed engine reads ({@link ParquetDataset#slices}, {@link
 * ParquetDatasetReader#open}). Its parts are plain values (strings, integers, dates), easy to ship
 * to workers.
 *
 * @param location the file's path or URI
 * @param rowGroups the row groups to read, in file order (empty: all)
 * @param partitions the file's partition values by key (Long, LocalDate, String or null)
 * @param fileColumns the top-level columns the file has (the dataset's others read as nulls)
 * @param rows how many rows the row groups hold, by the footer
 */
public record DatasetSlice(
    String location,
    List<Integer> rowGroups,
    Map<String, Object> partitions,
    List<String> fileColumns,
    long rows) {

  /**
   * Copies the collections (partition values may be null).
   *
   * @param location the file's path or URI
   * @param rowGroups the row groups to read
   * @param partitions the partition values
   * @param fileColumns the file's top-level columns
   * @param rows the row groups' rows
   */
  public DatasetSlice {
    rowGroups = Collections.unmodifiableList(new ArrayList<>(rowGroups));
    partitions = Collections.unmodifiableMap(new LinkedHashMap<>(partitions));
    fileColumns = Collections.unmodifiableList(new ArrayList<>(fileColumns));
  }
}
