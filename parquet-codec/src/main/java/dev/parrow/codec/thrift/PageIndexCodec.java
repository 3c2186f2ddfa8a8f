package dev.parrow.codec.thrift;

import dev.parrow.codec.metadata.BoundaryOrder;
import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ColumnIndex;
import dev.parrow.codec.metadata.OffsetIndex;
import dev.parrow.codec.metadata.PageLocation;
import java.util.List;

/** ColumnIndex, OffsetIndex and PageLocation (the page index). */
final class PageIndexCodec {
  private PageIndexCodec() {}

  static ColumnIndex readColumnIndex(ThriftReader r) {
    List<Boolean> nullPages = null;
    List<Bytes> minValues = null;
    List<Bytes> maxValues = null;
    BoundaryOrder order = null;
    List<Long> nullCounts = null;
    List<Long> repHistograms = null;
    List<Long> defHistograms = null;
    List<Long> nanCounts = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> nullPages = r.boolList();
        case 2 -> minValues = r.binaryList();
        case 3 -> maxValues = r.binaryList();
        case 4 -> order = Enums.required(r, BoundaryOrder::fromThriftValue, "boundary order");
        case 5 -> nullCounts = r.i64List();
        case 6 -> repHistograms = r.i64List();
        case 7 -> defHistograms = r.i64List();
        case 8 -> nanCounts = r.i64List();
        default -> r.skipField();
      }
    }
    r.endStruct();
    String s = "ColumnIndex";
    return new ColumnIndex(
        Required.field(nullPages, s, "null_pages"),
        Required.field(minValues, s, "min_values"),
        Required.field(maxValues, s, "max_values"),
        Required.field(order, s, "boundary_order"),
        nullCounts,
        repHistograms,
        defHistograms,
        nanCounts);
  }

  static void writeColumnIndex(ThriftWriter w, ColumnIndex c) {
    w.beginStruct();
    w.boolList(1, c.nullPages());
    w.binaryList(2, c.minValues());
    w.binaryList(3, c.maxValues());
    w.enumValue(4, c.boundaryOrder(), BoundaryOrder::thriftValue);
    w.i64List(5, c.nullCounts());
    w.i64List(6, c.repetitionLevelHistograms());
    w.i64List(7, c.definitionLevelHistograms());
    w.i64List(8, c.nanCounts());
    w.endStruct();
  }

  static OffsetIndex readOffsetIndex(ThriftReader r) {
    List<PageLocation> locations = null;
    List<Long> unencoded = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> locations = r.structList(PageIndexCodec::readPageLocation);
        case 2 -> unencoded = r.i64List();
        default -> r.skipField();
      }
    }
    r.endStruct();
    return new OffsetIndex(Required.field(locations, "OffsetIndex", "page_locations"), unencoded);
  }

  static void writeOffsetIndex(ThriftWriter w, OffsetIndex o) {
    w.beginStruct();
    w.structList(1, o.pageLocations(), PageIndexCodec::writePageLocation);
    w.i64List(2, o.unencodedByteArrayDataBytes());
    w.endStruct();
  }

  private static PageLocation readPageLocation(ThriftReader r) {
    Long offset = null;
    Integer size = null;
    Long firstRow = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> offset = r.i64();
        case 2 -> size = r.i32();
        case 3 -> firstRow = r.i64();
        default -> r.skipField();
      }
    }
    r.endStruct();
    String s = "PageLocation";
    return new PageLocation(
        Required.field(offset, s, "offset"),
        Required.field(size, s, "compressed_page_size"),
        Required.field(firstRow, s, "first_row_index"));
  }

  private static void writePageLocation(ThriftWriter w, PageLocation p) {
    w.beginStruct();
    w.i64(1, p.offset());
    w.i32(2, p.compressedPageSize());
    w.i64(3, p.firstRowIndex());
    w.endStruct();
  }
}
