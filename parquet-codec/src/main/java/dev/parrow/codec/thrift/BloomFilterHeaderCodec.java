package dev.parrow.codec.thrift;

import dev.parrow.codec.metadata.BloomFilterHeader;

/** BloomFilterHeader and its three single-member unions. */
final class BloomFilterHeaderCodec {
  private BloomFilterHeaderCodec() {}

  static BloomFilterHeader readBloomFilterHeader(ThriftReader r) {
    Integer numBytes = null;
    Integer algorithm = null;
    Integer hash = null;
    Integer compression = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> numBytes = r.i32();
        case 2 -> algorithm = r.emptyUnion();
        case 3 -> hash = r.emptyUnion();
        case 4 -> compression = r.emptyUnion();
        default -> r.skipField();
      }
    }
    r.endStruct();
    String s = "BloomFilterHeader";
    return new BloomFilterHeader(
        Required.field(numBytes, s, "numBytes"),
        Required.field(algorithm, s, "algorithm"),
        Required.field(hash, s, "hash"),
        Required.field(compression, s, "compression"));
  }

  static void writeBloomFilterHeader(ThriftWriter w, BloomFilterHeader h) {
    w.beginStruct();
    w.i32(1, h.numBytes());
    w.emptyUnion(2, h.algorithm());
    w.emptyUnion(3, h.hash());
    w.emptyUnion(4, h.compression());
    w.endStruct();
  }
}
