package dev.parrow.codec.thrift;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.Bytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TList;
import org.apache.thrift.protocol.TMap;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.transport.TMemoryInputTransport;

/**
 * Reads Thrift compact-protocol structs field by field, the way generated code would, but bounded
 * for hostile input: struct nesting is limited, every list length is checked against the bytes that
 * remain before anything is allocated, and skipping unknown fields cannot recurse without limit.
 *
 * <p>A field whose wire type differs from the one the format defines is skipped, as generated
 * Thrift code does, so it reads as absent. The typed readers return null in that case.
 */
final class ThriftReader {
  /** Deep enough for every Parquet struct (the deepest is about 6); guards the skip recursion. */
  static final int MAX_DEPTH = 64;

  private final TMemoryInputTransport transport;
  private final TCompactProtocol protocol;
  private final int start;
  private int depth;
  private short fieldId;
  private byte fieldType;

  ThriftReader(byte[] buffer, int offset, int length) {
    try {
      // The message is the whole buffer: the transport's own size guard must not be lower than
      // that.
      TConfiguration config =
          new TConfiguration(Math.max(length, 1), Math.max(length, 1), MAX_DEPTH);
      this.transport = new TMemoryInputTransport(config, buffer, offset, length);
    } catch (TException e) {
      throw corrupt(e);
    }
    this.protocol = new TCompactProtocol(transport, length, length);
    this.start = offset;
  }

  /** Bytes consumed since the start. */
  int position() {
    return transport.getBufferPosition() - start;
  }

  int remaining() {
    return transport.getBytesRemainingInBuffer();
  }

  void beginStruct() {
    if (++depth > MAX_DEPTH) {
      throw new ParquetFormatException("Thrift structs nested deeper than " + MAX_DEPTH);
    }
    try {
      protocol.readStructBegin();
    } catch (TException e) {
      throw corrupt(e);
    }
  }

  void endStruct() {
    depth--;
    try {
      protocol.readStructEnd();
    } catch (TException e) {
      throw corrupt(e);
    }
  }

  /** Advances to the next field of the current struct; false at its end. */
  boolean nextField() {
    try {
      TField field = protocol.readFieldBegin();
      if (field.type == TType.STOP) {
        return false;
      }
      fieldId = field.id;
      fieldType = field.type;
      return true;
    } catch (TException e) {
      throw corrupt(e);
    }
  }

  short fieldId() {
    return fieldId;
  }

  /** Skips the current field's value. */
  void skipField() {
    skip(fieldType, depth);
  }

  Integer i32() {
    return scalar(TType.I32, protocol::readI32);
  }

  Long i64() {
    return scalar(TType.I64, protocol::readI64);
  }

  Short i16() {
    return scalar(TType.I16, protocol::readI16);
  }

  Byte i8() {
    return scalar(TType.BYTE, protocol::readByte);
  }

  Boolean bool() {
    return scalar(TType.BOOL, protocol::readBool);
  }

  Double dbl() {
    return scalar(TType.DOUBLE, protocol::readDouble);
  }

  String string() {
    return scalar(TType.STRING, protocol::readString);
  }

  Bytes binary() {
    if (!is(TType.STRING)) {
      return null;
    }
    return readBinaryValue();
  }

  /**
   * An enum field: the i32 looked up, or null (field skipped) for a value this version does not
   * know.
   */
  <E> E enumValue(IntFunction<E> lookup) {
    Integer value = i32();
    return value == null ? null : lookup.apply(value);
  }

  /**
   * A struct field read by {@code reader}, which must call {@link #beginStruct}/{@link #endStruct}.
   */
  <T> T struct(Function<ThriftReader, T> reader) {
    if (!is(TType.STRUCT)) {
      return null;
    }
    return reader.apply(this);
  }

  /**
   * A union field: returns the id of the (first) member that is set and skips its content, or null.
   * For unions whose members are all empty structs (time units, column orders, bloom filter
   * choices).
   */
  Integer emptyUnion() {
    if (!is(TType.STRUCT)) {
      return null;
    }
    Integer member = null;
    beginStruct();
    while (nextField()) {
      if (member == null) {
        member = (int) fieldId;
      }
      skipField();
    }
    endStruct();
    return member;
  }

  <T> List<T> structList(Function<ThriftReader, T> reader) {
    return list(TType.STRUCT, () -> reader.apply(this));
  }

  List<Integer> i32List() {
    return list(TType.I32, () -> protocol.readI32());
  }

