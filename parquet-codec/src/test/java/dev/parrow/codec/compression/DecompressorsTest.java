package dev.parrow.codec.compression;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.CompressionCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;

/**
 * Each codec against data compressed by the codec library's own compressor (Brotli: see the
 * fixtures).
 */
class DecompressorsTest {
  private static final byte[] DATA = sample();

  private static byte[] sample() {
    Random random = new Random(9);
    byte[] data = new byte[100_000];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (random.nextInt(4) == 0 ? random.nextInt(256) : i % 17);
    }
    return data;
  }

  private static byte[] decompress(CompressionCodec codec, byte[] compressed, int size) {
    byte[] out = new byte[size];
    Decompressors.forCodec(codec).decompress(compressed, 0, compressed.length, out, 0, size);
    return out;
  }

  @Test
  void snappyZstdLz4RawAndGzipRoundTrip() throws IOException {
    assertArrayEquals(
        DATA, decompress(CompressionCodec.SNAPPY, Snappy.compress(DATA), DATA.length));
    assertArrayEquals(
        DATA,
        decompress(CompressionCodec.ZSTD, com.github.luben.zstd.Zstd.compress(DATA), DATA.length));
    assertArrayEquals(
        DATA,
        decompress(
            CompressionCodec.LZ4_RAW,
            LZ4Factory.fastestInstance().fastCompressor().compress(DATA),
            DATA.length));
    assertArrayEquals(DATA, decompress(CompressionCodec.GZIP, gzip(DATA), DATA.length));
    assertArrayEquals(DATA, decompress(CompressionCodec.UNCOMPRESSED, DATA, DATA.length));
  }

  @Test
  void gzipReadsConcatenatedMembers() throws IOException {
    byte[] half1 = Arrays.copyOf(DATA, 40_000);
    byte[] half2 = Arrays.copyOfRange(DATA, 40_000, DATA.length);
    ByteArrayOutputStream both = new ByteArrayOutputStream();
    both.writeBytes(gzip(half1));
    both.writeBytes(gzip(half2));
    assertArrayEquals(DATA, decompress(CompressionCodec.GZIP, both.toByteArray(), DATA.length));
  }

  @Test
  void lz4ReadsHadoopFramingAndFallsBackToRaw() {
    var compressor = LZ4Factory.fastestInstance().fastCompressor();
    ByteArrayOutputStream framed = new ByteArrayOutputStream();
    for (int start = 0; start < DATA.length; start += 30_000) {
      byte[] block = Arrays.copyOfRange(DATA, start, Math.min(DATA.length, start + 30_000));
      byte[] c = compressor.compress(block);
      framed.writeBytes(ByteBuffer.allocate(8).putInt(block.length).putInt(c.length).array());
      framed.writeBytes(c);
    }
    assertArrayEquals(DATA, decompress(CompressionCodec.LZ4, framed.toByteArray(), DATA.length));
    assertArrayEquals(
        DATA, decompress(CompressionCodec.LZ4, compressor.compress(DATA), DATA.length));
  }

  @Test
  void aSizeOtherThanTheHeadersIsAnError() throws IOException {
    byte[] snappy = Snappy.compress(DATA);
    ParquetFormatException e =
        assertThrows(
            ParquetFormatException.class,
            () -> decompress(CompressionCodec.SNAPPY, snappy, DATA.length - 1));
    assertTrue(e.getMessage().contains("page header says"), e.getMessage());
    assertThrows(
        ParquetFormatException.class,
        () -> decompress(CompressionCodec.GZIP, gzip(DATA), DATA.length + 1));
    assertThrows(
        ParquetFormatException.class,
        () -> decompress(CompressionCodec.GZIP, gzip(DATA), DATA.length - 1));
    assertThrows(
        ParquetFormatException.class,
        () ->
            decompress(
                CompressionCodec.ZSTD,
                com.github.luben.zstd.Zstd.compress(DATA),
                DATA.length - 10));
  }

  @Test
  void corruptDataIsAFormatErrorForEveryCodec() throws IOException {
    Random random = new Random(10);
    byte[][] compressed = {
      Snappy.compress(DATA),
      gzip(DATA),
      com.github.luben.zstd.Zstd.compress(DATA),
      LZ4Factory.fastestInstance().fastCompressor().compress(DATA)
    };
    CompressionCodec[] codecs = {
      CompressionCodec.SNAPPY,
      CompressionCodec.GZIP,
      CompressionCodec.ZSTD,
      CompressionCodec.LZ4_RAW
    };
    for (int c = 0; c < codecs.length; c++) {
      for (int trial = 0; trial < 50; trial++) {
        byte[] bad = compressed[c].clone();
        for (int k = 0; k < 8; k++) {
          bad[random.nextInt(bad.length)] ^= (byte) (1 + random.nextInt(255));
        }
        CompressionCodec codec = codecs[c];
        try {
          decompress(codec, bad, DATA.length);
        } catch (ParquetFormatException expected) {
          // the only acceptable failure (a corruption may also go unnoticed by a codec without
          // checksums)
        }
      }
    }
    byte[] garbage = new byte[64];
    random.nextBytes(garbage);
    assertThrows(
        ParquetFormatException.class, () -> decompress(CompressionCodec.BROTLI, garbage, 1000));
    assertThrows(
        ParquetFormatException.class, () -> decompress(CompressionCodec.LZO, garbage, 1000));
  }

  private static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(data);
    }
    return out.toByteArray();
  }
}
