package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

class VectorExchangeTest {
  @Test
  void vectorsLaidOutAlikeTradeBuffersAndOthersMoveAsATransferMovesThem() {
    try (BufferAllocator allocator = new RootAllocator();
        BigIntVector reader = new BigIntVector("reader", allocator);
        BigIntVector own = new BigIntVector("own", allocator)) {
      reader.allocateNew(100);
      reader.setValueCount(100);
      reader.set(7, 42L);
      own.allocateNew(50);
      own.setValueCount(50);
      long readers = reader.getDataBuffer().memoryAddress();
      long owns = own.getDataBuffer().memoryAddress();
      VectorExchange.move(reader, own);
      assertEquals(readers, own.getDataBuffer().memoryAddress(), "the batch moved without a copy");
      assertEquals(100, own.getValueCount());
      assertEquals(42L, own.get(7));
      assertEquals(owns, reader.getDataBuffer().memoryAddress(), "the reader got the last buffers");
    }
    // A struct with other members: moved, the reader left empty.
    try (BufferAllocator allocator = new RootAllocator();
        StructVector reader = struct("a", "b", allocator);
        StructVector own = struct("a", "c", allocator)) {
      reader.allocateNew();
      ((IntVector) reader.getChild("a")).setSafe(0, 5);
      reader.setIndexDefined(0);
      reader.setValueCount(1);
      own.allocateNew();
      VectorExchange.move(reader, own);
      assertEquals(5, ((IntVector) own.getChild("a")).get(0));
      assertEquals(0, reader.getChild("a").getDataBuffer().capacity());
    }
  }

  private static StructVector struct(String x, String y, BufferAllocator allocator) {
    FieldType i = FieldType.nullable(new ArrowType.Int(32, true));
    Field f =
        new Field(
            "s",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(new Field(x, i, null), new Field(y, i, null)));
    return (StructVector) f.createVector(allocator);
  }
}
