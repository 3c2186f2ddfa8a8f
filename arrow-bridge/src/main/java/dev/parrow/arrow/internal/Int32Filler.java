package dev.parrow.arrow.internal;

import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.Int32Values;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * INT32 (and FLOAT bits) into a vector of the same 4-byte layout: Int(32), UInt4, Date(DAY),
 * Time(ms), Float4. A batch without nulls is one bulk copy.
 */
final class Int32Filler implements VectorFiller {
  /** One filler per leaf column, used by one thread at a time. */
  private int[] spread = new int[0];

  @Override
  public void fill(FieldVector vector, int rows, int[] defs, int maxDef, DenseValues values) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    int present = Buffers.prepare(v, rows, defs, maxDef);
    int[] src = ((Int32Values) values).values();
    ArrowBuf data = v.getDataBuffer();
    if (present == rows) {
      Buffers.putInts(data, src, rows);
    } else {
      // Spread into a plain array (a loop the JIT keeps tight), then one bulk copy.
      if (spread.length < rows) {
        spread = new int[rows];
      }
      for (int i = 0, j = 0; i < rows; i++) {
        spread[i] = defs[i] == maxDef ? src[j++] : 0;
      }
      Buffers.putInts(data, spread, rows);
    }
    v.setValueCount(rows);
  }
}
