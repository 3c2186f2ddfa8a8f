package dev.parrow.bench;

import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.options.ColumnWriteOptions;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.Int64Values;
import dev.parrow.codec.write.ColumnChunkWriter;
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
 * One uncompressed column chunk of 1,000,000 values written with the default options (dictionary
 * on, 1 MiB pages, 20,000 rows a page), as lineitem's columns are: {@code fewStrings} seven
 * distinct strings (l_shipmode: dictionary ids, page statistics from the entries used), {@code
 * distinctStrings} mostly distinct comments (PLAIN, statistics compared by their first eight
 * bytes), {@code distinctLongs} random longs (the dictionary dropped after the first page).
 * Milliseconds per chunk.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ColumnWriteBenchmark {
  static final int N = 1_000_000;

  private BinaryValues fewStrings;
  private BinaryValues distinctStrings;
  private Int64Values distinctLongs;

  @Setup
  public void setUp() {
    Random random = new Random(3);
    String[] modes = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
    fewStrings = new BinaryValues();
    distinctStrings = new BinaryValues();
    distinctLongs = new Int64Values();
    String text =
        "the quick brown fox jumps over the lazy dog while carefully packed requests sleep"
            + " furiously among the final deposits of ironic accounts and blithely regular pinto"
            + " beans";
    for (int i = 0; i < N; i++) {
      byte[] mode = modes[random.nextInt(modes.length)].getBytes(StandardCharsets.US_ASCII);
      fewStrings.append(mode, 0, mode.length);
      int a = random.nextInt(text.length() - 45);
      int b = random.nextInt(text.length() - 45);
      byte[] comment =
          (text.substring(a, a + 5 + random.nextInt(18))
                  + " "
                  + text.substring(b, b + 4 + random.nextInt(18)))
              .getBytes(StandardCharsets.US_ASCII);
      distinctStrings.append(comment, 0, comment.length);
      distinctLongs.add(random.nextLong());
    }
  }

  private static ColumnDescriptor column(PhysicalType type) {
    return ParquetSchema.fromElements(
            List.of(
                new SchemaElement(
                    null, null, null, "schema", 1, null, null, null, null, null, null),
                new SchemaElement(
                    type,
                    null,
                    Repetition.REQUIRED,
                    "c",
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null)))
        .column(0);
  }

  private static final ColumnDescriptor TEXT = column(PhysicalType.BYTE_ARRAY);
  private static final ColumnDescriptor LONG = column(PhysicalType.INT64);

  private static ColumnChunkWriter.Chunk write(ColumnDescriptor column, DenseValues values) {
    ColumnChunkWriter writer =
        new ColumnChunkWriter(
            column,
            new ColumnWriteOptions(
                CompressionCodec.UNCOMPRESSED,
                null,
                1,
                1 << 20,
                ColumnWriteOptions.DEFAULT_PAGE_ROWS,
                true,
                1 << 20,
                true,
                true,
                null,
                null));
    writer.write(N, null, null, values);
    return writer.finish();
  }

  @Benchmark
  public ColumnChunkWriter.Chunk fewStrings() {
    return write(TEXT, fewStrings);
  }

  @Benchmark
  public ColumnChunkWriter.Chunk distinctStrings() {
    return write(TEXT, distinctStrings);
  }

  @Benchmark
  public ColumnChunkWriter.Chunk distinctLongs() {
    return write(LONG, distinctLongs);
  }
}
