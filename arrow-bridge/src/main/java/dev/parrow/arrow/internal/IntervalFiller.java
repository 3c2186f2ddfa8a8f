package dev.parrow.arrow.internal;

import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * INTERVAL (three little-endian 32-bit counts: months, days, milliseconds) into
 * Interval(MONTH_DAY_NANO), milliseconds converted to nanoseconds exactly. The format calls the
 * counts unsigned, but Arrow-based writers (arrow-rs, DuckDB) store Arrow's signed months, days and
 * milliseconds as their two's complement bits, so they are read as signed: a negative interval
 * written by them comes back as it was, and no unsigned count Parquet allows is lost (one above
 * 2^31 months or days is not a real interval).
 */
final class IntervalFiller implements VectorFiller {
  private byte[] dense = new byte[0];
  private byte[] spread = new byte[0];

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    Buffers.prepare(v, rows, validity);
    ByteBuffer src =
        ByteBuffer.wrap(((FixedWidthValues) values).bytes()).order(ByteOrder.LITTLE_ENDIAN);
    dense = Spread.ensure(dense, present * 16);
    ByteBuffer out = ByteBuffer.wrap(dense).order(ByteOrder.LITTLE_ENDIAN);
    for (int j = 0; j < present; j++) {
      out.putInt(j * 16, src.getInt(j * 12));
      out.putInt(j * 16 + 4, src.getInt(j * 12 + 4));
      out.putLong(j * 16 + 8, src.getInt(j * 12 + 8) * 1_000_000L);
    }
    spread = Spread.ensure(spread, rows * 16);
    Spread.bytes(dense, 16, validity, rows, spread);
    v.getDataBuffer().setBytes(0, spread, 0, (long) rows * 16);
    v.setValueCount(rows);
  }
}
