package dev.parrow.codec.thrift;

import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnCryptoMetaData;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.GeospatialStatistics;
import dev.parrow.codec.metadata.KeyValue;
import dev.parrow.codec.metadata.PageEncodingStats;
import dev.parrow.codec.metadata.PageType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.SizeStatistics;
import dev.parrow.codec.metadata.Statistics;
import java.util.ArrayList;
import java.util.List;

/** ColumnChunk, ColumnMetaData, PageEncodingStats, KeyValue and the column crypto union. */
final class ColumnChunkCodec {
  private ColumnChunkCodec() {}

  static ColumnChunk readColumnChunk(ThriftReader r) {
    String filePath = null;
    Long fileOffset = null;
    ColumnMetaData metaData = null;
    Long offsetIndexOffset = null;
    Integer offsetIndexLength = null;
    Long columnIndexOffset = null;
    Integer columnIndexLength = null;
    ColumnCryptoMetaData crypto = null;
    Bytes encryptedMetadata = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> filePath = r.string();
        case 2 -> fileOffset = r.i64();
        case 3 -> metaData = r.struct(ColumnChunkCodec::readColumnMetaData);
        case 4 -> offsetIndexOffset = r.i64();
        case 5 -> offsetIndexLength = r.i32();
        case 6 -> columnIndexOffset = r.i64();
        case 7 -> columnIndexLength = r.i32();
        case 8 -> crypto = r.struct(ColumnChunkCodec::readCryptoMetaData);
        case 9 -> encryptedMetadata = r.binary();
        default -> r.skipField();
      }
    }
    r.endStruct();
    // file_offset is required with a default of 0 in the IDL; some writers leave it out.
    return new ColumnChunk(
        filePath,
        fileOffset == null ? 0 : fileOffset,
        metaData,
        offsetIndexOffset,
        offsetIndexLength,
        columnIndexOffset,
        columnIndexLength,
        crypto,
        encryptedMetadata);
  }

  static void writeColumnChunk(ThriftWriter w, ColumnChunk c) {
    w.beginStruct();
    w.string(1, c.filePath());
    w.i64(2, c.fileOffset());
    w.struct(3, c.metaData(), ColumnChunkCodec::writeColumnMetaData);
    w.i64(4, c.offsetIndexOffset());
    w.i32(5, c.offsetIndexLength());
    w.i64(6, c.columnIndexOffset());
    w.i32(7, c.columnIndexLength());
    w.struct(8, c.cryptoMetadata(), ColumnChunkCodec::writeCryptoMetaData);
    w.binary(9, c.encryptedColumnMetadata());
    w.endStruct();
  }

  static ColumnMetaData readColumnMetaData(ThriftReader r) {
    PhysicalType type = null;
    List<Encoding> encodings = null;
    List<String> path = null;
    CompressionCodec codec = null;
    Long numValues = null;
    Long uncompressed = null;
    Long compressed = null;
    List<KeyValue> keyValues = null;
    Long dataPageOffset = null;
    Long indexPageOffset = null;
    Long dictionaryPageOffset = null;
    Statistics statistics = null;
    List<PageEncodingStats> encodingStats = null;
    Long bloomOffset = null;
    Integer bloomLength = null;
    SizeStatistics sizeStatistics = null;
    GeospatialStatistics geoStatistics = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> type = Enums.required(r, PhysicalType::fromThriftValue, "physical type");
        // An encoding from a newer format is left out of this summary list; the page that uses it
        // fails when it is decoded, not the whole footer.
        case 2 -> encodings = r.enumList(Encoding::fromThriftValue);
        case 3 -> path = r.stringList();
        case 4 -> codec = Enums.required(r, CompressionCodec::fromThriftValue, "compression codec");
        case 5 -> numValues = r.i64();
        case 6 -> uncompressed = r.i64();
        case 7 -> compressed = r.i64();
        case 8 -> keyValues = r.structList(ColumnChunkCodec::readKeyValue);
        case 9 -> dataPageOffset = r.i64();
        case 10 -> indexPageOffset = r.i64();
        case 11 -> dictionaryPageOffset = r.i64();
        case 12 -> statistics = r.struct(StatisticsCodec::readStatistics);
        case 13 -> encodingStats = knownOnly(r.structList(ColumnChunkCodec::readPageEncodingStats));
        case 14 -> bloomOffset = r.i64();
        case 15 -> bloomLength = r.i32();
        case 16 -> sizeStatistics = r.struct(StatisticsCodec::readSizeStatistics);
        case 17 -> geoStatistics = r.struct(StatisticsCodec::readGeospatialStatistics);
        default -> r.skipField();
      }
    }
    r.endStruct();
    String s = "ColumnMetaData";
    return new ColumnMetaData(
        Required.field(type, s, "type"),
        Required.field(encodings, s, "encodings"),
        // Writers may leave the path out (it repeats the schema, and a wide file's footer is mostly
        // paths): chunks are matched to leaves by their place, so none is needed.
        path == null ? List.of() : path,
        Required.field(codec, s, "codec"),
        Required.field(numValues, s, "num_values"),
        Required.field(uncompressed, s, "total_uncompressed_size"),
        Required.field(compressed, s, "total_compressed_size"),
        keyValues,
        Required.field(dataPageOffset, s, "data_page_offset"),
        indexPageOffset,
        dictionaryPageOffset,
        statistics,
        encodingStats,
        bloomOffset,
        bloomLength,
        sizeStatistics,
        geoStatistics);
  }

  static void writeColumnMetaData(ThriftWriter w, ColumnMetaData m) {
    w.beginStruct();
    w.enumValue(1, m.type(), PhysicalType::thriftValue);
    w.enumList(2, m.encodings(), Encoding::thriftValue);
    if (!m.pathInSchema().isEmpty()) {
      // Left out as it was read (a footer rewritten on append keeps the writer's choice).
      w.stringList(3, m.pathInSchema());
    }
    w.enumValue(4, m.codec(), CompressionCodec::thriftValue);
    w.i64(5, m.numValues());
    w.i64(6, m.totalUncompressedSize());
    w.i64(7, m.totalCompressedSize());
    w.structList(8, m.keyValueMetadata(), ColumnChunkCodec::writeKeyValue);
    w.i64(9, m.dataPageOffset());
    w.i64(10, m.indexPageOffset());
    w.i64(11, m.dictionaryPageOffset());
    w.struct(12, m.statistics(), StatisticsCodec::writeStatistics);
    w.structList(13, m.encodingStats(), ColumnChunkCodec::writePageEncodingStats);
    w.i64(14, m.bloomFilterOffset());
    w.i32(15, m.bloomFilterLength());
    w.struct(16, m.sizeStatistics(), StatisticsCodec::writeSizeStatistics);
    w.struct(17, m.geospatialStatistics(), StatisticsCodec::writeGeospatialStatistics);
    w.endStruct();
  }

  /** Entries with a page type or encoding from a newer format are read as null and left out. */
  private static List<PageEncodingStats> knownOnly(List<PageEncodingStats> stats) {
    if (stats == null) {
      return null;
    }
    List<PageEncodingStats> known = new ArrayList<>(stats.size());
    for (PageEncodingStats s : stats) {
      if (s != null) {
        known.add(s);
      }
    }
    return known;
  }

  private static PageEncodingStats readPageEncodingStats(ThriftReader r) {
    PageType pageType = null;
    Encoding encoding = null;
    Integer count = null;
    boolean unknown = false;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> {
          Integer v = r.i32();
          pageType = v == null ? null : PageType.fromThriftValue(v);
          unknown |= v != null && pageType == null;
        }
        case 2 -> {
          Integer v = r.i32();
          encoding = v == null ? null : Encoding.fromThriftValue(v);
          unknown |= v != null && encoding == null;
        }
        case 3 -> count = r.i32();
        default -> r.skipField();
      }
    }
    r.endStruct();
    if (unknown) {
      return null;
    }
    String s = "PageEncodingStats";
    return new PageEncodingStats(
        Required.field(pageType, s, "page_type"),
        Required.field(encoding, s, "encoding"),
        Required.field(count, s, "count"));
  }

  private static void writePageEncodingStats(ThriftWriter w, PageEncodingStats s) {
    w.beginStruct();
    w.enumValue(1, s.pageType(), PageType::thriftValue);
    w.enumValue(2, s.encoding(), Encoding::thriftValue);
    w.i32(3, s.count());
    w.endStruct();
  }

  static KeyValue readKeyValue(ThriftReader r) {
    String key = null;
    String value = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> key = r.string();
        case 2 -> value = r.string();
        default -> r.skipField();
      }
    }
    r.endStruct();
    return new KeyValue(Required.field(key, "KeyValue", "key"), value);
  }

  static void writeKeyValue(ThriftWriter w, KeyValue kv) {
    w.beginStruct();
    w.string(1, kv.key());
    w.string(2, kv.value());
    w.endStruct();
  }

  private static ColumnCryptoMetaData readCryptoMetaData(ThriftReader r) {
    ColumnCryptoMetaData result = null;
    r.beginStruct();
    while (r.nextField()) {
      if (result != null) {
        r.skipField();
        continue;
      }
      switch (r.fieldId()) {
        case 1 -> {
          r.skipField();
          result = new ColumnCryptoMetaData.WithFooterKey();
        }
        case 2 -> result = r.struct(ColumnChunkCodec::readWithColumnKey);
        default -> r.skipField();
      }
    }
    r.endStruct();
    return result;
  }

  private static ColumnCryptoMetaData readWithColumnKey(ThriftReader r) {
    List<String> path = null;
    Bytes keyMetadata = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> path = r.stringList();
        case 2 -> keyMetadata = r.binary();
        default -> r.skipField();
      }
    }
    r.endStruct();
    return new ColumnCryptoMetaData.WithColumnKey(
        Required.field(path, "EncryptionWithColumnKey", "path_in_schema"), keyMetadata);
  }

  private static void writeCryptoMetaData(ThriftWriter w, ColumnCryptoMetaData c) {
    w.beginStruct();
    if (c instanceof ColumnCryptoMetaData.WithColumnKey k) {
      w.struct(
          2,
          k,
          (ww, v) -> {
            ww.beginStruct();
            ww.stringList(1, v.pathInSchema());
            ww.binary(2, v.keyMetadata());
            ww.endStruct();
          });
    } else {
      w.emptyStruct(1);
    }
    w.endStruct();
  }
}
