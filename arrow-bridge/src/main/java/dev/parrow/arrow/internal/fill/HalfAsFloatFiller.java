package dev.parrow.arrow.internal.fill;

import dev.parrow.arrow.internal.buffers.Buffers;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import java.nio.ByteOrder;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;

/**
 * FLOAT16 (two little-endian bytes) widened to Float32, for consumers with no half-float type
 * (TypeOptions.float16AsFloat). Every half float is exactly a float, NaN and infinities included.
 */
final class HalfAsFloatFiller implements VectorFiller {
  private float[] floats = new float[0];

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    Float4Vector v = (Float4Vector) vector;
    Buffers.prepare(v, rows, validity);
    byte[] halves = ((FixedWidthValues) values).bytes();
    if (floats.length < rows) {
      floats = new float[Math.max(rows, floats.length * 2)];
    }
    int next = 0;
    for (int r = 0; r < rows; r++) {
      boolean set = present == rows || (validity[r >>> 3] & (1 << (r & 7))) != 0;
      if (set) {
        short half = (short) ((halves[2 * next] & 0xFF) | (halves[2 * next + 1] << 8));
        floats[r] = Float16.toFloat(half);
        next++;
      } else {
        floats[r] = 0f;
      }
    }
    v.getDataBuffer()
        .nioBuffer(0, rows * 4)
        .order(ByteOrder.LITTLE_ENDIAN)
        .asFloatBuffer()
        .put(floats, 0, rows);
    v.setValueCount(rows);
  }
}
