package dev.parrow.codec.thrift;

import dev.parrow.codec.metadata.DataPageHeader;
import dev.parrow.codec.metadata.DataPageHeaderV2;
import dev.parrow.codec.metadata.DictionaryPageHeader;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.IndexPageHeader;
import dev.parrow.codec.metadata.PageHeader;
import dev.parrow.codec.metadata.PageType;
import dev.parrow.codec.metadata.Statistics;

/** PageHeader and the headers of each page type. */
final class PageHeaderCodec {
  private PageHeaderCodec() {}

  static PageHeader readPageHeader(ThriftReader r) {
    PageType type = null;
    Integer uncompressed = null;
    Integer compressed = null;
    Integer crc = null;
    DataPageHeader data = null;
    IndexPageHeader index = null;
    DictionaryPageHeader dictionary = null;
    DataPageHeaderV2 dataV2 = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> type = Enums.required(r, PageType::fromThriftValue, "page type");
        case 2 -> uncompressed = r.i32();
        case 3 -> compressed = r.i32();
        case 4 -> crc = r.i32();
        case 5 -> data = r.struct(PageHeaderCodec::readDataPageHeader);
        case 6 -> index = r.struct(PageHeaderCodec::readIndexPageHeader);
        case 7 -> dictionary = r.struct(PageHeaderCodec::readDictionaryPageHeader);
        case 8 -> dataV2 = r.struct(PageHeaderCodec::readDataPageHeaderV2);
        default -> r.skipField();
      }
    }
    r.endStruct();
    String s = "PageHeader";
    return new PageHeader(
        Required.field(type, s, "type"),
        Required.field(uncompressed, s, "uncompressed_page_size"),
        Required.field(compressed, s, "compressed_page_size"),
        crc,
        data,
        index,
        dictionary,
        dataV2);
  }

  static void writePageHeader(ThriftWriter w, PageHeader h) {
    w.beginStruct();
    w.enumValue(1, h.type(), PageType::thriftValue);
    w.i32(2, h.uncompressedPageSize());
    w.i32(3, h.compressedPageSize());
    w.i32(4, h.crc());
    w.struct(5, h.dataPageHeader(), PageHeaderCodec::writeDataPageHeader);
    if (h.indexPageHeader() != null) {
      w.emptyStruct(6);
    }
    w.struct(7, h.dictionaryPageHeader(), PageHeaderCodec::writeDictionaryPageHeader);
    w.struct(8, h.dataPageHeaderV2(), PageHeaderCodec::writeDataPageHeaderV2);
    w.endStruct();
  }

  private static DataPageHeader readDataPageHeader(ThriftReader r) {
    Integer numValues = null;
    Encoding encoding = null;
    Encoding defEncoding = null;
    Encoding repEncoding = null;
    Statistics statistics = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> numValues = r.i32();
        case 2 -> encoding = Enums.required(r, Encoding::fromThriftValue, "encoding");
        case 3 ->
            defEncoding = Enums.required(r, Encoding::fromThriftValue, "definition level encoding");
        case 4 ->
            repEncoding = Enums.required(r, Encoding::fromThriftValue, "repetition level encoding");
        case 5 -> statistics = r.struct(StatisticsCodec::readStatistics);
        default -> r.skipField();
      }
    }
    r.endStruct();
    String s = "DataPageHeader";
    return new DataPageHeader(
        Required.field(numValues, s, "num_values"),
        Required.field(encoding, s, "encoding"),
        Required.field(defEncoding, s, "definition_level_encoding"),
        Required.field(repEncoding, s, "repetition_level_encoding"),
        statistics);
  }

  private static void writeDataPageHeader(ThriftWriter w, DataPageHeader h) {
    w.beginStruct();
    w.i32(1, h.numValues());
    w.enumValue(2, h.encoding(), Encoding::thriftValue);
    w.enumValue(3, h.definitionLevelEncoding(), Encoding::thriftValue);
    w.enumValue(4, h.repetitionLevelEncoding(), Encoding::thriftValue);
    w.struct(5, h.statistics(), StatisticsCodec::writeStatistics);
    w.endStruct();
  }

  private static IndexPageHeader readIndexPageHeader(ThriftReader r) {
    r.beginStruct();
    while (r.nextField()) {
      r.skipField();
    }
    r.endStruct();
    return new IndexPageHeader();
  }

  private static DictionaryPageHeader readDictionaryPageHeader(ThriftReader r) {
    Integer numValues = null;
    Encoding encoding = null;
    Boolean sorted = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> numValues = r.i32();
        case 2 -> encoding = Enums.required(r, Encoding::fromThriftValue, "encoding");
        case 3 -> sorted = r.bool();
        default -> r.skipField();
      }
    }
    r.endStruct();
    String s = "DictionaryPageHeader";
    return new DictionaryPageHeader(
        Required.field(numValues, s, "num_values"),
        Required.field(encoding, s, "encoding"),
        sorted);
  }

  private static void writeDictionaryPageHeader(ThriftWriter w, DictionaryPageHeader h) {
    w.beginStruct();
    w.i32(1, h.numValues());
    w.enumValue(2, h.encoding(), Encoding::thriftValue);
    w.bool(3, h.isSorted());
    w.endStruct();
  }

  private static DataPageHeaderV2 readDataPageHeaderV2(ThriftReader r) {
    Integer numValues = null;
    Integer numNulls = null;
    Integer numRows = null;
    Encoding encoding = null;
    Integer defLength = null;
    Integer repLength = null;
    Boolean compressed = null;
    Statistics statistics = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> numValues = r.i32();
        case 2 -> numNulls = r.i32();
        case 3 -> numRows = r.i32();
        case 4 -> encoding = Enums.required(r, Encoding::fromThriftValue, "encoding");
        case 5 -> defLength = r.i32();
        case 6 -> repLength = r.i32();
        case 7 -> compressed = r.bool();
        case 8 -> statistics = r.struct(StatisticsCodec::readStatistics);
        default -> r.skipField();
      }
    }
    r.endStruct();
    String s = "DataPageHeaderV2";
    return new DataPageHeaderV2(
        Required.field(numValues, s, "num_values"),
        Required.field(numNulls, s, "num_nulls"),
        Required.field(numRows, s, "num_rows"),
        Required.field(encoding, s, "encoding"),
        Required.field(defLength, s, "definition_levels_byte_length"),
        Required.field(repLength, s, "repetition_levels_byte_length"),
        compressed,
        statistics);
  }

  private static void writeDataPageHeaderV2(ThriftWriter w, DataPageHeaderV2 h) {
    w.beginStruct();
    w.i32(1, h.numValues());
    w.i32(2, h.numNulls());
    w.i32(3, h.numRows());
    w.enumValue(4, h.encoding(), Encoding::thriftValue);
    w.i32(5, h.definitionLevelsByteLength());
    w.i32(6, h.repetitionLevelsByteLength());
    w.bool(7, h.isCompressed());
    w.struct(8, h.statistics(), StatisticsCodec::writeStatistics);
    w.endStruct();
  }
}
