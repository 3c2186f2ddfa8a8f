package dev.parrow.spark;

import dev.parrow.arrow.DatasetOptions;
import dev.parrow.arrow.ParquetDataset;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.types.DictionaryMode;
import dev.parrow.types.TypeOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.arrow.vector.types.TimeUnit;

/** How the connector opens datasets: with the type choices Spark's types can hold. */
final class Datasets {
  private Datasets() {}

  /**
   * The read options every file is read with, so that every column has the type Spark's own Parquet
   * reader gives it: the Parquet schema alone (Spark's reader ignores ARROW:schema, whose large
   * lists, views and fixed-size lists Spark has no types for), INT96 in microseconds (Spark's
   * timestamp unit), unsigned integers widened (UINT_64 as DECIMAL(20,0)), fixed-size byte arrays
   * as binary, half floats as floats, UUIDs as strings; dictionaries decoded.
   */
  static TypeOptions types() {
    return TypeOptions.builder()
        .useArrowSchemaHint(false)
        .int96Unit(TimeUnit.MICROSECOND)
        .unsignedAsSigned(true)
        .fixedSizeBinaryAsBinary(true)
        .float16AsFloat(true)
        .uuidAsString(true)
        .dictionaryMode(DictionaryMode.DECODE)
        .build();
  }

  /** The read options of Spark's tasks: {@link #types()}, decoded on the task's thread. */
  static ReadOptions readOptions() {
    return ReadOptions.builder().types(types()).parallelism(1).build();
  }

  static DatasetOptions options() {
    return DatasetOptions.builder().types(types()).filesAtOnce(1).build();
  }

  static ParquetDataset open(List<String> paths) {
    try {
      return ParquetDataset.open(paths, options());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
