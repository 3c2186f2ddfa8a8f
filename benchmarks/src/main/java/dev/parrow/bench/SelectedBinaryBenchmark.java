package dev.parrow.bench;

import dev.parrow.codec.encoding.PlainDecoder;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.values.BinaryValues;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
 * The selected values of a PLAIN BYTE_ARRAY page of 1,048,576 values of 5 to 45 bytes (lineitem's
 * l_comment), as a filtered read takes them: {@code selected} copies one in {@code every} and walks
 * past the lengths of the others (PlainDecoder.readSelected); {@code all} copies every value, the
 * reference. Microseconds per page.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SelectedBinaryBenchmark {
  static final int N = 1 << 20;

  @Param({"90", "12"})
  int every;

  private byte[] page;
  private int[] selected;
  private int count;

  @Setup
  public void setUp() {
    Random random = new Random(1);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteBuffer length = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < N; i++) {
      byte[] value = new byte[5 + random.nextInt(41)];
      random.nextBytes(value);
      out.writeBytes(length.putInt(0, value.length).array());
      out.writeBytes(value);
    }
    page = out.toByteArray();
    selected = Selections.spread(random, N, every);
    count = selected.length;
  }

  @Benchmark
  public BinaryValues selected() {
    BinaryValues out = new BinaryValues();
    new PlainDecoder(PhysicalType.BYTE_ARRAY, 0, page, 0, page.length)
        .readSelected(out, N, selected, count, null);
    return out;
  }

  @Benchmark
  public BinaryValues all() {
    BinaryValues out = new BinaryValues();
    new PlainDecoder(PhysicalType.BYTE_ARRAY, 0, page, 0, page.length).read(out, N);
    return out;
  }
}
