package dev.parrow.arrow.internal;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * INTERVAL (three unsigned little-endian 32-bit counts: months, days, milliseconds) into
 * Interval(MONTH_DAY_NANO) (signed months and days, nanoseconds), milliseconds converted exactly.
 */
final class IntervalFiller implements VectorFiller {
  @Override
  public void fill(FieldVector vector, int rows, int[] defs, int maxDef, DenseValues values) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    Buffers.allocate(v, rows);
    Buffers.validity(v.getValidityBuffer(), rows, defs, maxDef);
    ByteBuffer src = ByteBuffer.wrap(((FixedWidthValues) values).bytes()).order(ByteOrder.LITTLE_ENDIAN);
    ArrowBuf data = v.getDataBuffer();
    for (int i = 0, j = 0; i < rows; i++) {
      if (defs == null || defs[i] == maxDef) {
        long months = Integer.toUnsignedLong(src.getInt(j * 12));
        long days = Integer.toUnsignedLong(src.getInt(j * 12 + 4));
        long millis = Integer.toUnsignedLong(src.getInt(j * 12 + 8));
        j++;
        if (months > Integer.MAX_VALUE || days > Integer.MAX_VALUE) {
          throw new ParquetFormatException("INTERVAL of " + months + " months, " + days
              + " days does not fit Arrow's signed 32-bit months and days");
        }
        long at = (long) i * 16;
        data.setInt(at, (int) months);
        data.setInt(at + 4, (int) days);
        data.setLong(at + 8, millis * 1_000_000L);
      }
    }
    v.setValueCount(rows);
  }
}
