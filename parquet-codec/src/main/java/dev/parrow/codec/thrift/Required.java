package dev.parrow.codec.thrift;

import dev.parrow.codec.ParquetFormatException;

/** Checks that a required Thrift field was present (and of the right type). */
final class Required {
  private Required() {}

  static <T> T field(T value, String struct, String field) {
    if (value == null) {
      throw new ParquetFormatException(struct + " lacks its required field " + field);
    }
    return value;
  }
}
