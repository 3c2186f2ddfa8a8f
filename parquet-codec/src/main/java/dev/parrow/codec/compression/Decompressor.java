package dev.parrow.codec.compression;

/**
 * Decompresses one page (or the values section of a v2 page) into a buffer of exactly the size the
 * page header gives. Output of another size is a {@link dev.parrow.codec.ParquetFormatException}.
 */
public interface Decompressor {

  /**
   * @param in compressed bytes {@code in[inOffset, inOffset + inLength)}
   * @param out destination of exactly {@code outLength} bytes at {@code outOffset}
   */
  void decompress(byte[] in, int inOffset, int inLength, byte[] out, int outOffset, int outLength);
}
