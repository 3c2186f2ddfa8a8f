package dev.parrow.bench;

import dev.parrow.codec.encoding.PlainDecoder;
import dev.parrow.codec.metadata.PhysicalType;
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
 * The selected values of a PLAIN INT64 page of 1,048,576 values (as lineitem's l_orderkey where its
 * dictionary overflows), as a filtered read takes them: {@code selected} reads one value in {@code
 * every} at its place (PlainDecoder.readSelected); {@code all} decodes every value and gathers the
 * selected ones, as the read did before. Microseconds per page.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SelectedFixedBenchmark {
  static final int N = 1 << 20;

  @Param({"90", "12", "2"})
  int every;

  private byte[] page;
  private int[] selected;
  private int count;
  private final Int64Values out = new Int64Values();
  private final Int64Values scratch = new Int64Values();

  @Setup
  public void setUp() {
    Random random = new Random(1);
    page = new byte[N * 8];
    random.nextBytes(page);
    selected = Selections.spread(random, N, every);
    count = selected.length;
  }

  @Benchmark
  public Int64Values selected() {
    out.clear();
    new PlainDecoder(PhysicalType.INT64, 0, page, 0, page.length)
        .readSelected(out, N, selected, count, null);
    return out;
  }

  @Benchmark
  public Int64Values all() {
    out.clear();
    scratch.clear();
    new PlainDecoder(PhysicalType.INT64, 0, page, 0, page.length).read(scratch, N);
    out.gather(scratch, selected, 0, count);
    return out;
  }
}
