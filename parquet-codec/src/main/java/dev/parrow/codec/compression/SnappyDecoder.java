package dev.parrow.codec.compression;

import dev.parrow.codec.ParquetFormatException;

/**
 * Snappy's block format decoded in Java (format_description.txt of google/snappy): the uncompressed
 * length as a varint, then literals and back-references. Used where snappy-java's native library is
 * missing, so that SNAPPY files read on every platform. Every length and offset is checked against
 * the input and the output before it is used.
 */
final class SnappyDecoder {
  private SnappyDecoder() {}

  /** Decodes {@code in[inOff, inOff + inLen)} into exactly {@code out[outOff, outOff + outLen)}. */
  static void decompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
    int pos = inOff;
    int end = inOff + inLen;
    long declared = 0;
    int shift = 0;
    while (true) {
      if (pos >= end || shift > 28) {
        throw corrupt("the uncompressed length is not a valid varint");
      }
      int b = in[pos++] & 0xff;
      declared |= (long) (b & 0x7f) << shift;
      if (b < 0x80) {
        break;
      }
      shift += 7;
    }
    if (declared != outLen) {
      throw Decompressors.sizeMismatch("SNAPPY", declared, outLen);
    }
    int written = 0;
    while (pos < end) {
      int tag = in[pos++] & 0xff;
      int length;
      switch (tag & 3) {
        case 0 -> {
          length = tag >>> 2;
          if (length >= 60) {
            int bytes = length - 59;
            if (end - pos < bytes) {
              throw corrupt("a literal's length runs past the input");
            }
            length = 0;
            for (int i = 0; i < bytes; i++) {
              length |= (in[pos + i] & 0xff) << (8 * i);
            }
            pos += bytes;
            if (length < 0 || length == Integer.MAX_VALUE) {
              throw corrupt("a literal of more than 2 GiB");
            }
          }
          length += 1;
          if (length > end - pos || length > outLen - written) {
            throw corrupt("a literal of " + length + " bytes runs past the input or the output");
          }
          System.arraycopy(in, pos, out, outOff + written, length);
          pos += length;
          written += length;
        }
        case 1 -> {
          if (pos >= end) {
            throw corrupt("a copy's offset runs past the input");
          }
          length = 4 + ((tag >>> 2) & 7);
          int offset = ((tag >>> 5) << 8) | (in[pos++] & 0xff);
          written = copy(out, outOff, outLen, written, offset, length);
        }
        case 2 -> {
          if (end - pos < 2) {
            throw corrupt("a copy's offset runs past the input");
          }
          length = 1 + (tag >>> 2);
          int offset = (in[pos] & 0xff) | (in[pos + 1] & 0xff) << 8;
          pos += 2;
          written = copy(out, outOff, outLen, written, offset, length);
        }
        default -> {
          if (end - pos < 4) {
            throw corrupt("a copy's offset runs past the input");
          }
          length = 1 + (tag >>> 2);
          int offset =
              (in[pos] & 0xff)
                  | (in[pos + 1] & 0xff) << 8
                  | (in[pos + 2] & 0xff) << 16
                  | (in[pos + 3] & 0xff) << 24;
          pos += 4;
          written = copy(out, outOff, outLen, written, offset, length);
        }
      }
    }
    if (written != outLen) {
      throw Decompressors.sizeMismatch("SNAPPY", written, outLen);
    }
  }

  /** Copies {@code length} bytes from {@code offset} back; overlapping copies repeat a pattern. */
  private static int copy(byte[] out, int outOff, int outLen, int written, int offset, int length) {
    if (offset <= 0 || offset > written) {
      throw corrupt("a copy from " + offset + " bytes back, with " + written + " bytes written");
    }
    if (length > outLen - written) {
      throw corrupt("a copy of " + length + " bytes runs past the output");
    }
    int to = outOff + written;
    int from = to - offset;
    if (offset >= length) {
      System.arraycopy(out, from, out, to, length);
    } else {
      for (int i = 0; i < length; i++) {
        out[to + i] = out[from + i];
      }
    }
    return written + length;
  }

  private static ParquetFormatException corrupt(String problem) {
    return new ParquetFormatException("corrupt SNAPPY data: " + problem);
  }
}
