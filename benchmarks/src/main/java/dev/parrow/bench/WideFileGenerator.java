package dev.parrow.bench;

import dev.parrow.codec.footer.FooterWriter;
import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.ColumnOrder;
import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.DataPageHeader;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.KeyValue;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PageHeader;
import dev.parrow.codec.metadata.PageType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.metadata.Statistics;
import dev.parrow.codec.thrift.ThriftCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a wide Parquet file whose footer is the thing to measure: {@code columns} required leaves
 * cycling through INT64, DOUBLE, STRING and DATE, {@code rowGroups} row groups of one row each,
 * every chunk one PLAIN page with min/max statistics, as a real writer would describe them. The
 * file is valid Parquet (DuckDB reads it); row r of column c holds {@link #value(int, int)}.
 */
public final class WideFileGenerator {
  private WideFileGenerator() {}

  /** The value of column {@code column} in row group {@code group} (one row per group). */
  public static long value(int column, int group) {
    return (long) column * 1000 + group;
  }

  public static PhysicalType typeOf(int column) {
    return switch (column % 4) {
      case 0 -> PhysicalType.INT64;
      case 1 -> PhysicalType.DOUBLE;
      case 2 -> PhysicalType.BYTE_ARRAY;
      default -> PhysicalType.INT32;
    };
  }

  public static byte[] generate(int columns, int rowGroups) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes("PAR1".getBytes(StandardCharsets.US_ASCII));
    List<SchemaElement> schema = new ArrayList<>();
    schema.add(
        new SchemaElement(null, null, null, "wide", columns, null, null, null, null, null, null));
    for (int c = 0; c < columns; c++) {
      schema.add(element(c));
    }
    List<RowGroup> groups = new ArrayList<>();
    for (int g = 0; g < rowGroups; g++) {
      long groupStart = out.size();
      List<ColumnChunk> chunks = new ArrayList<>(columns);
      long groupBytes = 0;
      for (int c = 0; c < columns; c++) {
        byte[] plain = plainValue(c, g);
        byte[] header =
            ThriftCodec.writePageHeader(
                new PageHeader(
                    PageType.DATA_PAGE,
                    plain.length,
                    plain.length,
                    null,
                    new DataPageHeader(1, Encoding.PLAIN, Encoding.RLE, Encoding.RLE, null),
                    null,
                    null,
                    null));
        long offset = out.size();
        out.writeBytes(header);
        out.writeBytes(plain);
        long size = header.length + plain.length;
        groupBytes += size;
        Bytes stat = Bytes.wrap(statValue(c, g));
        Statistics stats = new Statistics(null, null, 0L, null, stat, stat, true, true, null);
        chunks.add(
            new ColumnChunk(
                null,
                offset,
                new ColumnMetaData(
                    typeOf(c),
                    List.of(Encoding.PLAIN, Encoding.RLE),
                    List.of(name(c)),
                    CompressionCodec.UNCOMPRESSED,
                    1,
                    size,
                    size,
                    null,
                    offset,
                    null,
                    null,
                    stats,
                    null,
                    null,
                    null,
                    null,
                    null),
                null,
                null,
                null,
                null,
                null,
                null));
      }
      groups.add(new RowGroup(chunks, groupBytes, 1, null, groupStart, groupBytes, (short) g));
    }
    List<ColumnOrder> orders = new ArrayList<>(columns);
    for (int c = 0; c < columns; c++) {
      orders.add(ColumnOrder.TYPE_ORDER);
    }
    FileMetaData meta =
        new FileMetaData(
            1,
            schema,
            rowGroups,
            groups,
            List.of(new KeyValue("generator", "parrow WideFileGenerator")),
            "parrow benchmarks",
            orders,
            null,
            null);
    out.writeBytes(FooterWriter.encode(meta));
    return out.toByteArray();
  }

  public static void write(Path path, int columns, int rowGroups) throws IOException {
    Files.write(path, generate(columns, rowGroups));
  }

  static String name(int column) {
    return "c" + column;
  }

  private static SchemaElement element(int c) {
    PhysicalType type = typeOf(c);
    LogicalType logical =
        switch (c % 4) {
          case 0 -> new LogicalType.IntType(64, true);
          case 2 -> new LogicalType.StringType();
          case 3 -> new LogicalType.DateType();
          default -> null;
        };
    ConvertedType converted =
        switch (c % 4) {
          case 0 -> ConvertedType.INT_64;
          case 2 -> ConvertedType.UTF8;
          case 3 -> ConvertedType.DATE;
          default -> null;
        };
    return new SchemaElement(
        type, null, Repetition.REQUIRED, name(c), null, converted, null, null, c, logical, null);
  }

  private static byte[] plainValue(int c, int g) {
    byte[] stat = statValue(c, g);
    if (typeOf(c) != PhysicalType.BYTE_ARRAY) {
      return stat;
    }
    // PLAIN BYTE_ARRAY: a 4-byte length, then the bytes (statistics store the bytes alone).
    return ByteBuffer.allocate(4 + stat.length)
        .order(ByteOrder.LITTLE_ENDIAN)
        .putInt(stat.length)
        .put(stat)
        .array();
  }

  private static byte[] statValue(int c, int g) {
    long v = value(c, g);
    return switch (typeOf(c)) {
      case INT64 -> ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
      case DOUBLE -> ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(v).array();
      case BYTE_ARRAY -> Long.toString(v).getBytes(StandardCharsets.UTF_8);
      default ->
          ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) (v % 100_000)).array();
    };
  }
}
