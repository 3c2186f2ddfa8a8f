package dev.parrow.bench;

import dev.parrow.codec.encoding.DictionaryDecoder;
import dev.parrow.codec.encoding.RleBitPackedEncoder;
import dev.parrow.codec.values.Int32Values;
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
 * The selected values of a dictionary-encoded page of 1,048,576 bit-packed ids, as a filtered read
 * takes them: {@code selected} decodes one in {@code every} (DictionaryDecoder.readSelected, which
 * passes over the others when the selection is sparse); {@code all} decodes every id, the
 * reference. Microseconds per page.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SelectedIdsBenchmark {
  static final int N = 1 << 20;

  @Param({"90", "12", "4", "2"})
  int every;

  private byte[] page;
  private Int32Values dictionary;
  private int[] selected;
  private int count;

  @Setup
  public void setUp() {
    Random random = new Random(1);
    int width = 10;
    int[] ids = new int[N];
    for (int i = 0; i < N; i++) {
      ids[i] = random.nextInt(1 << width);
    }
    byte[] encoded = RleBitPackedEncoder.encode(ids, 0, N, width);
    page = new byte[encoded.length + 1];
    page[0] = (byte) width;
    System.arraycopy(encoded, 0, page, 1, encoded.length);
    dictionary = new Int32Values();
    for (int i = 0; i < 1 << width; i++) {
      dictionary.add(i);
    }
    selected = Selections.spread(random, N, every);
    count = selected.length;
  }

  @Benchmark
  public Int32Values selected() {
    Int32Values out = new Int32Values();
    new DictionaryDecoder(dictionary, page, 0, page.length)
        .readSelected(out, N, selected, count, null);
    return out;
  }

  @Benchmark
  public Int32Values all() {
    Int32Values out = new Int32Values();
    new DictionaryDecoder(dictionary, page, 0, page.length).read(out, N);
    return out;
  }
}
