package dev.parrow.spark;

import dev.parrow.arrow.DatasetSlice;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import org.apache.spark.sql.connector.read.InputPartition;

/** One task's share of the dataset: some row groups of one file, as it travels to an executor. */
final class ParrowPartition implements InputPartition {
  private static final long serialVersionUID = 1L;

  private final String location;
  private final ArrayList<Integer> rowGroups;
  private final LinkedHashMap<String, Serializable> partitions = new LinkedHashMap<>();
  private final ArrayList<String> fileColumns;
  private final long rows;

  ParrowPartition(DatasetSlice slice) {
    this.location = slice.location();
    this.rowGroups = new ArrayList<>(slice.rowGroups());
    slice.partitions().forEach((k, v) -> partitions.put(k, (Serializable) v));
    this.fileColumns = new ArrayList<>(slice.fileColumns());
    this.rows = slice.rows();
  }

  DatasetSlice slice() {
    return new DatasetSlice(
        location, rowGroups, new LinkedHashMap<>(partitions), fileColumns, rows);
  }

  @Override
  public String[] preferredLocations() {
    return new String[0];
  }

  @Override
  public String toString() {
    return location + " row groups " + rowGroups;
  }
}
