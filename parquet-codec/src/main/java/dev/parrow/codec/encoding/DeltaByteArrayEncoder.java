package dev.parrow.codec.encoding;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * Encodes byte arrays as DELTA_BYTE_ARRAY: for each value the length of the prefix it shares with
 * the previous one (DELTA_BINARY_PACKED), then the suffixes as DELTA_LENGTH_BYTE_ARRAY.
 */
public final class DeltaByteArrayEncoder {
  private DeltaByteArrayEncoder() {}

  public static byte[] encode(byte[][] values) {
    long[] prefixes = new long[values.length];
    byte[][] suffixes = new byte[values.length][];
    byte[] previous = new byte[0];
    for (int i = 0; i < values.length; i++) {
      byte[] v = values[i];
      int common = Arrays.mismatch(previous, v);
      if (common < 0) {
        common = v.length; // equal
      }
      common = Math.min(common, Math.min(previous.length, v.length));
      prefixes[i] = common;
      suffixes[i] = Arrays.copyOfRange(v, common, v.length);
      previous = v;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(DeltaBinaryPackedEncoder.encode(prefixes, 0, prefixes.length, false));
    out.writeBytes(DeltaLengthByteArrayEncoder.encode(suffixes));
    return out.toByteArray();
  }
}
