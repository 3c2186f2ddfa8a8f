package dev.parrow.codec.metadata;

import java.util.function.ToIntFunction;

/** Builds the value-to-constant lookup tables of the metadata enums. */
final class ThriftValues {
  private ThriftValues() {}

  static <E extends Enum<E>> E[] index(E[] constants, ToIntFunction<E> value) {
    int max = 0;
    for (E e : constants) {
      max = Math.max(max, value.applyAsInt(e));
    }
    E[] table = java.util.Arrays.copyOf(constants, max + 1);
    java.util.Arrays.fill(table, null);
    for (E e : constants) {
      table[value.applyAsInt(e)] = e;
    }
    return table;
  }
}
