package dev.parrow.arrow.internal;

import dev.parrow.codec.encoding.Bits;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * INTERVAL (three little-endian 32-bit counts: months, days, milliseconds) into Interval(MONTH_DAY_NANO),
 * milliseconds converted to nanoseconds exactly. The format calls the counts unsigned, but Arrow-based
 * writers (arrow-rs, DuckDB) store Arrow's signed months, days and milliseconds as their two's complement
 * bits, so they are read as signed: a negative interval written by them comes back as it was, and no
 * unsigned count Parquet allows is lost (one above 2^31 months or days is not a real interval).
 */
final class IntervalFiller implements VectorFiller {
  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    Buffers.prepare(v, rows, validity);
    ByteBuffer src = ByteBuffer.wrap(((FixedWidthValues) values).bytes()).order(ByteOrder.LITTLE_ENDIAN);
    ArrowBuf data = v.getDataBuffer();
    for (int i = 0, j = 0; i < rows; i++) {
      if (validity == null || Bits.get(validity, i)) {
        int months = src.getInt(j * 12);
        int days = src.getInt(j * 12 + 4);
        long millis = src.getInt(j * 12 + 8);
        j++;
        long at = (long) i * 16;
        data.setInt(at, months);
        data.setInt(at + 4, days);
        data.setLong(at + 8, millis * 1_000_000L);
      }
    }
    v.setValueCount(rows);
  }
}
