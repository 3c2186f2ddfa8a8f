package dev.parrow.codec.thrift;

import dev.parrow.codec.metadata.BoundingBox;
import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.GeospatialStatistics;
import dev.parrow.codec.metadata.SizeStatistics;
import dev.parrow.codec.metadata.Statistics;
import java.util.List;

/** Statistics, SizeStatistics, GeospatialStatistics and BoundingBox. */
final class StatisticsCodec {
  private StatisticsCodec() {}

  static Statistics readStatistics(ThriftReader r) {
    Bytes max = null;
    Bytes min = null;
    Long nullCount = null;
    Long distinctCount = null;
    Bytes maxValue = null;
    Bytes minValue = null;
    Boolean maxExact = null;
    Boolean minExact = null;
    Long nanCount = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> max = r.binary();
        case 2 -> min = r.binary();
        case 3 -> nullCount = r.i64();
        case 4 -> distinctCount = r.i64();
        case 5 -> maxValue = r.binary();
        case 6 -> minValue = r.binary();
        case 7 -> maxExact = r.bool();
        case 8 -> minExact = r.bool();
        case 9 -> nanCount = r.i64();
        default -> r.skipField();
      }
    }
    r.endStruct();
    return new Statistics(
        max, min, nullCount, distinctCount, maxValue, minValue, maxExact, minExact, nanCount);
  }

  static void writeStatistics(ThriftWriter w, Statistics s) {
    w.beginStruct();
    w.binary(1, s.max());
    w.binary(2, s.min());
    w.i64(3, s.nullCount());
    w.i64(4, s.distinctCount());
    w.binary(5, s.maxValue());
    w.binary(6, s.minValue());
    w.bool(7, s.isMaxValueExact());
    w.bool(8, s.isMinValueExact());
    w.i64(9, s.nanCount());
    w.endStruct();
  }

  static SizeStatistics readSizeStatistics(ThriftReader r) {
    Long unencoded = null;
    List<Long> repHistogram = null;
    List<Long> defHistogram = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> unencoded = r.i64();
        case 2 -> repHistogram = r.i64List();
        case 3 -> defHistogram = r.i64List();
        default -> r.skipField();
      }
    }
    r.endStruct();
    return new SizeStatistics(unencoded, repHistogram, defHistogram);
  }

  static void writeSizeStatistics(ThriftWriter w, SizeStatistics s) {
    w.beginStruct();
    w.i64(1, s.unencodedByteArrayDataBytes());
    w.i64List(2, s.repetitionLevelHistogram());
    w.i64List(3, s.definitionLevelHistogram());
    w.endStruct();
  }

  static GeospatialStatistics readGeospatialStatistics(ThriftReader r) {
    BoundingBox bbox = null;
    List<Integer> types = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> bbox = r.struct(StatisticsCodec::readBoundingBox);
        case 2 -> types = r.i32List();
        default -> r.skipField();
      }
    }
    r.endStruct();
    return new GeospatialStatistics(bbox, types);
  }

  static void writeGeospatialStatistics(ThriftWriter w, GeospatialStatistics s) {
    w.beginStruct();
    w.struct(1, s.bbox(), StatisticsCodec::writeBoundingBox);
    w.i32List(2, s.geospatialTypes());
    w.endStruct();
  }

  private static BoundingBox readBoundingBox(ThriftReader r) {
    Double[] bounds = new Double[8];
    r.beginStruct();
    while (r.nextField()) {
      int id = r.fieldId();
      if (id >= 1 && id <= 8) {
        bounds[id - 1] = r.dbl();
      } else {
        r.skipField();
      }
    }
    r.endStruct();
    String[] names = {"xmin", "xmax", "ymin", "ymax"};
    for (int i = 0; i < names.length; i++) {
      Required.field(bounds[i], "BoundingBox", names[i]);
    }
    return new BoundingBox(
        bounds[0], bounds[1], bounds[2], bounds[3], bounds[4], bounds[5], bounds[6], bounds[7]);
  }

  private static void writeBoundingBox(ThriftWriter w, BoundingBox b) {
    w.beginStruct();
    w.dbl(1, b.xmin());
    w.dbl(2, b.xmax());
    w.dbl(3, b.ymin());
    w.dbl(4, b.ymax());
    w.dbl(5, b.zmin());
    w.dbl(6, b.zmax());
    w.dbl(7, b.mmin());
    w.dbl(8, b.mmax());
    w.endStruct();
  }
}
