package dev.parrow.codec.compression;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.CompressionCodec;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.brotli.dec.BrotliInputStream;
import org.xerial.snappy.Snappy;

/** The decompressor of each codec Parrow reads. */
public final class Decompressors {
  private Decompressors() {}

  private static final LZ4SafeDecompressor LZ4 = LZ4Factory.fastestInstance().safeDecompressor();

  public static Decompressor forCodec(CompressionCodec codec) {
    return switch (codec) {
      case UNCOMPRESSED -> Decompressors::copy;
      case SNAPPY -> Decompressors::snappy;
      case GZIP ->
          (in, inOff, inLen, out, outOff, outLen) ->
              stream(gzip(in, inOff, inLen), "GZIP", out, outOff, outLen);
      case ZSTD -> Decompressors::zstd;
      case LZ4_RAW -> Decompressors::lz4Raw;
      case LZ4 -> Decompressors::lz4Hadoop;
      case BROTLI ->
          (in, inOff, inLen, out, outOff, outLen) ->
              stream(brotli(in, inOff, inLen), "BROTLI", out, outOff, outLen);
      case LZO ->
          (in, inOff, inLen, out, outOff, outLen) -> {
            throw new ParquetFormatException(
                "LZO compression is not supported: Parrow neither reads nor writes it (its library"
                    + " is GPL-licensed); rewrite the file with another codec elsewhere");
          };
    };
  }

  private static void copy(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
    if (inLen != outLen) {
      throw sizeMismatch("UNCOMPRESSED", inLen, outLen);
    }
    System.arraycopy(in, inOff, out, outOff, inLen);
  }

  private static void snappy(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
    if (NativeCodecs.snappyFailure() != null) {
      SnappyDecoder.decompress(in, inOff, inLen, out, outOff, outLen);
      return;
    }
    try {
      // Check the declared length before writing: snappy-java trusts the output array to be big
      // enough.
      int length = Snappy.uncompressedLength(in, inOff, inLen);
      if (length != outLen) {
        throw sizeMismatch("SNAPPY", length, outLen);
      }
      Snappy.uncompress(in, inOff, inLen, out, outOff);
    } catch (IOException e) {
      throw corrupt("SNAPPY", e);
    }
  }

  private static void zstd(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
    Throwable missing = NativeCodecs.zstdFailure();
    if (missing != null) {
      throw new ParquetFormatException(
          "ZSTD pages need zstd-jni's native library, which did not load on this platform ("
              + NativeCodecs.platform()
              + "): "
              + NativeCodecs.reason(missing));
    }
    long n;
    try {
      n = com.github.luben.zstd.Zstd.decompressByteArray(out, outOff, outLen, in, inOff, inLen);
    } catch (RuntimeException e) {
      throw corrupt("ZSTD", e);
    }
    if (n != outLen) {
      throw sizeMismatch("ZSTD", n, outLen);
    }
  }

  private static void lz4Raw(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
    int n;
    try {
      n = LZ4.decompress(in, inOff, inLen, out, outOff, outLen);
    } catch (LZ4Exception e) {
      throw corrupt("LZ4_RAW", e);
    }
    if (n != outLen) {
      throw sizeMismatch("LZ4_RAW", n, outLen);
    }
  }

  /**
   * The deprecated LZ4 codec: Hadoop's framing (blocks of big-endian uncompressed and compressed
   * lengths, then raw LZ4). Some writers used raw LZ4 under this codec, so, like Arrow C++, fall
   * back to it when the framing does not fit.
   */
  private static void lz4Hadoop(
      byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
    if (tryHadoopFraming(in, inOff, inLen, out, outOff, outLen)) {
      return;
    }
    lz4Raw(in, inOff, inLen, out, outOff, outLen);
  }

  private static boolean tryHadoopFraming(
      byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
    int pos = inOff;
    int end = inOff + inLen;
    int written = 0;
    try {
      while (pos < end) {
        if (end - pos < 8) {
          return false;
        }
        int blockUncompressed = bigEndianInt(in, pos);
        int blockCompressed = bigEndianInt(in, pos + 4);
        pos += 8;
        if (blockUncompressed < 0
            || blockCompressed < 0
            || blockCompressed > end - pos
            || blockUncompressed > outLen - written) {
          return false;
        }
        int n = LZ4.decompress(in, pos, blockCompressed, out, outOff + written, blockUncompressed);
        if (n != blockUncompressed) {
          return false;
        }
        pos += blockCompressed;
        written += n;
      }
      return written == outLen;
    } catch (LZ4Exception e) {
      return false;
    }
  }

  private static int bigEndianInt(byte[] b, int at) {
    return ((b[at] & 0xff) << 24)
        | ((b[at + 1] & 0xff) << 16)
        | ((b[at + 2] & 0xff) << 8)
        | (b[at + 3] & 0xff);
  }

  /** GZIPInputStream reads concatenated members, as the format allows. */
  private static InputStream gzip(byte[] in, int inOff, int inLen) {
    try {
      return new GZIPInputStream(new ByteArrayInputStream(in, inOff, inLen), 8192);
    } catch (IOException e) {
      throw corrupt("GZIP", e);
    }
  }

  private static InputStream brotli(byte[] in, int inOff, int inLen) {
    try {
      return new BrotliInputStream(new ByteArrayInputStream(in, inOff, inLen));
    } catch (IOException e) {
      throw corrupt("BROTLI", e);
    }
  }

  /**
   * Reads exactly outLen bytes and checks the stream ends there (never more than the header says).
   */
  private static void stream(InputStream input, String codec, byte[] out, int outOff, int outLen) {
    try (InputStream s = input) {
      int total = 0;
      while (total < outLen) {
        int n = s.read(out, outOff + total, outLen - total);
        if (n < 0) {
          throw sizeMismatch(codec, total, outLen);
        }
        total += n;
      }
      if (s.read() >= 0) {
        throw new ParquetFormatException(
            codec + " data decompresses to more than the page's " + outLen + " bytes");
      }
    } catch (IOException e) {
      throw corrupt(codec, e);
    }
  }

  static ParquetFormatException sizeMismatch(String codec, long actual, int expected) {
    return new ParquetFormatException(
        codec + " data decompresses to " + actual + " bytes but the page header says " + expected);
  }

  private static ParquetFormatException corrupt(String codec, Exception e) {
    return new ParquetFormatException("corrupt " + codec + " data: " + e.getMessage(), e);
  }
}
