package dev.parrow.codec.testing;

import dev.parrow.codec.metadata.BoundingBox;
import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.ColumnOrder;
import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.EdgeInterpolationAlgorithm;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.GeospatialStatistics;
import dev.parrow.codec.metadata.KeyValue;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PageEncodingStats;
import dev.parrow.codec.metadata.PageType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.metadata.SizeStatistics;
import dev.parrow.codec.metadata.SortingColumn;
import dev.parrow.codec.metadata.Statistics;
import dev.parrow.codec.metadata.TimeUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Metadata records built by hand for codec tests: every field and every logical type set somewhere.
 */
public final class SampleMetadata {
  private SampleMetadata() {}

  /**
   * One leaf per logical type member (plus unknown ones), all optional INT32/BYTE_ARRAY/FLBA
   * leaves.
   */
  public static List<LogicalType> everyLogicalType() {
    return List.of(
        new LogicalType.StringType(),
        new LogicalType.MapType(),
        new LogicalType.ListType(),
        new LogicalType.EnumType(),
        new LogicalType.DecimalType(2, 9),
        new LogicalType.DateType(),
        new LogicalType.TimeType(true, TimeUnit.MILLIS),
        new LogicalType.TimeType(false, TimeUnit.NANOS),
        new LogicalType.TimestampType(true, TimeUnit.MICROS),
        new LogicalType.TimestampType(false, TimeUnit.NANOS),
        new LogicalType.IntType(8, false),
        new LogicalType.IntType(64, true),
        new LogicalType.NullType(),
        new LogicalType.JsonType(),
        new LogicalType.BsonType(),
        new LogicalType.UuidType(),
        new LogicalType.Float16Type(),
        new LogicalType.VariantType((byte) 1),
        new LogicalType.VariantType(null),
        new LogicalType.GeometryType("OGC:CRS84"),
        new LogicalType.GeometryType(null),
        new LogicalType.GeographyType("OGC:CRS84", EdgeInterpolationAlgorithm.KARNEY),
        new LogicalType.GeographyType(null, null),
        new LogicalType.VectorType(),
        new LogicalType.Unknown(9),
        new LogicalType.Unknown(42));
  }

  public static SchemaElement leaf(String name, PhysicalType type, Repetition repetition) {
    return new SchemaElement(
        type, null, repetition, name, null, null, null, null, null, null, null);
  }

