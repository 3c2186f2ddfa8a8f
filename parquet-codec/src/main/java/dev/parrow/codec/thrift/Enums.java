package dev.parrow.codec.thrift;

import dev.parrow.codec.ParquetFormatException;
import java.util.function.IntFunction;

/** Enum fields whose value must be known for the struct to make sense. */
final class Enums {
  private Enums() {}

  /**
   * Reads an i32 enum field that Parrow must understand (physical type, codec, page encoding): a
   * value from a newer format version is an error naming it, since guessing would decode garbage.
   */
  static <E> E required(ThriftReader r, IntFunction<E> lookup, String what) {
    Integer value = r.i32();
    if (value == null) {
      return null;
    }
    E e = lookup.apply(value);
    if (e == null) {
      throw new ParquetFormatException("unknown " + what + " " + value);
    }
    return e;
  }
}
