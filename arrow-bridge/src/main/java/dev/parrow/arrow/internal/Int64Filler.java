package dev.parrow.arrow.internal;

import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.Int64Values;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * INT64 (and DOUBLE bits) into a vector of the same 8-byte layout: Int(64), UInt8, Timestamp, Time(us,
 * ns), Float8. A batch without nulls is one bulk copy.
 */
final class Int64Filler implements VectorFiller {
  /** One filler per leaf column, used by one thread at a time. */
  private long[] spread = new long[0];

  @Override
  public void fill(FieldVector vector, int rows, int[] defs, int maxDef, DenseValues values) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    int present = Buffers.prepare(v, rows, defs, maxDef);
    long[] src = ((Int64Values) values).values();
    ArrowBuf data = v.getDataBuffer();
    if (present == rows) {
      Buffers.putLongs(data, src, rows);
    } else {
      // Spread into a plain array (a loop the JIT keeps tight), then one bulk copy.
      if (spread.length < rows) {
        spread = new long[rows];
      }
      for (int i = 0, j = 0; i < rows; i++) {
        spread[i] = defs[i] == maxDef ? src[j++] : 0;
      }
      Buffers.putLongs(data, spread, rows);
    }
    v.setValueCount(rows);
  }
}
