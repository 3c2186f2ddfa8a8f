package dev.parrow.codec.write;

import dev.parrow.codec.crypto.ChunkEncryptor;
import dev.parrow.codec.crypto.FileEncryptor;
import dev.parrow.codec.footer.FooterWriter;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.ColumnOrder;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.KeyValue;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.thrift.ThriftCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Lays out a Parquet file on a stream: the magic, then each row group's column chunks as they are
 * finished, then every chunk's column index and offset index, then the footer. Chunk metadata and
 * page locations are turned from chunk-relative to file positions. An encrypted file's page index,
 * Bloom filters and footer are encrypted here, its pages by each chunk's writer.
 */
public final class ParquetFileWriter {
  private static final byte[] MAGIC = {'P', 'A', 'R', '1'};

  private final OutputStream out;
  private final List<SchemaElement> schema;
  private final List<RowGroup> rowGroups = new ArrayList<>();

  /** Per row group, per chunk: the page index to write after the row groups. */
  private final List<List<ColumnChunkWriter.Chunk>> indexes = new ArrayList<>();

  /** The row groups before this index were in the file already (an append), page index too. */
  private final int firstNewGroup;

  private long position;
  private long rows;

  /** The file's encryption, or null for a plaintext file. */
  private final FileEncryptor encryptor;

  /** Each leaf's column order, or null for the type order everywhere. */
  private final List<ColumnOrder> columnOrders;

  public ParquetFileWriter(OutputStream out, List<SchemaElement> schema) throws IOException {
    this(out, schema, null);
  }

  /**
   * A writer of a new file, encrypted when {@code encryptor} is given (its chunks must then be
   * written with its {@link FileEncryptor#chunk} encryptors, by row group ordinal).
   */
  public ParquetFileWriter(OutputStream out, List<SchemaElement> schema, FileEncryptor encryptor)
      throws IOException {
    this(out, schema, encryptor, null);
  }

  /**
   * A writer of a new file whose leaves' statistics follow {@code columnOrders} (the chunks must be
   * written so: {@link ColumnChunkWriter#columnOrder}); null for the type order everywhere.
   */
  public ParquetFileWriter(
      OutputStream out,
      List<SchemaElement> schema,
      FileEncryptor encryptor,
      List<ColumnOrder> columnOrders)
      throws IOException {
    this.out = out;
    this.schema = List.copyOf(schema);
    this.firstNewGroup = 0;
    this.encryptor = encryptor;
    this.columnOrders = columnOrders == null ? null : List.copyOf(columnOrders);
    byte[] magic = encryptor == null ? MAGIC : encryptor.magic();
    out.write(magic);
    position = magic.length;
  }

  private ParquetFileWriter(
      OutputStream out, FileMetaData existing, long dataEnd, FileEncryptor encryptor) {
    this.encryptor = encryptor;
    // The file's own orders: its new row groups' statistics follow them too.
    this.columnOrders = existing.columnOrders();
    this.out = out;
    this.schema = List.copyOf(existing.schema());
    this.rowGroups.addAll(existing.rowGroups());
    this.firstNewGroup = rowGroups.size();
    this.rows = existing.numRows();
    this.position = dataEnd;
  }

  /**
   * A writer that adds row groups to an existing file: the caller has written the file's first
   * {@code dataEnd} bytes (everything before its footer: the magic, the row groups, their page
   * indexes) to {@code out} unchanged, so every offset in {@code existing} still holds.
   */
  public static ParquetFileWriter continuing(
      OutputStream out, FileMetaData existing, long dataEnd) {
    return new ParquetFileWriter(out, existing, dataEnd, null);
  }

  /**
   * As {@link #continuing(OutputStream, FileMetaData, long)}, for an encrypted file: {@code
   * existing} is its metadata as a read with its keys decrypted it, and {@code encryptor} continues
   * its encryption ({@link FileEncryptor#continuing}); the new footer is encrypted as the old one
   * was.
   */
  public static ParquetFileWriter continuing(
      OutputStream out, FileMetaData existing, long dataEnd, FileEncryptor encryptor) {
    return new ParquetFileWriter(out, existing, dataEnd, encryptor);
  }

  /** Writes one row group of {@code numRows} rows from its chunks, in schema order. */
  public void writeRowGroup(List<ColumnChunkWriter.Chunk> chunks, long numRows) throws IOException {
    writeRowGroup(chunks, numRows, null);
  }

  /**
   * Writes one row group, recording the order its rows are sorted in ({@code sortingColumns}, or
   * null when unsorted).
   */
  public void writeRowGroup(
      List<ColumnChunkWriter.Chunk> chunks,
      long numRows,
      List<dev.parrow.codec.metadata.SortingColumn> sortingColumns)
      throws IOException {
    long start = position;
    List<ColumnChunk> columns = new ArrayList<>();
    List<ColumnChunkWriter.Chunk> placedChunks = new ArrayList<>();
    long uncompressed = 0;
    for (ColumnChunkWriter.Chunk chunk : chunks) {
      ColumnMetaData m = chunk.metaData();
      long chunkStart = position;
      ColumnMetaData placed = m.placedAt(chunkStart, chunk.hasDictionaryPage());
      chunk.writeTo(out);
      position += chunk.length();
      uncompressed += m.totalUncompressedSize();
      columns.add(new ColumnChunk(null, chunkStart, placed, null, null, null, null, null, null));
      placedChunks.add(chunk.withoutBytes(placed, chunk.offsetIndex().shiftedBy(chunkStart)));
    }
    indexes.add(placedChunks);
    rowGroups.add(
        new RowGroup(
            columns,
            uncompressed,
            numRows,
            sortingColumns,
            start,
            position - start,
            (short) rowGroups.size()));
    rows += numRows;
  }

