package dev.parrow.arrow;

import dev.parrow.arrow.internal.read.ChunkPages;
import dev.parrow.arrow.internal.read.DictionaryWidening;
import dev.parrow.arrow.internal.read.LeafColumn;
import dev.parrow.arrow.internal.read.Projection;
import dev.parrow.codec.crypto.FileDecryption;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.footer.FooterReader;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.page.PageReader;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.storage.InputFile;
import dev.parrow.storage.RemoteOptions;
import dev.parrow.types.DictionaryMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An open Parquet file: its checked footer, its schemas, and readers of its data into Arrow
 * vectors. Readers share the file; close them before the file.
 *
 * <p>Thread-safe: it is immutable once open, and its readers read the file with positional reads,
 * so any number of readers, on any threads, may read one ParquetFile at once (each reader itself is
 * used by one thread at a time). A reader thread that is interrupted fails with an
 * InterruptedIOException and leaves the others reading. Closing the ParquetFile while readers are
 * reading makes their next read fail with an IOException that says so.
 */
public final class ParquetFile implements AutoCloseable {
  private final InputFile input;
  private final Footer footer;
  private final boolean ownsInput;

  private ParquetFile(InputFile input, Footer footer, boolean ownsInput) {
    this.input = input;
    this.footer = footer;
    this.ownsInput = ownsInput;
  }

  /**
   * Opens a local file; closing the ParquetFile closes it.
   *
   * @param path the file
   * @return the open file
   * @throws IOException if it cannot be read
   * @throws dev.parrow.codec.ParquetFormatException if its footer is malformed
   */
  public static ParquetFile open(Path path) throws IOException {
    return owning(InputFile.of(path));
  }

  /**
   * Opens a file by its location: a local path, or an {@code http://}, {@code https://}, {@code
   * s3://BUCKET/KEY} or {@code file:} URI (see {@link InputFile#open(String)}); closing the
   * ParquetFile closes it.
   *
   * @param location where the file is
   * @return the open file
   * @throws IOException if it cannot be read
   * @throws dev.parrow.codec.ParquetFormatException if its footer is malformed
   */
  public static ParquetFile open(String location) throws IOException {
    return open(location, RemoteOptions.defaults());
  }

  /**
   * Opens a file by its location, reading a remote one with {@code options}; closing the
   * ParquetFile closes it.
   *
   * @param location a local path or a URI
   * @param options retries, timeouts and request planning for remote files
   * @return the open file
   * @throws IOException if it cannot be read
   * @throws dev.parrow.codec.ParquetFormatException if its footer is malformed
   */
  public static ParquetFile open(String location, RemoteOptions options) throws IOException {
    return owning(InputFile.open(location, options));
  }

  /**
   * Opens a file whose footer was read already (a dataset keeps its files' footers), so that
   * opening it reads nothing more; a null footer is read from the file.
   *
   * @param location a local path or a URI
   * @param options retries, timeouts and request planning for remote files
   * @param footer the file's footer, as {@link #footer()} gave it before, or null
   * @return the open file
   * @throws IOException if it cannot be opened
   */
  public static ParquetFile open(String location, RemoteOptions options, Footer footer)
      throws IOException {
    if (footer == null) {
      return open(location, options);
    }
    return new ParquetFile(InputFile.open(location, options), footer, true);
  }

  /**
   * Opens an encrypted file (Parquet Modular Encryption) with the reader's keys: the footer is
   * decrypted (or its signature checked), and so are the metadata, pages, page index and Bloom
   * filters of every column read. A column whose key is not given can be left out of the columns
   * read; asking for it is an error naming it. A plaintext file opens as with {@link
   * #open(String)}.
   *
   * @param location a local path or a URI
   * @param options retries, timeouts and request planning for remote files
   * @param keys the footer and column keys, a key retriever, the AAD prefix
   * @return the open file
   * @throws IOException if it cannot be read
   * @throws dev.parrow.codec.ParquetFormatException if its footer is malformed, or cannot be
   *     decrypted or verified with the keys
   */
  public static ParquetFile open(String location, RemoteOptions options, FileDecryption keys)
      throws IOException {
    return owning(InputFile.open(location, options), keys);
  }

  /**
   * Opens a local encrypted file with the reader's keys (see {@link #open(String, RemoteOptions,
   * FileDecryption)}).
   *
   * @param path the file
   * @param keys the footer and column keys, a key retriever, the AAD prefix
   * @return the open file
   * @throws IOException if it cannot be read
   */
  public static ParquetFile open(Path path, FileDecryption keys) throws IOException {
    return owning(InputFile.of(path), keys);
  }

  /** A ParquetFile that closes {@code input} when it is closed (or when its footer fails). */
  static ParquetFile owning(InputFile input) throws IOException {
    return owning(input, null);
  }

  private static ParquetFile owning(InputFile input, FileDecryption keys) throws IOException {
    try {
      return new ParquetFile(input, FooterReader.read(input, keys), true);
    } catch (IOException | RuntimeException e) {
      input.close();
      throw e;
    }
  }

