package dev.parrow.arrow.internal.read;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;

/**
 * Where a batch's leaves are in its vectors: each leaf column's vector, and the vectors above it
 * from its top-level field down (structs, lists, maps), which a filter on a list reads the list's
 * offsets and nulls from.
 */
public final class LeafVectors {
  private final FieldVector[] leaves;
  private final List<List<FieldVector>> above = new ArrayList<>();

  /**
   * @param columns the file's leaf column count
   */
  public LeafVectors(int columns) {
    this.leaves = new FieldVector[columns];
    for (int c = 0; c < columns; c++) {
      above.add(null);
    }
  }

  void put(int column, FieldVector leaf, List<FieldVector> path) {
    leaves[column] = leaf;
    above.set(column, path);
  }

  /** The vector of leaf {@code column} (null where the batch does not read it). */
  public FieldVector leaf(int column) {
    return leaves[column];
  }

  /** The vectors above leaf {@code column}, from its top-level field down (empty for one). */
  public List<FieldVector> above(int column) {
    List<FieldVector> path = above.get(column);
    return path == null ? List.of() : path;
  }

  /** {@code path} and {@code vector} below it. */
  static List<FieldVector> below(List<FieldVector> path, FieldVector vector) {
    List<FieldVector> out = new ArrayList<>(path.size() + 1);
    out.addAll(path);
    out.add(vector);
    return out;
  }
}
