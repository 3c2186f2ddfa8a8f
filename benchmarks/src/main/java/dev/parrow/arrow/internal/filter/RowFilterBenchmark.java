package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.filter.Filter;
import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.types.TypeOptions;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A filter evaluated on one batch of 65,536 rows, as the AIR scan's: {@code shipmode = 'AIR'} on a
 * string column read as dictionary ids (seven entries), {@code quantity < 5} on an int column (1 to
 * 50), or both (AND). Microseconds per batch.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
// Arrow's memory module reads direct buffers' addresses, as for any Arrow Java program.
@Fork(value = 1, jvmArgsAppend = "--add-opens=java.base/java.nio=ALL-UNNAMED")
public class RowFilterBenchmark {
  static final int N = 65_536;

  @Param({"shipmode = 'AIR'", "quantity < 5", "shipmode = 'AIR' AND quantity < 5"})
  String where;

  private BufferAllocator allocator;
  private VarCharVector modes;
  private IntVector ids;
  private IntVector quantities;
  private RowFilter filter;
  private RowFilter.Batch batch;

  @Setup
  public void setUp() {
    allocator = new RootAllocator();
    modes = new VarCharVector("modes", allocator);
    String[] names = {"AIR", "FOB", "MAIL", "RAIL", "REG AIR", "SHIP", "TRUCK"};
    for (int i = 0; i < names.length; i++) {
      modes.setSafe(i, names[i].getBytes(StandardCharsets.UTF_8));
    }
    modes.setValueCount(names.length);
    ids = new IntVector("shipmode", allocator);
    quantities = new IntVector("quantity", allocator);
    ids.allocateNew(N);
    quantities.allocateNew(N);
    Random random = new Random(1);
    for (int i = 0; i < N; i++) {
      ids.set(i, random.nextInt(names.length));
      quantities.set(i, 1 + random.nextInt(50));
    }
    ids.setValueCount(N);
    quantities.setValueCount(N);
    ParquetSchema schema =
        ParquetSchema.fromElements(
            List.of(
                new SchemaElement(
                    null, null, null, "schema", 2, null, null, null, null, null, null),
                new SchemaElement(
                    PhysicalType.BYTE_ARRAY,
                    null,
                    Repetition.REQUIRED,
                    "shipmode",
                    null,
                    ConvertedType.UTF8,
                    null,
                    null,
                    null,
                    null,
                    null),
                new SchemaElement(
                    PhysicalType.INT32,
                    null,
                    Repetition.REQUIRED,
                    "quantity",
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null)));
    filter =
        new RowFilter(
            new FilterBinder(schema, TypeOptions.defaults(), "bench").bind(Filter.parse(where)));
    batch =
        new RowFilter.Batch() {
          @Override
          public FieldVector leaf(int column) {
            return column == 0 ? ids : quantities;
          }

          @Override
          public FieldVector dictionary(int column) {
            return column == 0 ? modes : null;
          }

          @Override
          public boolean dictionaryOnlyGrows(int column) {
            return false;
          }
        };
  }

  @TearDown
  public void tearDown() {
    modes.close();
    ids.close();
    quantities.close();
    allocator.close();
  }

  @Benchmark
  public long[] select() {
    return filter.select(batch, N);
  }
}
