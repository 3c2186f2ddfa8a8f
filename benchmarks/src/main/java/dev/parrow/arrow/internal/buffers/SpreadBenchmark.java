package dev.parrow.arrow.internal.buffers;

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
 * Spreading the dense values of a batch of 65,536 rows with nulls to their slots: the in-place,
 * branch-free spread of 8- and 4-byte values in primitive arrays ({@code Spread.longsInPlace},
 * {@code intsInPlace}) against the byte-array spread a validity byte at a time ({@code
 * Spread.bytes}) that the fixed-width fillers used before. In the package of {@code Spread}, which
 * is internal to arrow-bridge. Scores are microseconds per batch.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SpreadBenchmark {
  static final int ROWS = 65_536;

  /** The share of null slots, in percent. */
  @Param({"10", "50"})
  int nullPercent;

  private byte[] validity;
  private int present;
  private long[] denseLongs;
  private int[] denseInts;
  private long[] longs;
  private int[] ints;
  private byte[] denseBytes8;
  private byte[] denseBytes4;
  private byte[] spread;

  @Setup
  public void setUp() {
    Random random = new Random(3);
    validity = new byte[ROWS / 8];
    for (int i = 0; i < ROWS; i++) {
      if (random.nextInt(100) >= nullPercent) {
        validity[i >>> 3] |= (byte) (1 << (i & 7));
        present++;
      }
    }
    denseLongs = random.longs(ROWS).toArray();
    denseInts = random.ints(ROWS).toArray();
    longs = new long[ROWS];
    ints = new int[ROWS];
    denseBytes8 = new byte[ROWS * 8];
    denseBytes4 = new byte[ROWS * 4];
    random.nextBytes(denseBytes8);
    random.nextBytes(denseBytes4);
    spread = new byte[ROWS * 8];
  }

  @Benchmark
  public long[] longsInPlace() {
    System.arraycopy(denseLongs, 0, longs, 0, present);
    Spread.longsInPlace(longs, validity, ROWS, present);
    return longs;
  }

  @Benchmark
  public byte[] longsByValidityByte() {
    Spread.bytes(denseBytes8, 8, validity, ROWS, spread);
    return spread;
  }

  @Benchmark
  public int[] intsInPlace() {
    System.arraycopy(denseInts, 0, ints, 0, present);
    Spread.intsInPlace(ints, validity, ROWS, present);
    return ints;
  }

  @Benchmark
  public byte[] intsByValidityByte() {
    Spread.bytes(denseBytes4, 4, validity, ROWS, spread);
    return spread;
  }
}
