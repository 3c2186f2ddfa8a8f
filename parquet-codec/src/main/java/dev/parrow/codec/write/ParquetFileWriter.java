package dev.parrow.codec.write;

import dev.parrow.codec.footer.FooterWriter;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.ColumnOrder;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.KeyValue;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.metadata.SchemaElement;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Lays out a Parquet file on a stream: the magic, then each row group's column chunks as they are
 * finished, then the footer. Chunk metadata offsets are turned from chunk-relative to file positions.
 */
public final class ParquetFileWriter {
  private static final byte[] MAGIC = {'P', 'A', 'R', '1'};

  private final OutputStream out;
  private final List<SchemaElement> schema;
  private final List<RowGroup> rowGroups = new ArrayList<>();
  private long position;
  private long rows;

  public ParquetFileWriter(OutputStream out, List<SchemaElement> schema) throws IOException {
    this.out = out;
    this.schema = List.copyOf(schema);
    out.write(MAGIC);
    position = MAGIC.length;
  }

  /** Writes one row group of {@code numRows} rows from its chunks, in schema order. */
  public void writeRowGroup(List<ColumnChunkWriter.Chunk> chunks, long numRows) throws IOException {
    long start = position;
    List<ColumnChunk> columns = new ArrayList<>();
    long uncompressed = 0;
    for (ColumnChunkWriter.Chunk chunk : chunks) {
      ColumnMetaData m = chunk.metaData();
      long chunkStart = position;
      ColumnMetaData placed = new ColumnMetaData(m.type(), m.encodings(), m.pathInSchema(), m.codec(), m.numValues(),
          m.totalUncompressedSize(), m.totalCompressedSize(), m.keyValueMetadata(), chunkStart + m.dataPageOffset(),
          m.indexPageOffset(), chunk.hasDictionaryPage() ? chunkStart : null, m.statistics(), m.encodingStats(),
          m.bloomFilterOffset(), m.bloomFilterLength(), m.sizeStatistics(), m.geospatialStatistics());
      out.write(chunk.bytes());
      position += chunk.bytes().length;
      uncompressed += m.totalUncompressedSize();
      columns.add(new ColumnChunk(null, chunkStart, placed, null, null, null, null, null, null));
    }
    rowGroups.add(new RowGroup(columns, uncompressed, numRows, null, start, position - start,
        (short) rowGroups.size()));
    rows += numRows;
  }

  /** Writes the footer; the stream is left open. */
  public void finish(List<KeyValue> keyValues, String createdBy) throws IOException {
    int leaves = (int) schema.stream().filter(e -> e.type() != null).count();
    List<ColumnOrder> orders = new ArrayList<>();
    for (int i = 0; i < leaves; i++) {
      orders.add(ColumnOrder.TYPE_ORDER);
    }
    FileMetaData meta = new FileMetaData(2, schema, rows, rowGroups, keyValues.isEmpty() ? null : keyValues,
        createdBy, orders, null, null);
    byte[] footer = FooterWriter.encode(meta);
    out.write(footer);
    position += footer.length;
    out.flush();
  }
}