  /**
   * The Bloom filters and page index of every chunk, after the row groups (Bloom filters, column
   * indexes, then offset indexes, as parquet-java lays them out), and the row groups' chunks
   * pointed at them.
   */
  private void writePageIndexes() throws IOException {
    List<List<ColumnChunk>> columns = new ArrayList<>();
    for (RowGroup g : rowGroups.subList(firstNewGroup, rowGroups.size())) {
      columns.add(new ArrayList<>(g.columns()));
    }
    for (int g = 0; g < indexes.size(); g++) {
      for (int c = 0; c < indexes.get(g).size(); c++) {
        ColumnChunkWriter.Chunk written = indexes.get(g).get(c);
        dev.parrow.codec.bloom.BloomFilter bloom = written.bloomFilter();
        if (bloom != null) {
          byte[] header =
              ThriftCodec.writeBloomFilterHeader(
                  new dev.parrow.codec.metadata.BloomFilterHeader(
                      bloom.bytes(),
                      dev.parrow.codec.metadata.BloomFilterHeader.BLOCK,
                      dev.parrow.codec.metadata.BloomFilterHeader.XXHASH,
                      dev.parrow.codec.metadata.BloomFilterHeader.UNCOMPRESSED));
          byte[] bitset = bloom.bitset();
          if (written.crypto() != null) {
            header = written.crypto().bloomFilterHeader(header);
            bitset = written.crypto().bloomFilterBitset(bitset);
          }
          ColumnChunk chunk = columns.get(g).get(c);
          int length = header.length + bitset.length;
          columns
              .get(g)
              .set(c, chunk.withMetaData(chunk.metaData().withBloomFilter(position, length)));
          out.write(header);
          out.write(bitset);
          position += length;
        }
      }
    }
    for (int g = 0; g < indexes.size(); g++) {
      for (int c = 0; c < indexes.get(g).size(); c++) {
        ColumnIndex index = indexes.get(g).get(c).columnIndex();
        if (index != null) {
          byte[] bytes = ThriftCodec.writeColumnIndex(index);
          ChunkEncryptor crypto = indexes.get(g).get(c).crypto();
          if (crypto != null) {
            bytes = crypto.columnIndex(bytes);
          }
          columns.get(g).set(c, columns.get(g).get(c).withColumnIndex(position, bytes.length));
          out.write(bytes);
          position += bytes.length;
        }
      }
    }
    for (int g = 0; g < indexes.size(); g++) {
      for (int c = 0; c < indexes.get(g).size(); c++) {
        byte[] bytes = ThriftCodec.writeOffsetIndex(indexes.get(g).get(c).offsetIndex());
        ChunkEncryptor crypto = indexes.get(g).get(c).crypto();
        if (crypto != null) {
          bytes = crypto.offsetIndex(bytes);
        }
        columns.get(g).set(c, columns.get(g).get(c).withOffsetIndex(position, bytes.length));
        out.write(bytes);
        position += bytes.length;
      }
    }
    for (int g = 0; g < columns.size(); g++) {
      RowGroup r = rowGroups.get(firstNewGroup + g);
      if (encryptor != null) {
        // The chunks' footer entries are final now (the Bloom filter's place is in their metadata).
        for (int c = 0; c < columns.get(g).size(); c++) {
          columns.get(g).set(c, encryptor.columnChunk(columns.get(g).get(c), r.ordinal(), c));
        }
      }
      rowGroups.set(
          firstNewGroup + g,
          new RowGroup(
              columns.get(g),
              r.totalByteSize(),
              r.numRows(),
              r.sortingColumns(),
              r.fileOffset(),
              r.totalCompressedSize(),
              r.ordinal()));
    }
  }

  /** Writes the page indexes and the footer; the stream is left open. */
  public void finish(List<KeyValue> keyValues, String createdBy) throws IOException {
    writePageIndexes();
    if (encryptor != null) {
      // An encrypted file's earlier row groups, appended to: their footer entries as a read
      // decrypted them, encrypted again with the file's keys.
      for (int g = 0; g < firstNewGroup; g++) {
        RowGroup r = rowGroups.get(g);
        List<ColumnChunk> sealed = new ArrayList<>();
        for (int c = 0; c < r.columns().size(); c++) {
          sealed.add(
              encryptor.columnChunk(r.columns().get(c), r.ordinal() != null ? r.ordinal() : g, c));
        }
        rowGroups.set(g, r.withColumns(sealed));
      }
    }
    int leaves = (int) schema.stream().filter(e -> e.type() != null).count();
    List<ColumnOrder> orders = new ArrayList<>();
    for (int i = 0; i < leaves; i++) {
      orders.add(
          columnOrders != null && i < columnOrders.size()
              ? columnOrders.get(i)
              : ColumnOrder.TYPE_ORDER);
    }
    FileMetaData meta =
        new FileMetaData(
            2,
            schema,
            rows,
            rowGroups,
            keyValues.isEmpty() ? null : keyValues,
            createdBy,
            orders,
            null,
            null);
    byte[] footer = encryptor == null ? FooterWriter.encode(meta) : encryptor.footer(meta);
    out.write(footer);
    position += footer.length;
    out.flush();
    written = meta;
  }

  /** The footer's metadata as {@link #finish} wrote it (not encrypted); null before. */
  private FileMetaData written;

  /** {@return the footer's metadata as written (not encrypted), or null before {@link #finish}} */
  public FileMetaData written() {
    return written;
  }

  /** {@return the bytes written so far: the file's length once finished} */
  public long position() {
    return position;
  }
}
