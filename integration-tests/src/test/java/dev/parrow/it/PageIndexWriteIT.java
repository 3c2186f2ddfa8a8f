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
 * header whose page is as long as it says, first row indexes rise from 0, and every column index
 * agrees with its chunk's statistics (null counts add up; the least page min and the greatest page
 * max are the chunk's, checked on a signed 64-bit column).
 */
class PageIndexWriteIT {
  @Test
  void offsetAndColumnIndexesDescribeThePages(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("indexed.parquet");
    for (int version : new int[] {1, 2}) {
      try (BufferAllocator allocator = new RootAllocator();
          VectorSchemaRoot root = WriteReadBackIT.data(allocator)) {
        try (ParquetArrowWriter writer =
            ParquetArrowWriter.create(
                file,
                root.getSchema(),
                WriteOptions.builder()
                    .dataPageVersion(WriteOptions.DataPageVersion.of(version))
                    .pageSizeBytes(1024)
                    .rowGroupRows(700)
                    .build())) {
          writer.write(root);
        }
      }
      check(file);
    }
  }

  @Test
  void theBoundaryOrderFollowsThePages(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("ordered.parquet");
    var schema =
        new org.apache.arrow.vector.types.pojo.Schema(
            java.util.List.of(
                org.apache.arrow.vector.types.pojo.Field.nullable(
                    "up", new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true)),
                org.apache.arrow.vector.types.pojo.Field.nullable(
                    "down", new org.apache.arrow.vector.types.pojo.ArrowType.Int(32, true)),
                org.apache.arrow.vector.types.pojo.Field.nullable(
                    "text_up", org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE),
                org.apache.arrow.vector.types.pojo.Field.nullable(
                    "mixed", new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true)),
                org.apache.arrow.vector.types.pojo.Field.nullable(
                    "unsigned_up",
                    new org.apache.arrow.vector.types.pojo.ArrowType.Int(32, false))));
    // Pages end at a slice of 1,024 entries at the earliest: enough rows for 20.
    int rows = 20_000;
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      var up = (org.apache.arrow.vector.BigIntVector) root.getVector("up");
      var down = (org.apache.arrow.vector.IntVector) root.getVector("down");
      var text = (org.apache.arrow.vector.VarCharVector) root.getVector("text_up");
      var mixed = (org.apache.arrow.vector.BigIntVector) root.getVector("mixed");
      var unsigned = (org.apache.arrow.vector.UInt4Vector) root.getVector("unsigned_up");
      for (int i = 0; i < rows; i++) {
        if (i % 10 != 3) {
          // Nulls between the values leave the order as it is.
          up.setSafe(i, i - 2_000L);
          down.setSafe(i, -i);
          text.setSafe(
              i, String.format("k%06d", i).getBytes(java.nio.charset.StandardCharsets.UTF_8));
          // Past 2^31 as unsigned: a signed order would see the last pages fall.
          unsigned.setSafe(i, (int) (i * 200_000L));
        }
        mixed.setSafe(i, (i * 7919L) % 1000);
      }
      root.setRowCount(rows);
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.create(
              file, schema, WriteOptions.builder().pageSizeBytes(1024).dictionary(false).build())) {
        writer.write(root);
      }
    }
    byte[] bytes = Files.readAllBytes(file);
    java.util.Map<String, dev.parrow.codec.metadata.BoundaryOrder> orders =
        new java.util.HashMap<>();
    try (ParquetFile parquet = ParquetFile.open(file)) {
      for (ColumnChunk chunk : parquet.metadata().rowGroups().get(0).columns()) {
        ColumnIndex index =
            ThriftCodec.readColumnIndex(
                ByteBuffer.wrap(
                    bytes, chunk.columnIndexOffset().intValue(), chunk.columnIndexLength()));
        assertTrue(index.nullPages().size() > 5, index.nullPages().size() + " pages");
        orders.put(chunk.metaData().pathInSchema().get(0), index.boundaryOrder());
      }
    }
    assertEquals(
        java.util.Map.of(
            "up",
            dev.parrow.codec.metadata.BoundaryOrder.ASCENDING,
            "down",
            dev.parrow.codec.metadata.BoundaryOrder.DESCENDING,
            "text_up",
            dev.parrow.codec.metadata.BoundaryOrder.ASCENDING,
            "mixed",
            dev.parrow.codec.metadata.BoundaryOrder.UNORDERED,
            "unsigned_up",
            dev.parrow.codec.metadata.BoundaryOrder.ASCENDING),
        orders);
  }

  private static void check(Path file) throws Exception {
    byte[] bytes = Files.readAllBytes(file);
    int pages = 0;
    try (ParquetFile parquet = ParquetFile.open(file)) {
      for (RowGroup group : parquet.metadata().rowGroups()) {
        for (ColumnChunk chunk : group.columns()) {
          String column = String.join(".", chunk.metaData().pathInSchema());
          assertNotNull(chunk.offsetIndexOffset(), column);
          OffsetIndex offsets =
              ThriftCodec.readOffsetIndex(
                  ByteBuffer.wrap(
                      bytes, chunk.offsetIndexOffset().intValue(), chunk.offsetIndexLength()));
          long previousRow = -1;
          java.util.List<dev.parrow.codec.metadata.Statistics> headerStats =
              new java.util.ArrayList<>();
          for (PageLocation location : offsets.pageLocations()) {
            ByteBuffer at =
                ByteBuffer.wrap(bytes, (int) location.offset(), location.compressedPageSize());
            PageHeader header = ThriftCodec.readPageHeader(at);
            headerStats.add(
                header.dataPageHeader() != null
                    ? header.dataPageHeader().statistics()
                    : header.dataPageHeaderV2().statistics());
            int headerLength = at.position() - (int) location.offset();
            assertTrue(
                header.type() == PageType.DATA_PAGE || header.type() == PageType.DATA_PAGE_V2,
                column);
            assertEquals(
                location.compressedPageSize(), headerLength + header.compressedPageSize(), column);
            assertTrue(
                location.firstRowIndex() > previousRow
                    && location.firstRowIndex() < group.numRows(),
                column);
            previousRow = location.firstRowIndex();
            pages++;
          }
          assertEquals(0, offsets.pageLocations().get(0).firstRowIndex());
          // The interval column (MONTH_DAY_NANO, unannotated FIXED_LEN_BYTE_ARRAY(16) by default)
          // is ordered by its bytes, like any FIXED_LEN_BYTE_ARRAY: it has a column index too.
          ColumnIndex index =
              ThriftCodec.readColumnIndex(
                  ByteBuffer.wrap(
                      bytes, chunk.columnIndexOffset().intValue(), chunk.columnIndexLength()));
          assertEquals(offsets.pageLocations().size(), index.nullPages().size(), column);
          for (int p = 0; p < headerStats.size(); p++) {
            // Each page header's statistics are its column index entry.
            var stats = headerStats.get(p);
            assertEquals(index.nullCounts().get(p), stats.nullCount(), column + " page " + p);
            if (!index.nullPages().get(p)) {
              assertEquals(
                  index.minValues().get(p), stats.minValue(), column + " page " + p + " min");
              assertEquals(
                  index.maxValues().get(p), stats.maxValue(), column + " page " + p + " max");
              assertEquals(Boolean.TRUE, stats.isMinValueExact(), column);
            } else {
              assertEquals(null, stats.minValue(), column + " page " + p + " holds only nulls");
            }
          }
          assertEquals(
              chunk.metaData().statistics().nullCount(),
              index.nullCounts().stream().mapToLong(Long::longValue).sum(),
              column + ": null counts");
          if (column.equals("i64")) {
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (int p = 0; p < index.nullPages().size(); p++) {
              if (!index.nullPages().get(p)) {
                long lo =
                    index
                        .minValues()
                        .get(p)
                        .asByteBuffer()
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .getLong(0);
                long hi =
                    index
                        .maxValues()
                        .get(p)
                        .asByteBuffer()
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .getLong(0);
                assertTrue(lo <= hi);
                min = Math.min(min, lo);
                max = Math.max(max, hi);
              }
            }
            var stats = chunk.metaData().statistics();
            assertEquals(
                stats.minValue().asByteBuffer().order(ByteOrder.LITTLE_ENDIAN).getLong(0), min);
            assertEquals(
                stats.maxValue().asByteBuffer().order(ByteOrder.LITTLE_ENDIAN).getLong(0), max);
          }
        }
      }
    }
    assertTrue(pages > 100, pages + " pages");
  }
}
