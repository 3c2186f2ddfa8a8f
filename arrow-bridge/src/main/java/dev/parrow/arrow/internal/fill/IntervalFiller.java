package dev.parrow.arrow.internal.fill;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.vector.types.IntervalUnit;

/**
 * INTERVAL (three little-endian 32-bit counts: months, days, milliseconds) into
 * Interval(MONTH_DAY_NANO), milliseconds converted to nanoseconds exactly, or, as the ARROW:schema
 * hint of an Arrow writer asks, into YEAR_MONTH (months) or DAY_TIME (days and milliseconds). The
 * format calls the counts unsigned, but Arrow-based writers (arrow-rs, DuckDB) store Arrow's signed
 * months, days and milliseconds as their two's complement bits, so they are read as signed: a
 * negative interval written by them comes back as it was, and no unsigned count Parquet allows is
 * lost (one above 2^31 months or days is not a real interval).
 */
final class IntervalFiller extends ConvertingFiller {
  private final IntervalUnit unit;

  /** Into Interval(MONTH_DAY_NANO), or YEAR_MONTH / DAY_TIME when the hint restores those. */
  IntervalFiller(IntervalUnit unit) {
    super(
        switch (unit) {
          case YEAR_MONTH -> 4;
          case DAY_TIME -> 8;
          case MONTH_DAY_NANO -> 16;
        });
    this.unit = unit;
  }

  @Override
  void convert(DenseValues values, int present, byte[] out) {
    ByteBuffer src =
        ByteBuffer.wrap(((FixedWidthValues) values).bytes()).order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer dst = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
    for (int j = 0; j < present; j++) {
      int months = src.getInt(j * 12);
      int days = src.getInt(j * 12 + 4);
      int millis = src.getInt(j * 12 + 8);
      switch (unit) {
        case YEAR_MONTH -> {
          if (days != 0 || millis != 0) {
            throw lost(months, days, millis);
          }
          dst.putInt(j * 4, months);
        }
        case DAY_TIME -> {
          if (months != 0) {
            throw lost(months, days, millis);
          }
          dst.putInt(j * 8, days).putInt(j * 8 + 4, millis);
        }
        case MONTH_DAY_NANO ->
            dst.putInt(j * 16, months)
                .putInt(j * 16 + 4, days)
                .putLong(j * 16 + 8, millis * 1_000_000L);
      }
    }
  }

  private ParquetFormatException lost(int months, int days, int millis) {
    return new ParquetFormatException(
        "the INTERVAL "
            + months
            + " months "
            + days
            + " days "
            + millis
            + " ms does not fit the Interval("
            + unit
            + ") the file's ARROW:schema gives it; read it without the hint"
            + " (ReadOptions.useArrowSchemaHint(false); --no-arrow-schema in the CLI)");
  }
}
