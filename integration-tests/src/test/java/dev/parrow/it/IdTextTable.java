package dev.parrow.it;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.IntFunction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** The pruning tests' table: {@code id} = 0..n-1 and a string {@code s} per row. */
final class IdTextTable {
  private IdTextTable() {}

  static VectorSchemaRoot of(BufferAllocator allocator, int n, IntFunction<String> text) {
    BigIntVector id = new BigIntVector("id", allocator);
    VarCharVector s = new VarCharVector("s", allocator);
    id.allocateNew(n);
    s.allocateNew(n);
    for (int i = 0; i < n; i++) {
      id.set(i, i);
      s.setSafe(i, text.apply(i).getBytes(StandardCharsets.UTF_8));
    }
    id.setValueCount(n);
    s.setValueCount(n);
    return new VectorSchemaRoot(List.of(id.getField(), s.getField()), List.of(id, s), n);
  }
}
