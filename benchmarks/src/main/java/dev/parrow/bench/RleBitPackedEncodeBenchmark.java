package dev.parrow.bench;

import dev.parrow.codec.encoding.RleBitPackedEncoder;
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
 * RLE / bit-packing hybrid encoding of 1,048,576 random values of {@code width} bits (no runs: all
 * bit-packed), as levels (1, 2) and dictionary ids (10, 17) are written. Microseconds per call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RleBitPackedEncodeBenchmark {
  static final int N = 1 << 20;

  @Param({"1", "2", "10", "17"})
  int width;

  private int[] values;

  @Setup
  public void setUp() {
    Random random = new Random(1);
    values = new int[N];
    for (int i = 0; i < N; i++) {
      // Each value differs from the one before: no RLE runs.
      values[i] = (i > 0 ? values[i - 1] + 1 + random.nextInt(7) : 0) & ((1 << width) - 1);
    }
  }

  @Benchmark
  public byte[] encode() {
    return RleBitPackedEncoder.encode(values, 0, N, width);
  }
}
