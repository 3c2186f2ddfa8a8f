package dev.parrow.delta;

import io.delta.kernel.data.ArrayValue;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.MapValue;

/** Kernel's array and map values over column vectors, for every vector kind of this module. */
final class KernelValues {
  private KernelValues() {}

  /** An array of {@code size} elements, those of {@code elements} from its first. */
  static ArrayValue array(int size, ColumnVector elements) {
    return new ArrayValue() {
      @Override
      public int getSize() {
        return size;
      }

      @Override
      public ColumnVector getElements() {
        return elements;
      }
    };
  }

  /** A map of {@code size} entries, the keys and values from their vectors' first. */
  static MapValue map(int size, ColumnVector keys, ColumnVector values) {
    return new MapValue() {
      @Override
      public int getSize() {
        return size;
      }

      @Override
      public ColumnVector getKeys() {
        return keys;
      }

      @Override
      public ColumnVector getValues() {
        return values;
      }
    };
  }
}
