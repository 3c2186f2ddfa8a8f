package dev.parrow.bench;

import dev.parrow.codec.encoding.AlpDecoder;
import dev.parrow.codec.encoding.ByteStreamSplitDecoder;
import dev.parrow.codec.encoding.PlainDecoder;
import dev.parrow.codec.encoding.ValueEncodings;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.values.Int64Values;
import java.util.List;
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
 * ALP against the other encodings of DOUBLE on 1,048,576 values: prices of two decimals (what ALP
 * is for) or full-precision measurements (every value an exception), decoded from ALP, from
 * BYTE_STREAM_SPLIT and from PLAIN, and encoded as ALP. Scores are microseconds per 1,048,576
 * values; the setup prints each encoding's size.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class AlpBenchmark {
  static final int N = 1 << 20;

  @Param({"prices", "measurements"})
  String data;

  private final Int64Values values = new Int64Values();
  private final Int64Values out = new Int64Values();
  private ColumnDescriptor column;
  private byte[] alp;
  private byte[] split;
  private byte[] plain;

  @Setup
  public void setUp() {
    Random random = new Random(1);
    long[] bits = new long[N];
    for (int i = 0; i < N; i++) {
      double v =
          data.equals("prices") ? random.nextInt(100_000) / 100.0 : random.nextGaussian() * 1_000;
      bits[i] = Double.doubleToRawLongBits(v);
    }
    values.clear();
    int at = values.reserve(N);
    System.arraycopy(bits, 0, values.values(), at, N);
    values.added(N);
    SchemaElement root =
        new SchemaElement(null, null, null, "schema", 1, null, null, null, null, null, null);
    SchemaElement leaf =
        new SchemaElement(
            PhysicalType.DOUBLE,
            null,
            Repetition.REQUIRED,
            "v",
            null,
            null,
            null,
            null,
            null,
            null,
            null);
    column = ParquetSchema.fromElements(List.of(root, leaf)).column(0);
    alp = ValueEncodings.encode(Encoding.ALP, values, N, column);
    split = ValueEncodings.encode(Encoding.BYTE_STREAM_SPLIT, values, N, column);
    plain = ValueEncodings.encode(Encoding.PLAIN, values, N, column);
    System.out.printf(
        "%n%s: ALP %,d bytes, BYTE_STREAM_SPLIT %,d, PLAIN %,d%n",
        data, alp.length, split.length, plain.length);
  }

  @Benchmark
  public Int64Values decodeAlp() {
    out.clear();
    new AlpDecoder(alp, 0, alp.length, 8).read(out, N);
    return out;
  }

  @Benchmark
  public Int64Values decodeByteStreamSplit() {
    out.clear();
    new ByteStreamSplitDecoder(split, 0, split.length, 8).read(out, N);
    return out;
  }

  @Benchmark
  public Int64Values decodePlain() {
    out.clear();
    new PlainDecoder(PhysicalType.DOUBLE, 0, plain, 0, plain.length).read(out, N);
    return out;
  }

  @Benchmark
  public byte[] encodeAlp() {
    return ValueEncodings.encode(Encoding.ALP, values, N, column);
  }
}
