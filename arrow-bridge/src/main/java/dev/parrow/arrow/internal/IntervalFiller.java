package dev.parrow.arrow.internal;

import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * INTERVAL (three little-endian 32-bit counts: months, days, milliseconds) into
 * Interval(MONTH_DAY_NANO), milliseconds converted to nanoseconds exactly. The format calls the
 * counts unsigned, but Arrow-based writers (arrow-rs, DuckDB) store Arrow's signed months, days and
 * milliseconds as their two's complement bits, so they are read as signed: a negative interval
 * written by them comes back as it was, and no unsigned count Parquet allows is lost (one above
 * 2^31 months or days is not a real interval).
 */
final class IntervalFiller extends ConvertingFiller {

  IntervalFiller() {
    super(16);
  }

  @Override
  void convert(DenseValues values, int present, byte[] out) {
    ByteBuffer src =
        ByteBuffer.wrap(((FixedWidthValues) values).bytes()).order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer dst = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
    for (int j = 0; j < present; j++) {
      dst.putInt(j * 16, src.getInt(j * 12));
      dst.putInt(j * 16 + 4, src.getInt(j * 12 + 4));
      dst.putLong(j * 16 + 8, src.getInt(j * 12 + 8) * 1_000_000L);
    }
  }
}
