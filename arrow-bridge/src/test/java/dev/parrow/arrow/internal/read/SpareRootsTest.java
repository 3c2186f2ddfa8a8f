package dev.parrow.arrow.internal.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * The roots of ended producers are given to the next producer of the same schema with their
 * buffers, never to one of another schema, and freed when the read closes (or, given back after
 * that, at once).
 */
class SpareRootsTest {
  private static final Schema LONGS =
      new Schema(List.of(Field.nullable("v", new ArrowType.Int(64, true))));
  private static final Schema INTS =
      new Schema(List.of(Field.nullable("v", new ArrowType.Int(32, true))));

  @Test
  void aRootGoesToTheNextProducerOfItsSchemaWithItsBuffers() {
    try (BufferAllocator allocator = new RootAllocator()) {
      try (SpareRoots spares = new SpareRoots()) {
        VectorSchemaRoot first = spares.take(LONGS, allocator);
        ((BigIntVector) first.getVector(0)).allocateNew(1_000);
        long held = allocator.getAllocatedMemory();
        spares.give(first);
        assertEquals(1, spares.size());
        VectorSchemaRoot other = spares.take(INTS, allocator);
        assertNotSame(first, other, "a root of another schema");
        other.close();
        VectorSchemaRoot again = spares.take(LONGS, allocator);
        assertSame(first, again);
        assertEquals(held, allocator.getAllocatedMemory(), "its buffers kept, none allocated");
        assertEquals(0, spares.size());
        spares.give(again);
      }
      // The allocator's close fails on anything the store left allocated.
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  @Test
  void aRootGivenBackAfterTheReadClosedIsFreedAtOnce() {
    try (BufferAllocator allocator = new RootAllocator()) {
      SpareRoots spares = new SpareRoots();
      VectorSchemaRoot root = spares.take(LONGS, allocator);
      ((BigIntVector) root.getVector(0)).allocateNew(1_000);
      spares.close();
      spares.give(root);
      assertEquals(0, spares.size());
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }
}
