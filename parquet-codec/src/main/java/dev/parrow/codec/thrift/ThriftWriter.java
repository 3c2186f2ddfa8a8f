package dev.parrow.codec.thrift;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.Bytes;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TList;
import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.transport.TMemoryBuffer;

/**
 * Writes Thrift compact-protocol structs. Methods taking a boxed value write nothing for null, so
 * an optional field that is absent in a record stays absent on the wire.
 */
final class ThriftWriter {
  private static final TStruct ANONYMOUS = new TStruct("");

  // TMemoryBuffer, not TIOStreamTransport: the latter's logger makes SLF4J print a warning.
  private final TMemoryBuffer out;
  private final TCompactProtocol protocol;

  ThriftWriter() {
    try {
      out = new TMemoryBuffer(256);
    } catch (TException e) {
      throw new IllegalStateException(e);
    }
    protocol = new TCompactProtocol(out);
  }

  byte[] toByteArray() {
    return java.util.Arrays.copyOf(out.getArray(), out.length());
  }

  void beginStruct() {
    run(() -> protocol.writeStructBegin(ANONYMOUS));
  }

  void endStruct() {
    run(
        () -> {
          protocol.writeFieldStop();
          protocol.writeStructEnd();
        });
  }

  void i32(int id, Integer value) {
    scalar(id, TType.I32, value, protocol::writeI32);
  }

  void i64(int id, Long value) {
    scalar(id, TType.I64, value, protocol::writeI64);
  }

  void i16(int id, Short value) {
    scalar(id, TType.I16, value, protocol::writeI16);
  }

  void i8(int id, Byte value) {
    scalar(id, TType.BYTE, value, protocol::writeByte);
  }

  void bool(int id, Boolean value) {
    scalar(id, TType.BOOL, value, protocol::writeBool);
  }

  void dbl(int id, Double value) {
    scalar(id, TType.DOUBLE, value, protocol::writeDouble);
  }

  void string(int id, String value) {
    scalar(id, TType.STRING, value, protocol::writeString);
  }

  void binary(int id, Bytes value) {
    if (value != null) {
      run(
          () -> {
            field(id, TType.STRING);
            protocol.writeBinary(value.asByteBuffer());
          });
    }
  }

  /** An i32 enum field from the constant's Thrift value; nothing for null. */
  <E> void enumValue(int id, E value, java.util.function.ToIntFunction<E> thriftValue) {
    if (value != null) {
      i32(id, thriftValue.applyAsInt(value));
    }
  }

  <T> void struct(int id, T value, BiConsumer<ThriftWriter, T> writer) {
    if (value != null) {
      run(() -> field(id, TType.STRUCT));
      writer.accept(this, value);
    }
  }

  /** A struct field with no fields of its own: a union member such as {@code StringType}. */
  void emptyStruct(int id) {
    run(() -> field(id, TType.STRUCT));
    beginStruct();
    endStruct();
  }

  /** A union whose chosen member, {@code member}, is an empty struct. */
  void emptyUnion(int id, int member) {
    run(() -> field(id, TType.STRUCT));
    beginStruct();
    emptyStruct(member);
    endStruct();
  }

  <T> void structList(int id, List<T> values, BiConsumer<ThriftWriter, T> writer) {
    if (values != null) {
      listHeader(id, TType.STRUCT, values.size());
      for (T value : values) {
        writer.accept(this, value);
      }
    }
  }

  void i32List(int id, List<Integer> values) {
    if (values != null) {
      listHeader(id, TType.I32, values.size());
      for (int value : values) {
        run(() -> protocol.writeI32(value));
      }
    }
  }

  void i64List(int id, List<Long> values) {
    if (values != null) {
      listHeader(id, TType.I64, values.size());
      for (long value : values) {
        run(() -> protocol.writeI64(value));
      }
    }
  }

  void boolList(int id, List<Boolean> values) {
    if (values != null) {
      listHeader(id, TType.BOOL, values.size());
      for (boolean value : values) {
        run(() -> protocol.writeBool(value));
      }
    }
  }

  void stringList(int id, List<String> values) {
    if (values != null) {
      listHeader(id, TType.STRING, values.size());
      for (String value : values) {
        run(() -> protocol.writeString(value));
      }
    }
  }

  void binaryList(int id, List<Bytes> values) {
    if (values != null) {
      listHeader(id, TType.STRING, values.size());
      for (Bytes value : values) {
        ByteBuffer buffer = value.asByteBuffer();
        run(() -> protocol.writeBinary(buffer));
      }
    }
  }

  <E> void enumList(int id, List<E> values, java.util.function.ToIntFunction<E> thriftValue) {
    if (values != null) {
      listHeader(id, TType.I32, values.size());
      for (E value : values) {
        int v = thriftValue.applyAsInt(value);
        run(() -> protocol.writeI32(v));
      }
    }
  }

  private void listHeader(int id, byte elementType, int size) {
    run(
        () -> {
          field(id, TType.LIST);
          protocol.writeListBegin(new TList(elementType, size));
        });
  }

  private void field(int id, byte type) throws TException {
    protocol.writeFieldBegin(new TField("", type, (short) id));
  }

  private interface ThriftAction {
    void run() throws TException;
  }

  private interface ValueWrite<T> {
    void write(T value) throws TException;
  }

  /** A field with its value, or nothing when the value is null (an absent optional field). */
  private <T> void scalar(int id, byte type, T value, ValueWrite<T> write) {
    if (value != null) {
      run(
          () -> {
            field(id, type);
            write.write(value);
          });
    }
  }

  private static void run(ThriftAction action) {
    try {
      action.run();
    } catch (TException e) {
      // Writing to memory cannot fail for I/O reasons; this is a bug, not bad input.
      throw new ParquetFormatException("cannot encode Thrift metadata: " + e.getMessage(), e);
    }
  }
}