  List<Long> i64List() {
    return list(TType.I64, () -> protocol.readI64());
  }

  List<Boolean> boolList() {
    return list(TType.BOOL, () -> protocol.readBool());
  }

  List<String> stringList() {
    return list(TType.STRING, () -> protocol.readString());
  }

  List<Bytes> binaryList() {
    return list(TType.STRING, this::readBinaryValue);
  }

  /** A list of enum values; values this version does not know are left out. */
  <E> List<E> enumList(IntFunction<E> lookup) {
    List<Integer> raw = i32List();
    if (raw == null) {
      return null;
    }
    List<E> known = new ArrayList<>(raw.size());
    for (int value : raw) {
      E e = lookup.apply(value);
      if (e != null) {
        known.add(e);
      }
    }
    return known;
  }

  private interface Element<T> {
    T read() throws TException;
  }

  /**
   * The current field's value if it has the wire type {@code type}; otherwise skipped, and null.
   */
  private <T> T scalar(byte type, Element<T> read) {
    if (!is(type)) {
      return null;
    }
    try {
      return read.read();
    } catch (TException e) {
      throw corrupt(e);
    }
  }

  private <T> List<T> list(byte elementType, Element<T> element) {
    if (!is(TType.LIST) && !is(TType.SET)) {
      return null;
    }
    try {
      TList header = protocol.readListBegin();
      checkListSize(header.size);
      if (header.elemType != elementType && header.size > 0) {
        // Wrong element type: the whole list reads as absent, like a mistyped field.
        for (int i = 0; i < header.size; i++) {
          skip(header.elemType, depth);
        }
        protocol.readListEnd();
        return null;
      }
      List<T> values = new ArrayList<>(header.size);
      for (int i = 0; i < header.size; i++) {
        values.add(element.read());
      }
      protocol.readListEnd();
      return values;
    } catch (TException e) {
      throw corrupt(e);
    }
  }

  private Bytes readBinaryValue() {
    try {
      ByteBuffer value = protocol.readBinary();
      byte[] copy = new byte[value.remaining()];
      value.get(copy);
      return Bytes.wrap(copy);
    } catch (TException e) {
      throw corrupt(e);
    }
  }

  /**
   * Every element of every Thrift type takes at least one byte, so a longer list cannot be real.
   */
  private void checkListSize(int size) {
    if (size < 0 || size > remaining()) {
      throw new ParquetFormatException(
          "Thrift list of " + size + " elements in " + remaining() + " remaining bytes");
    }
  }

  private boolean is(byte expected) {
    if (fieldType == expected) {
      return true;
    }
    skipField();
    return false;
  }

  private void skip(byte type, int atDepth) {
    if (atDepth > MAX_DEPTH) {
      throw new ParquetFormatException("Thrift values nested deeper than " + MAX_DEPTH);
    }
    try {
      switch (type) {
        case TType.BOOL -> protocol.readBool();
        case TType.BYTE -> protocol.readByte();
        case TType.I16 -> protocol.readI16();
        case TType.I32 -> protocol.readI32();
        case TType.I64 -> protocol.readI64();
        case TType.DOUBLE -> protocol.readDouble();
        case TType.STRING -> protocol.readBinary();
        case TType.UUID -> protocol.readUuid();
        case TType.STRUCT -> {
          protocol.readStructBegin();
          while (true) {
            TField field = protocol.readFieldBegin();
            if (field.type == TType.STOP) {
              break;
            }
            skip(field.type, atDepth + 1);
          }
          protocol.readStructEnd();
        }
        case TType.LIST, TType.SET -> {
          TList header = protocol.readListBegin();
          checkListSize(header.size);
          for (int i = 0; i < header.size; i++) {
            skip(header.elemType, atDepth + 1);
          }
          protocol.readListEnd();
        }
        case TType.MAP -> {
          TMap header = protocol.readMapBegin();
          checkListSize(header.size);
          for (int i = 0; i < header.size; i++) {
            skip(header.keyType, atDepth + 1);
            skip(header.valueType, atDepth + 1);
          }
          protocol.readMapEnd();
        }
        default -> throw new ParquetFormatException("unknown Thrift type " + type);
      }
    } catch (TException e) {
      throw corrupt(e);
    }
  }

  static ParquetFormatException corrupt(TException e) {
    return new ParquetFormatException("corrupt Thrift metadata: " + e.getMessage(), e);
  }
}
