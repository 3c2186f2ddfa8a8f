package dev.parrow.codec.encoding;

/**
 * Encodes fixed-width values (given as their little-endian bytes, back to back) as
 * BYTE_STREAM_SPLIT.
 */
public final class ByteStreamSplitEncoder {
  private ByteStreamSplitEncoder() {}

  public static byte[] encode(byte[] values, int width) {
    int count = values.length / width;
    byte[] out = new byte[count * width];
    for (int i = 0; i < count; i++) {
      for (int k = 0; k < width; k++) {
        out[k * count + i] = values[i * width + k];
      }
    }
    return out;
  }
}
