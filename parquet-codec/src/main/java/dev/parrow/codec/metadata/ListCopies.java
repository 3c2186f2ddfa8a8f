package dev.parrow.codec.metadata;

import java.util.List;

/** Immutable copies of record list fields, where null stays null (absent differs from empty). */
final class ListCopies {
  private ListCopies() {}

  static <T> List<T> copyOrNull(List<T> list) {
    return list == null ? null : List.copyOf(list);
  }
}
