package dev.parrow.cli;

import dev.parrow.arrow.DatasetFile;
import dev.parrow.arrow.DatasetOptions;
import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetDataset;
import dev.parrow.arrow.ParquetDatasetReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.ReadStats;
import dev.parrow.types.TypeOptions;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * What a verb that reads rows reads: one Parquet file (local, remote or standard input), or a
 * dataset of many (a directory, a glob, an S3 prefix), read as one table.
 */
abstract sealed class ParquetSource implements AutoCloseable {
  /**
   * The file, or the dataset a location names (see {@link Inputs#isDataset}), a dataset's schema
   * unified under {@code types}.
   */
  static ParquetSource open(String location, TypeOptions types) throws IOException {
    return open(location, types, null);
  }

  /** As above, an encrypted file opened with {@code keys} (null: none; a dataset takes none). */
  static ParquetSource open(
      String location, TypeOptions types, dev.parrow.codec.crypto.FileDecryption keys)
      throws IOException {
    if (Inputs.isDataset(location)) {
      return new Many(
          ParquetDataset.open(
              List.of(location), DatasetOptions.builder().types(types).decryption(keys).build()));
    }
    return new One(Inputs.parquet(location, keys));
  }

  /** A reader of the rows with these options. */
  abstract ArrowReader newReader(BufferAllocator allocator, ReadOptions options);

  /** What the reader warns about (types read differently than the file asked). */
  abstract List<String> warnings(ArrowReader reader);

  /** What the read skipped and read. */
  abstract ReadStats stats(ArrowReader reader);

  /** How many rows the footers declare. */
  abstract long rows();

  /** The Arrow schema a read gives. */
  abstract org.apache.arrow.vector.types.pojo.Schema schema();

  /**
   * Whether the source reads a range of rows itself ({@code ReadOptions.rowOffset} and {@code
   * rowLimit}: a single file then reads no page, and reads ahead nothing, outside them); a dataset
   * does not.
   */
  boolean readsRanges() {
    return false;
  }

  @Override
  public void close() throws IOException {}

  /** One Parquet file. */
  static final class One extends ParquetSource {
    final ParquetFile file;

    One(ParquetFile file) {
      this.file = file;
    }

    @Override
    ArrowReader newReader(BufferAllocator allocator, ReadOptions options) {
      return file.newReader(allocator, options);
    }

    @Override
    List<String> warnings(ArrowReader reader) {
      return ((ParquetArrowReader) reader).warnings();
    }

    @Override
    ReadStats stats(ArrowReader reader) {
      return ((ParquetArrowReader) reader).stats();
    }

    @Override
    long rows() {
      return file.metadata().numRows();
    }

    @Override
    org.apache.arrow.vector.types.pojo.Schema schema() {
      return file.arrowSchema();
    }

    @Override
    boolean readsRanges() {
      return true;
    }

    @Override
    public void close() throws IOException {
      file.close();
    }
  }

  /** A dataset. Its dictionary columns are read decoded (each file has its own dictionaries). */
  static final class Many extends ParquetSource {
    final ParquetDataset dataset;

    Many(ParquetDataset dataset) {
      this.dataset = dataset;
    }

    @Override
    ArrowReader newReader(BufferAllocator allocator, ReadOptions options) {
      return dataset.newReader(allocator, options);
    }

    @Override
    List<String> warnings(ArrowReader reader) {
      return List.of();
    }

    @Override
    ReadStats stats(ArrowReader reader) {
      return ((ParquetDatasetReader) reader).stats();
    }

    @Override
    long rows() {
      return dataset.files().stream().mapToLong(DatasetFile::rows).sum();
    }

    @Override
    org.apache.arrow.vector.types.pojo.Schema schema() {
      return dataset.schema();
    }
  }
}
