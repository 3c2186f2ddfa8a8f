package dev.parrow.bench;

import dev.parrow.codec.encoding.BitUnpackers;
import dev.parrow.codec.encoding.ByteStreamSplitDecoder;
import dev.parrow.codec.encoding.ByteStreamSplitEncoder;
import dev.parrow.codec.encoding.DeltaBinaryPackedDecoder;
import dev.parrow.codec.encoding.DeltaBinaryPackedEncoder;
import dev.parrow.codec.encoding.RleBitPackedDecoder;
import dev.parrow.codec.encoding.RleBitPackedEncoder;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The decoders' hot loops on 1,048,576 values each: width-specialised unpacking of 32-value groups
 * against a generic loop, DELTA_BINARY_PACKED decoding, definition levels straight into a validity
 * bitmap, and BYTE_STREAM_SPLIT of 8-byte values. Scores are microseconds per 1,048,576 values.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class DecodeBenchmark {
  static final int N = 1 << 20;

  @Param({"7", "20", "33"})
  int width;

  private byte[] packed;
  private long[] unpacked;
  private byte[] delta;
  private byte[] levels;
  private byte[] levelRuns;
  private byte[] allPresent;
  private final int[] levelScratch = new int[N];
  private byte[] bitmap;
  private byte[] split;
  private byte[] splitFloats;
  private long[] gatheredLongs;
  private int[] gatheredInts;

  /** Outputs the decoders fill, cleared for each call: what a column reader reuses. */
  private final Int64Values longsOut = new Int64Values();

  private final Int32Values intsOut = new Int32Values();

  @Setup
  public void setUp() {
    Random random = new Random(1);
    packed = new byte[N / 8 * width + 16];
    random.nextBytes(packed);
    unpacked = new long[N];
    long[] values = new long[N];
    for (int i = 0; i < N; i++) {
      values[i] = random.nextLong() >>> (64 - width);
    }
    delta = DeltaBinaryPackedEncoder.encode(values, 0, N, true);
    int[] defs = new int[N];
    for (int i = 0; i < N; i++) {
      defs[i] = random.nextInt(10) == 0 ? 0 : 1;
    }
    levels = RleBitPackedEncoder.encode(defs, 0, N, 1);
    levelRuns = rleRunsOnly(defs);
    int[] ones = new int[N];
    java.util.Arrays.fill(ones, 1);
    allPresent = RleBitPackedEncoder.encode(ones, 0, N, 1);
    bitmap = new byte[N / 8 + 1];
    byte[] doubles = new byte[N * 8];
    random.nextBytes(doubles);
    split = ByteStreamSplitEncoder.encode(doubles, 8);
    byte[] floats = new byte[N * 4];
    random.nextBytes(floats);
    splitFloats = ByteStreamSplitEncoder.encode(floats, 4);
    gatheredLongs = new long[N];
    gatheredInts = new int[N];
  }

  @Benchmark
  public long[] unpackSpecialised() {
    for (int g = 0; g < N; g += 32) {
      BitUnpackers.unpack32(packed, g / 8 * width, unpacked, g, width);
    }
    return unpacked;
  }

  @Benchmark
  public long[] unpackGeneric() {
    long mask = width == 64 ? -1L : (1L << width) - 1;
    for (int i = 0; i < N; i++) {
      long bit = (long) i * width;
      long v = 0;
      int index = (int) (bit >>> 3);
      int shift = (int) (bit & 7);
      for (int k = 0, have = -shift; have < width; k++, have += 8) {
        int b = packed[index + k] & 0xff;
        v |= have >= 0 ? (long) b << have : (long) b >>> -have;
      }
      unpacked[i] = v & mask;
    }
    return unpacked;
  }

  @Benchmark
  public Int64Values deltaBinaryPacked() {
    longsOut.clear();
    new DeltaBinaryPackedDecoder(delta, 0, delta.length, true).read(longsOut, N);
    return longsOut;
  }

  @Benchmark
  public byte[] levelsIntoValidityBits() {
    java.util.Arrays.fill(bitmap, (byte) 0);
    new RleBitPackedDecoder(levels, 0, levels.length, 1).readBits(bitmap, 0, N);
    return bitmap;
  }

  /**
   * The same levels as DuckDB writes them: RLE runs only, never bit-packed (a run of about nine
   * ones, then a zero).
   */
  @Benchmark
  public byte[] levelRunsIntoValidityBits() {
    java.util.Arrays.fill(bitmap, (byte) 0);
    new RleBitPackedDecoder(levelRuns, 0, levelRuns.length, 1).readBits(bitmap, 0, N);
    return bitmap;
  }

  /**
   * One-bit values as RLE runs only: a ULEB128 header (the run's length times 2), one value byte.
   */
  private static byte[] rleRunsOnly(int[] values) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (int i = 0; i < values.length; ) {
      int run = 1;
      while (i + run < values.length && values[i + run] == values[i]) {
        run++;
      }
      for (int header = run << 1; ; header >>>= 7) {
        if (header < 0x80) {
          out.write(header);
          break;
        }
        out.write((header & 0x7f) | 0x80);
      }
      out.write(values[i]);
      i += run;
    }
    return out.toByteArray();
  }

  /**
   * A page part without nulls, in batches of 4,096: its definition levels (one RLE run of ones)
   * decoded and counted, as a selected read did before.
   */
  @Benchmark
  public int levelsAllPresentDecoded() {
    RleBitPackedDecoder d = new RleBitPackedDecoder(allPresent, 0, allPresent.length, 1);
    int present = 0;
    for (int at = 0; at < N; at += 4096) {
      d.read(levelScratch, 0, 4096);
      for (int i = 0; i < 4096; i++) {
        present += levelScratch[i] == 1 ? 1 : 0;
      }
    }
    return present;
  }

  /** The same part passed over as one run of the maximum ({@code skipRepeated}). */
  @Benchmark
  public int levelsAllPresentSkipped() {
    RleBitPackedDecoder d = new RleBitPackedDecoder(allPresent, 0, allPresent.length, 1);
    int present = 0;
    for (int at = 0; at < N; at += 4096) {
      if (d.skipRepeated(1, 4096)) {
        present += 4096;
      }
    }
    return present;
  }

  @Benchmark
  public Int64Values byteStreamSplitDoubles() {
    longsOut.clear();
    new ByteStreamSplitDecoder(split, 0, split.length, 8).read(longsOut, N);
    return longsOut;
  }

  /** The gather of 8-byte values byte by byte (the decoder's loop before the transposes). */
  @Benchmark
  public long[] byteStreamSplitDoublesByteByByte() {
    for (int i = 0; i < N; i++) {
      long v = 0;
      for (int k = 0, p = i; k < 8; k++, p += N) {
        v |= (long) (split[p] & 0xff) << (8 * k);
      }
      gatheredLongs[i] = v;
    }
    return gatheredLongs;
  }

  @Benchmark
  public Int32Values byteStreamSplitFloats() {
    intsOut.clear();
    new ByteStreamSplitDecoder(splitFloats, 0, splitFloats.length, 4).read(intsOut, N);
    return intsOut;
  }

  /** The gather of 4-byte values byte by byte (the decoder's loop before the transposes). */
  @Benchmark
  public int[] byteStreamSplitFloatsByteByByte() {
    for (int i = 0; i < N; i++) {
      gatheredInts[i] =
          (splitFloats[i] & 0xff)
              | (splitFloats[i + N] & 0xff) << 8
              | (splitFloats[i + 2 * N] & 0xff) << 16
              | (splitFloats[i + 3 * N] & 0xff) << 24;
    }
    return gatheredInts;
  }
}
