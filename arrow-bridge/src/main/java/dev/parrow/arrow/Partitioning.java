package dev.parrow.arrow;

import dev.parrow.arrow.internal.dataset.HivePartitions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * How the directories between a dataset's root and each file become columns. {@link #hive()}
 * ({@code year=2024/month=01}), {@link #directories} ({@code 2024/01} with the keys named), and
 * {@link #none()} are given; a layout of another kind is one more implementation.
 *
 * <p>A key's type is the one {@link #types()} gives, else inferred from all its values: Int(64)
 * when all are integers, Date(DAY) when all are ISO dates, else Utf8.
 */
public interface Partitioning {
  /**
   * The partition values a file's directories give, by key in order (a value is null where the
   * layout says null, as Hive's {@code __HIVE_DEFAULT_PARTITION__}).
   *
   * @param directories the directory names between the dataset's root and the file, outermost first
   * @return the values by key; empty for none
   * @throws IllegalArgumentException if the directories do not fit the layout
   */
  Map<String, String> values(List<String> directories);

  /**
   * {@return the types of keys that should not be inferred: Int (8 to 64 bits, signed), Date(DAY)
   * or Utf8}
   */
  Map<String, ArrowType> types();

  /** {@return no partition columns: directories are only where files are} */
  static Partitioning none() {
    return new None();
  }

  /** {@return Hive's {@code key=value} directories, every key's type inferred} */
  static Partitioning hive() {
    return hive(Map.of());
  }

  /**
   * Hive's {@code key=value} directories, with Hive's %XX escapes decoded.
   *
   * @param types the types of keys that should not be inferred
   * @return the partitioning
   */
  static Partitioning hive(Map<String, ArrowType> types) {
    return new Hive(types);
  }

  /**
   * Directories that hold values only, the keys named here in order (pyarrow's {@code
   * DirectoryPartitioning}): with keys {@code year, month}, {@code 2024/01/part.parquet} has year
   * 2024 and month 1. A file with fewer directories than keys is an error; deeper ones are kept as
   * they are.
   *
   * @param keys the keys, outermost first
   * @param types the types of keys that should not be inferred
   * @return the partitioning
   */
  static Partitioning directories(List<String> keys, Map<String, ArrowType> types) {
    return new Directories(keys, types);
  }

  /**
   * Hive's {@code key=value} directories; other directories are no partition.
   *
   * @param types the types of keys that should not be inferred
   */
  record Hive(Map<String, ArrowType> types) implements Partitioning {
    /**
     * Copies the types.
     *
     * @param types the types of keys that should not be inferred
     */
    public Hive {
      types = Map.copyOf(types);
    }

    @Override
    public Map<String, String> values(List<String> directories) {
      return HivePartitions.parse(directories);
    }
  }

  /**
   * Directories that hold only values, the keys named in order.
   *
   * @param keys the keys, outermost first
   * @param types the types of keys that should not be inferred
   */
  record Directories(List<String> keys, Map<String, ArrowType> types) implements Partitioning {
    /**
     * Copies the keys and types.
     *
     * @param keys the keys, outermost first
     * @param types the types of keys that should not be inferred
     */
    public Directories {
      keys = List.copyOf(keys);
      types = Map.copyOf(types);
      if (keys.isEmpty()) {
        throw new IllegalArgumentException("directory partitioning needs at least one key");
      }
    }

    @Override
    public Map<String, String> values(List<String> directories) {
      if (directories.size() < keys.size()) {
        throw new IllegalArgumentException(
            "the file is "
                + directories.size()
                + " directories deep, fewer than the partition keys "
                + String.join("/", keys));
      }
      Map<String, String> out = new LinkedHashMap<>();
      for (int i = 0; i < keys.size(); i++) {
        out.put(keys.get(i), HivePartitions.unescape(directories.get(i)));
      }
      return out;
    }
  }

  /** No partition columns. */
  record None() implements Partitioning {
    @Override
    public Map<String, String> values(List<String> directories) {
      return Map.of();
    }

    @Override
    public Map<String, ArrowType> types() {
      return Map.of();
    }
  }
}