  /**
   * Reads from {@code input}, which the caller keeps and closes.
   *
   * @param input the file's bytes
   * @return the open file
   * @throws IOException if it cannot be read
   * @throws dev.parrow.codec.ParquetFormatException if its footer is malformed
   */
  public static ParquetFile open(InputFile input) throws IOException {
    return new ParquetFile(input, FooterReader.read(input), false);
  }

  /**
   * Reads an encrypted file from {@code input}, which the caller keeps and closes (see {@link
   * #open(String, RemoteOptions, FileDecryption)}).
   *
   * @param input the file's bytes
   * @param keys the footer and column keys, a key retriever, the AAD prefix; null for none
   * @return the open file
   * @throws IOException if it cannot be read
   */
  public static ParquetFile open(InputFile input, FileDecryption keys) throws IOException {
    return new ParquetFile(input, FooterReader.read(input, keys), false);
  }

  /** {@return the file's bytes} */
  public InputFile input() {
    return input;
  }

  /** {@return the parsed footer} */
  public Footer footer() {
    return footer;
  }

  /** {@return the footer's metadata: row groups, column chunks and key-value pairs} */
  public FileMetaData metadata() {
    return footer.metaData();
  }

  /** {@return the Parquet schema tree and its leaf columns} */
  public ParquetSchema parquetSchema() {
    return footer.schema();
  }

  /**
   * The Arrow schema of every column with default options.
   *
   * @return the schema
   */
  public Schema arrowSchema() {
    return arrowSchema(ReadOptions.defaults());
  }

  /**
   * The Arrow schema a reader with these options produces (projection included).
   *
   * @param options the read options
   * @return the schema
   */
  public Schema arrowSchema(ReadOptions options) {
    Schema fields =
        options.readAs() != null
            ? dev.parrow.arrow.internal.read.SchemaEvolution.of(footer, options).schema()
            : DictionaryWidening.projection(footer, input, options).schema();
    return ParquetArrowReader.withRowNumbers(fields, options, footer.fileName());
  }

  /**
   * One row per leaf column: how the file declares it and the Arrow field a reader with default
   * options produces for it (the field of the leaf itself, inside any lists or structs), with
   * whether the ARROW:schema hint changed it.
   *
   * @return the leaf columns, in schema order
   */
  public List<ColumnDescription> describe() {
    return describe(ReadOptions.defaults());
  }

  /**
   * As {@link #describe()}, for a reader with these options: with {@link DictionaryMode#UNIFY}, a
   * dictionary whose row groups together overflow the writer's index type shows the Int(32) indices
   * it is read with.
   *
   * @param options the read options (the projection is not applied: every leaf is described)
   * @return the leaf columns, in schema order
   */
  public List<ColumnDescription> describe(ReadOptions options) {
    ReadOptions all = options.toBuilder().columns(List.of()).columnIndices().build();
    List<LeafColumn> hinted = DictionaryWidening.projection(footer, input, all).leaves();
    List<LeafColumn> plain =
        Projection.of(footer, ReadOptions.builder().types(t -> t.useArrowSchemaHint(false)).build())
            .leaves();
    List<ColumnDescription> out = new ArrayList<>();
    for (int i = 0; i < hinted.size(); i++) {
      Field h = hinted.get(i).field();
      Field p = plain.get(i).field();
      boolean changed =
          !h.getType().equals(p.getType())
              || (h.getDictionary() == null) != (p.getDictionary() == null);
      out.add(new ColumnDescription(hinted.get(i).column(), h, changed));
    }
    return out;
  }

  /** The pages of one column chunk, read with the options' CRC check and page size limit. */
  PageReader pages(int rowGroup, ColumnDescriptor column, ReadOptions options) {
    return ChunkPages.open(input, footer, rowGroup, column, options);
  }

  /**
   * Probes each row group's Bloom filter of {@code column} for {@code value} (a literal as {@link
   * dev.parrow.arrow.filter.Filter} takes it): per row group, false when the filter rules the value
   * out, true when it may be there, null when the chunk has no Bloom filter.
   *
   * @param column the column, as a filter names it
   * @param value the literal to probe
   * @return one answer per row group
   * @throws IOException if the file cannot be read
   */
  public List<Boolean> bloomFilterMightContain(String column, Object value) throws IOException {
    try {
      return dev.parrow.arrow.internal.filter.BloomProbe.probe(footer, input, column, value);
    } catch (dev.parrow.codec.ParquetFormatException e) {
      throw e.inColumn(column).inFile(footer.fileName());
    }
  }

  /**
   * A reader of every row, with the default options.
   *
   * @param allocator where the vectors' memory comes from
   * @return the reader, to close after use
   */
  public ParquetArrowReader newReader(BufferAllocator allocator) {
    return newReader(allocator, ReadOptions.defaults());
  }

  /**
   * A reader.
   *
   * @param allocator where the vectors' memory comes from
   * @param options what to read and how
   * @return the reader, to close after use
   */
  public ParquetArrowReader newReader(BufferAllocator allocator, ReadOptions options) {
    return new ParquetArrowReader(allocator, this, options);
  }

  @Override
  public void close() throws IOException {
    if (ownsInput) {
      input.close();
    }
  }
}
