package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.PageHeader;
import dev.parrow.codec.metadata.PageLocation;
import dev.parrow.codec.metadata.PageType;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.thrift.ThriftCodec;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page index Parrow writes after the row groups: every offset index entry points at a data page
 * header whose page is as long as it says, first row indexes rise from 0, and every column index agrees
 * with its chunk's statistics (null counts add up; the least page min and the greatest page max are the
 * chunk's, checked on a signed 64-bit column).
 */
class PageIndexWriteIT {
  @Test
  void offsetAndColumnIndexesDescribeThePages(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("indexed.parquet");
    for (int version : new int[] {1, 2}) {
      try (BufferAllocator allocator = new RootAllocator(); VectorSchemaRoot root = WriteReadBackIT.data(allocator)) {
        try (ParquetArrowWriter writer = ParquetArrowWriter.create(file, root.getSchema(),
            WriteOptions.builder().pageVersion(version).pageSizeBytes(1024).rowGroupRows(700).build())) {
          writer.write(root);
        }
      }
      check(file);
    }
  }

  private static void check(Path file) throws Exception {
    byte[] bytes = Files.readAllBytes(file);
    int pages = 0;
    try (ParquetFile parquet = ParquetFile.open(file)) {
      for (RowGroup group : parquet.metadata().rowGroups()) {
        for (ColumnChunk chunk : group.columns()) {
          String column = String.join(".", chunk.metaData().pathInSchema());
          assertNotNull(chunk.offsetIndexOffset(), column);
          OffsetIndex offsets = ThriftCodec.readOffsetIndex(
              ByteBuffer.wrap(bytes, chunk.offsetIndexOffset().intValue(), chunk.offsetIndexLength()));
          long previousRow = -1;
          for (PageLocation location : offsets.pageLocations()) {
            ByteBuffer at = ByteBuffer.wrap(bytes, (int) location.offset(), location.compressedPageSize());
            PageHeader header = ThriftCodec.readPageHeader(at);
            int headerLength = at.position() - (int) location.offset();
            assertTrue(header.type() == PageType.DATA_PAGE || header.type() == PageType.DATA_PAGE_V2, column);
            assertEquals(location.compressedPageSize(), headerLength + header.compressedPageSize(), column);
            assertTrue(location.firstRowIndex() > previousRow && location.firstRowIndex() < group.numRows(), column);
            previousRow = location.firstRowIndex();
            pages++;
          }
          assertEquals(0, offsets.pageLocations().get(0).firstRowIndex());
          if (column.equals("interval")) {
            assertEquals(null, chunk.columnIndexOffset(), "INTERVAL has no order, so no column index");
            continue;
          }
          ColumnIndex index = ThriftCodec.readColumnIndex(
              ByteBuffer.wrap(bytes, chunk.columnIndexOffset().intValue(), chunk.columnIndexLength()));
          assertEquals(offsets.pageLocations().size(), index.nullPages().size(), column);
          assertEquals(chunk.metaData().statistics().nullCount(), index.nullCounts().stream().mapToLong(Long::longValue).sum(),
              column + ": null counts");
          if (column.equals("i64")) {
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (int p = 0; p < index.nullPages().size(); p++) {
              if (!index.nullPages().get(p)) {
                long lo = index.minValues().get(p).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN).getLong(0);
                long hi = index.maxValues().get(p).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN).getLong(0);
                assertTrue(lo <= hi);
                min = Math.min(min, lo);
                max = Math.max(max, hi);
              }
            }
            var stats = chunk.metaData().statistics();
            assertEquals(stats.minValue().asByteBuffer().order(ByteOrder.LITTLE_ENDIAN).getLong(0), min);
            assertEquals(stats.maxValue().asByteBuffer().order(ByteOrder.LITTLE_ENDIAN).getLong(0), max);
          }
        }
      }
    }
    assertTrue(pages > 100, pages + " pages");
  }
}
