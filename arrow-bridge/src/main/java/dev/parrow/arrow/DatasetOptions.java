package dev.parrow.arrow;

import dev.parrow.codec.io.RemoteOptions;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * How a {@link ParquetDataset} is opened.
 *
 * @param hivePartitioning read {@code key=value} directories as columns
 * @param partitionTypes the types of partition keys that should not be inferred: Int (8 to 64 bits,
 *     signed), Date(DAY) or Utf8; a key not named here is inferred from its values (Int(64) when
 *     all are integers, Date(DAY) when all are ISO dates, else Utf8)
 * @param filesAtOnce how many files are read ahead at once while the caller consumes the current
 *     one (at least 1); each holds at most two finished batches, which bounds the memory
 * @param read the type choices every file is read with (their schemas are unified under them);
 *     dictionary columns are always read decoded, since each file has its own dictionaries
 * @param remote how remote files are read
 */
public record DatasetOptions(
    boolean hivePartitioning,
    Map<String, ArrowType> partitionTypes,
    int filesAtOnce,
    ReadOptions read,
    RemoteOptions remote) {

  /**
   * Checks the options.
   *
   * @param hivePartitioning read {@code key=value} directories as columns
   * @param partitionTypes the types of partition keys that should not be inferred
   * @param filesAtOnce how many files are read ahead at once
   * @param read the type choices every file is read with
   * @param remote how remote files are read
   */
  public DatasetOptions {
    partitionTypes = Map.copyOf(partitionTypes);
    if (filesAtOnce < 1) {
      throw new IllegalArgumentException("filesAtOnce must be at least 1, not " + filesAtOnce);
    }
  }

  /**
   * Hive partitioning with inferred types, four files at once, default read and remote options.
   *
   * @return the defaults
   */
  public static DatasetOptions defaults() {
    return new DatasetOptions(true, Map.of(), 4, ReadOptions.defaults(), RemoteOptions.defaults());
  }

  /**
   * With or without hive partitioning.
   *
   * @param hive whether {@code key=value} directories are columns
   * @return the changed options
   */
  public DatasetOptions withHivePartitioning(boolean hive) {
    return new DatasetOptions(hive, partitionTypes, filesAtOnce, read, remote);
  }

  /**
   * With partition key types given rather than inferred.
   *
   * @param types the types by key
   * @return the changed options
   */
  public DatasetOptions withPartitionTypes(Map<String, ArrowType> types) {
    return new DatasetOptions(hivePartitioning, types, filesAtOnce, read, remote);
  }

  /**
   * With another number of files read at once.
   *
   * @param files how many
   * @return the changed options
   */
  public DatasetOptions withFilesAtOnce(int files) {
    return new DatasetOptions(hivePartitioning, partitionTypes, files, read, remote);
  }

  /**
   * With other type choices for every file.
   *
   * @param options the read options whose type choices apply
   * @return the changed options
   */
  public DatasetOptions withRead(ReadOptions options) {
    return new DatasetOptions(hivePartitioning, partitionTypes, filesAtOnce, options, remote);
  }

  /**
   * With other remote options.
   *
   * @param options retries, timeouts and request planning
   * @return the changed options
   */
  public DatasetOptions withRemote(RemoteOptions options) {
    return new DatasetOptions(hivePartitioning, partitionTypes, filesAtOnce, read, options);
  }
}
