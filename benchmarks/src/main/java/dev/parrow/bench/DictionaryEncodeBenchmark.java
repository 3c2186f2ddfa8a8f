package dev.parrow.bench;

import dev.parrow.codec.encoding.DictionaryEncoder;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A million values through a column chunk's dictionary ({@link DictionaryEncoder}), pages of
 * 32,768, as the scaling run's lineitem ({@code ../shared/scaling/gen.py}) has them, the dictionary
 * the one thing measured: {@code flags} one-letter strings of three (l_returnflag), {@code
 * instructions} four phrases of 4 to 17 bytes (l_shipinstruct), {@code comments} 20,000 phrases of
 * 2 to 6 words (l_comment), {@code dates} 2,526 distinct INT32 days (l_shipdate), {@code suppliers}
 * 10,000 distinct INT64 keys (l_suppkey). Milliseconds per million.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class DictionaryEncodeBenchmark {
  static final int N = 1 << 20;
  static final int PAGE = 32_768;

  private BinaryValues[] flags;
  private BinaryValues[] instructions;
  private BinaryValues[] comments;
  private Int32Values[] dates;
  private Int64Values[] suppliers;
  private final int[] ids = new int[PAGE];

  @Setup
  public void setUp() {
    Random random = new Random(42);
    String[] words =
        ("furiously regular requests sleep carefully ironic packages nag quickly bold accounts"
                + " haggle slyly express deposits cajole blithely final theodolites wake pending"
                + " foxes")
            .split(" ");
    String[] vocabulary = new String[20_000];
    for (int i = 0; i < vocabulary.length; i++) {
      StringBuilder phrase = new StringBuilder();
      for (int w = 2 + random.nextInt(5); w > 0; w--) {
        phrase.append(words[random.nextInt(words.length)]).append(w > 1 ? " " : "");
      }
      vocabulary[i] = phrase.toString();
    }
    String[] flagValues = {"A", "N", "R"};
    String[] instructionValues = {"DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"};
    int pages = N / PAGE;
    flags = new BinaryValues[pages];
    instructions = new BinaryValues[pages];
    comments = new BinaryValues[pages];
    dates = new Int32Values[pages];
    suppliers = new Int64Values[pages];
    for (int p = 0; p < pages; p++) {
      flags[p] = strings(flagValues, random);
      instructions[p] = strings(instructionValues, random);
      comments[p] = strings(vocabulary, random);
      dates[p] = new Int32Values();
      suppliers[p] = new Int64Values();
      int d = dates[p].reserve(PAGE);
      int s = suppliers[p].reserve(PAGE);
      for (int i = 0; i < PAGE; i++) {
        dates[p].values()[d + i] = 8036 + random.nextInt(2526);
        suppliers[p].values()[s + i] = 1 + random.nextInt(10_000);
      }
      dates[p].added(PAGE);
      suppliers[p].added(PAGE);
    }
  }

  private static BinaryValues strings(String[] choices, Random random) {
    BinaryValues page = new BinaryValues();
    for (int i = 0; i < PAGE; i++) {
      byte[] b = choices[random.nextInt(choices.length)].getBytes(StandardCharsets.US_ASCII);
      page.append(b, 0, b.length);
    }
    return page;
  }

  private int encode(PhysicalType type, DenseValues[] pages) {
    DictionaryEncoder dictionary =
        new DictionaryEncoder(
            new ColumnDescriptor(
                0,
                List.of("c"),
                new SchemaElement(
                    type, null, Repetition.REQUIRED, "c", null, null, null, null, null, null, null),
                0,
                0));
    for (DenseValues page : pages) {
      dictionary.encode(page, PAGE, ids, Long.MAX_VALUE);
    }
    return dictionary.size();
  }

  @Benchmark
  public int flags() {
    return encode(PhysicalType.BYTE_ARRAY, flags);
  }

  @Benchmark
  public int instructions() {
    return encode(PhysicalType.BYTE_ARRAY, instructions);
  }

  @Benchmark
  public int comments() {
    return encode(PhysicalType.BYTE_ARRAY, comments);
  }

  @Benchmark
  public int dates() {
    return encode(PhysicalType.INT32, dates);
  }

  @Benchmark
  public int suppliers() {
    return encode(PhysicalType.INT64, suppliers);
  }
}
