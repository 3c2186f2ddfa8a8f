package dev.parrow.codec.encoding;

import java.io.ByteArrayOutputStream;

/**
 * Encodes byte arrays as DELTA_LENGTH_BYTE_ARRAY: the lengths DELTA_BINARY_PACKED, then all the
 * bytes.
 */
public final class DeltaLengthByteArrayEncoder {
  private DeltaLengthByteArrayEncoder() {}

  public static byte[] encode(byte[][] values) {
    long[] lengths = new long[values.length];
    for (int i = 0; i < values.length; i++) {
      lengths[i] = values[i].length;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(DeltaBinaryPackedEncoder.encode(lengths, 0, lengths.length, false));
    for (byte[] v : values) {
      out.writeBytes(v);
    }
    return out.toByteArray();
  }
}
