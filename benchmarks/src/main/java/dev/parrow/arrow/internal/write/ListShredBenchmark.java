package dev.parrow.arrow.internal.write;

import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.types.ArrowToParquet;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
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
 * Shredding a batch of 65,536 rows of a nullable list of nullable int64 or utf8 (0 to 10 elements,
 * 5% null lists, 5% null elements, as the lists table) into definition and repetition levels: in
 * one pass over the offsets and validity bits ({@code ListWriter.shredInBulk}, what the writer
 * does) against row by row down the writer tree ({@code shredEachRow}, what it did). In the package
 * of the writer tree, which is internal to arrow-bridge. Scores are microseconds per batch.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
// Arrow's memory needs java.nio opened, as for every Arrow Java program on JDK 17.
@Fork(value = 1, jvmArgsAppend = "--add-opens=java.base/java.nio=ALL-UNNAMED")
public class ListShredBenchmark {
  static final int ROWS = 65_536;

  /** The element type: int64 (the lists table's l_i64) or utf8 (its l_str, 'w' and a number). */
  @Param({"int64", "utf8"})
  String element;

  private BufferAllocator allocator;
  private ListVector list;
  private FieldWriter writer;

  @Setup
  public void setUp() {
    boolean strings = element.equals("utf8");
    Field item =
        new Field(
            "element",
            FieldType.nullable(strings ? ArrowType.Utf8.INSTANCE : new ArrowType.Int(64, true)),
            null);
    Field field = new Field("l", FieldType.nullable(ArrowType.List.INSTANCE), List.of(item));
    allocator = new RootAllocator();
    list = (ListVector) field.createVector(allocator);
    list.allocateNew();
    org.apache.arrow.vector.FieldVector data = list.getDataVector();
    Random random = new Random(5);
    int at = 0;
    for (int r = 0; r < ROWS; r++) {
      if (random.nextInt(20) == 0) {
        list.setNull(r);
        continue;
      }
      list.startNewValue(r);
      int n = random.nextInt(11);
      for (int k = 0; k < n; k++, at++) {
        int value = random.nextInt(1_000_000_000);
        boolean isNull = random.nextInt(20) == 0;
        if (data instanceof BigIntVector longs) {
          if (isNull) {
            longs.setNull(at);
          } else {
            longs.setSafe(at, value);
          }
        } else {
          VarCharVector texts = (VarCharVector) data;
          if (isNull) {
            texts.setNull(at);
          } else {
            texts.setSafe(at, ("w" + value % 100_000).getBytes(StandardCharsets.UTF_8));
          }
        }
      }
      list.endValue(r, n);
    }
    data.setValueCount(at);
    list.setValueCount(ROWS);
    writer =
        FieldWriter.of(
            field,
            ParquetSchema.fromElements(ArrowToParquet.schema(new Schema(List.of(field))))
                .columns()
                .iterator());
  }

  @TearDown
  public void tearDown() {
    list.close();
    allocator.close();
  }

  @Benchmark
  public int inBulk() {
    writer.shredRows(list, ROWS);
    return writer.leaves().get(0).entries();
  }

  /**
   * Shredded in bulk, then the present values taken from the vector as the chunk writer gets them.
   */
  @Benchmark
  public int inBulkWithValues() {
    writer.shredRows(list, ROWS);
    return writer.leaves().get(0).presentValues().size();
  }

  @Benchmark
  public int rowByRow() {
    for (LeafWriter leaf : writer.leaves()) {
      leaf.clear();
    }
    writer.shredEachRow(list, ROWS);
    return writer.leaves().get(0).entries();
  }
}