  /** A FIXED_LEN_BYTE_ARRAY leaf of {@code length} bytes. */
  public static SchemaElement fixedLeaf(String name, int length, Repetition r) {
    return new SchemaElement(
        PhysicalType.FIXED_LEN_BYTE_ARRAY,
        length,
        r,
        name,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  public static SchemaElement group(String name, Repetition repetition, int children) {
    return new SchemaElement(
        null, null, repetition, name, children, null, null, null, null, null, null);
  }

  /** A flat schema whose leaves carry every logical type, with every SchemaElement field used. */
  public static List<SchemaElement> schemaWithEveryLogicalType() {
    List<LogicalType> types = everyLogicalType();
    List<SchemaElement> schema = new ArrayList<>();
    schema.add(group("schema", null, types.size()));
    for (int i = 0; i < types.size(); i++) {
      schema.add(
          new SchemaElement(
              PhysicalType.FIXED_LEN_BYTE_ARRAY,
              16,
              Repetition.OPTIONAL,
              "c" + i,
              null,
              i % 2 == 0 ? ConvertedType.DECIMAL : null,
              i % 2 == 0 ? 2 : null,
              i % 2 == 0 ? 9 : null,
              i,
              types.get(i),
              null));
    }
    return schema;
  }

  public static Statistics fullStatistics() {
    return new Statistics(
        Bytes.of(new byte[] {9}),
        Bytes.of(new byte[] {1}),
        3L,
        7L,
        Bytes.of(new byte[] {8, 8}),
        Bytes.of(new byte[] {0, 1}),
        true,
        false,
        2L);
  }

  /**
   * The metadata of an uncompressed chunk of {@code numValues} values and {@code size} bytes whose
   * first data page is at {@code dataPageOffset}, with only the fields a reader needs.
   */
  public static ColumnMetaData plainChunk(
      PhysicalType type, List<String> path, long numValues, long size, long dataPageOffset) {
    return new ColumnMetaData(
        type,
        List.of(Encoding.PLAIN, Encoding.RLE),
        path,
        CompressionCodec.UNCOMPRESSED,
        numValues,
        size,
        size,
        null,
        dataPageOffset,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  public static ColumnMetaData fullColumnMetaData(List<String> path) {
    return new ColumnMetaData(
        PhysicalType.FIXED_LEN_BYTE_ARRAY,
        List.of(Encoding.PLAIN, Encoding.RLE, Encoding.RLE_DICTIONARY),
        path,
        CompressionCodec.ZSTD,
        100,
        2000,
        1000,
        List.of(new KeyValue("k", "v"), new KeyValue("no-value", null)),
        4,
        3L,
        2L,
        fullStatistics(),
        List.of(
            new PageEncodingStats(PageType.DICTIONARY_PAGE, Encoding.PLAIN, 1),
            new PageEncodingStats(PageType.DATA_PAGE, Encoding.RLE_DICTIONARY, 4)),
        5000L,
        64,
        new SizeStatistics(123L, List.of(1L, 2L), List.of(3L, 4L, 5L)),
        new GeospatialStatistics(
            new BoundingBox(-1, 1, -2, 2, null, null, Double.NaN, 4.0), List.of(1, 3)));
  }

  /** A footer that uses every field of every struct at least once. */
  public static FileMetaData full() {
    List<SchemaElement> schema = schemaWithEveryLogicalType();
    int leaves = schema.size() - 1;
    List<RowGroup> groups = new ArrayList<>();
    for (int g = 0; g < 2; g++) {
      List<ColumnChunk> chunks = new ArrayList<>();
      for (int c = 0; c < leaves; c++) {
        chunks.add(
            new ColumnChunk(
                c == 0 ? "other.parquet" : null,
                c,
                fullColumnMetaData(List.of("c" + c)),
                6000L + c,
                10,
                7000L + c,
                20,
                null,
                null));
      }
      groups.add(
          new RowGroup(
              chunks, 2000, 100, List.of(new SortingColumn(0, true, false)), 4L, 1000L, (short) g));
    }
    List<ColumnOrder> orders = new ArrayList<>();
    for (int c = 0; c < leaves; c++) {
      orders.add(
          c == 0
              ? new ColumnOrder(7)
              : c % 2 == 0 ? ColumnOrder.TYPE_ORDER : ColumnOrder.IEEE_754_TOTAL_ORDER);
    }
    return new FileMetaData(
        2,
        schema,
        200,
        groups,
        List.of(new KeyValue("ARROW:schema", "abc"), new KeyValue("lonely", null)),
        "parrow test",
        orders,
        null,
        Bytes.of(new byte[] {1, 2, 3}));
  }

  /** A small valid footer: {@code columns} required INT32 leaves, no row groups. */
  public static FileMetaData minimal(int columns) {
    List<SchemaElement> schema = new ArrayList<>();
    schema.add(group("schema", null, columns));
    for (int i = 0; i < columns; i++) {
      schema.add(leaf("c" + i, PhysicalType.INT32, Repetition.REQUIRED));
    }
    return new FileMetaData(1, schema, 0, List.of(), null, "parrow test", null, null, null);
  }

  public static byte[] concat(byte[]... parts) {
    int n = Arrays.stream(parts).mapToInt(p -> p.length).sum();
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }

  /**
   * a: an optional list (3-level) of optional int32: max definition level 3, max repetition level
   * 1.
   */
  public static dev.parrow.codec.schema.ColumnDescriptor listOfOptionalInt32() {
    return dev.parrow.codec.schema.ParquetSchema.fromElements(
            List.of(
                group("schema", null, 1),
                group("a", Repetition.OPTIONAL, 1),
                group("list", Repetition.REPEATED, 1),
                leaf("element", PhysicalType.INT32, Repetition.OPTIONAL)))
        .column(0);
  }
}
