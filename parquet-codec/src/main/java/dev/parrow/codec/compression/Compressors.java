package dev.parrow.codec.compression;

import dev.parrow.codec.metadata.CompressionCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import org.xerial.snappy.Snappy;

/**
 * Page compression for the writer: every codec the reader reads (not LZO, which neither reads nor
 * writes). BROTLI goes through brotli4j's native encoder (reading needs none: the decoder is pure
 * Java). LZ4 is written in the Hadoop framing that parquet-mr and Arrow C++ read (one block:
 * big-endian uncompressed and compressed lengths, then the raw LZ4 block).
 */
public final class Compressors {
  private static final LZ4Compressor LZ4 = LZ4Factory.fastestInstance().fastCompressor();

  private Compressors() {}

  /** Fails for a codec pages cannot be written with. */
  public static void requireWritable(CompressionCodec codec) {
    if (codec == CompressionCodec.LZO) {
      throw new UnsupportedOperationException(
          "LZO compression is not supported: Parrow neither reads nor writes it (its library is"
              + " GPL-licensed); choose SNAPPY, GZIP, ZSTD, BROTLI, LZ4_RAW, LZ4 or UNCOMPRESSED");
    }
    Throwable missing =
        switch (codec) {
          case SNAPPY -> NativeCodecs.snappyFailure();
          case ZSTD -> NativeCodecs.zstdFailure();
          case BROTLI ->
              com.aayushatharva.brotli4j.Brotli4jLoader.isAvailable()
                  ? null
                  : com.aayushatharva.brotli4j.Brotli4jLoader.getUnavailabilityCause();
          default -> null;
        };
    if (missing != null) {
      String library =
          switch (codec) {
            case SNAPPY -> "snappy-java";
            case ZSTD -> "zstd-jni";
            default -> "brotli4j";
          };
      throw new UnsupportedOperationException(
          codec
              + " compression needs "
              + library
              + "'s native library, which did not load on this platform ("
              + NativeCodecs.platform()
              + "): "
              + NativeCodecs.reason(missing)
              + "; GZIP, LZ4_RAW and UNCOMPRESSED need no native code");
    }
  }

  /**
   * Compresses {@code src[offset, offset + length)} onto the end of {@code out}: for UNCOMPRESSED,
   * SNAPPY, ZSTD and LZ4_RAW straight into its array (a writer's pages then cost no array each);
   * other codecs through {@link #compress(CompressionCodec, Integer, byte[], int, int)}.
   *
   * @return the compressed length
   */
  public static int compressInto(
      CompressionCodec codec,
      Integer level,
      byte[] src,
      int offset,
      int length,
      dev.parrow.codec.encoding.ByteSink out) {
    int at = out.size();
    int n;
    switch (codec) {
      case UNCOMPRESSED -> {
        out.write(src, offset, length);
        return length;
      }
      case SNAPPY -> {
        out.reserve(Snappy.maxCompressedLength(length));
        try {
          n = Snappy.compress(src, offset, length, out.array(), at);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      case ZSTD -> {
        long bound = com.github.luben.zstd.Zstd.compressBound(length);
        if (bound > Integer.MAX_VALUE - 16 - at) {
          throw new IllegalStateException("a page of more than 2 GiB: write smaller pages");
        }
        out.reserve((int) bound);
        long written =
            com.github.luben.zstd.Zstd.compressByteArray(
                out.array(), at, (int) bound, src, offset, length, level == null ? 3 : level);
        if (com.github.luben.zstd.Zstd.isError(written)) {
          throw new IllegalStateException(
              "zstd: " + com.github.luben.zstd.Zstd.getErrorName(written));
        }
        n = (int) written;
      }
      case LZ4_RAW -> {
        int bound = LZ4.maxCompressedLength(length);
        out.reserve(bound);
        n = LZ4.compress(src, offset, length, out.array(), at, bound);
      }
      default -> {
        byte[] compressed = compress(codec, level, src, offset, length);
        out.write(compressed);
        return compressed.length;
      }
    }
    out.added(n);
    return n;
  }

  /**
   * The compressed bytes of {@code src[offset, offset + length)}.
   *
   * @param level the codec's level (ZSTD 1..22, GZIP 0..9, BROTLI 0..11); null for the codec's
   *     default
   */
  public static byte[] compress(
      CompressionCodec codec, Integer level, byte[] src, int offset, int length) {
    try {
      return switch (codec) {
        case UNCOMPRESSED, SNAPPY, ZSTD, LZ4_RAW -> {
          dev.parrow.codec.encoding.ByteSink out = new dev.parrow.codec.encoding.ByteSink(0);
          compressInto(codec, level, src, offset, length, out);
          yield out.toByteArray();
        }
        case GZIP ->
            gzip(src, offset, length, level == null ? Deflater.DEFAULT_COMPRESSION : level);
        case LZ4 -> {
          byte[] out = new byte[8 + LZ4.maxCompressedLength(length)];
          int n = LZ4.compress(src, offset, length, out, 8, out.length - 8);
          ByteBuffer.wrap(out).putInt(0, length).putInt(4, n);
          yield Arrays.copyOf(out, 8 + n);
        }
        case BROTLI -> {
          requireWritable(codec);
          // Level 8 by default, as Arrow C++ writes.
          yield com.aayushatharva.brotli4j.encoder.Encoder.compress(
              src,
              offset,
              length,
              new com.aayushatharva.brotli4j.encoder.Encoder.Parameters()
                  .setQuality(level == null ? 8 : level));
        }
        case LZO -> {
          requireWritable(codec);
          yield null;
        }
      };
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] gzip(byte[] src, int offset, int length, int level) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, length / 2));
    try (GZIPOutputStream gz =
        new GZIPOutputStream(out) {
          {
            def.setLevel(level);
          }
        }) {
      gz.write(src, offset, length);
    }
    return out.toByteArray();
  }
}
