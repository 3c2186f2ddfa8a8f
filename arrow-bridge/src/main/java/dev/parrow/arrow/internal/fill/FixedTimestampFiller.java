package dev.parrow.arrow.internal.fill;

import dev.parrow.arrow.internal.buffers.Spread;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.types.ParquetToArrow;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * TIMESTAMP columns stored as FIXED_LEN_BYTE_ARRAY(12), the 96-bit carrier of 2026: each value a
 * signed little-endian count of the annotation's unit since the epoch, into Timestamp of the chosen
 * unit (a coarser one truncates toward the past, as INT96 timestamps read). A value the unit cannot
 * hold in 64 bits is an error naming the finest unit that holds it; never wrapped.
 */
final class FixedTimestampFiller extends ConvertingFiller {
  private static final TimeUnit[] FINEST_FIRST = {
    TimeUnit.NANOSECOND, TimeUnit.MICROSECOND, TimeUnit.MILLISECOND, TimeUnit.SECOND
  };

  private final TimeUnit stored;
  private final TimeUnit unit;

  /**
   * @param stored the annotation's unit
   * @param unit the unit read into
   */
  FixedTimestampFiller(TimeUnit stored, TimeUnit unit) {
    super(8);
    this.stored = stored;
    this.unit = unit;
    this.coarser = ParquetToArrow.nanos(unit) >= ParquetToArrow.nanos(stored);
    this.divisor = coarser ? ParquetToArrow.nanos(unit) / ParquetToArrow.nanos(stored) : 1;
  }

  /** Whether the unit read into is the stored one or coarser: a division, which cannot overflow. */
  private final boolean coarser;

  private final long divisor;

  @Override
  void convert(DenseValues values, int present, byte[] out) {
    ByteBuffer src =
        ByteBuffer.wrap(((FixedWidthValues) values).bytes()).order(ByteOrder.LITTLE_ENDIAN);
    for (int j = 0; j < present; j++) {
      long low = src.getLong(j * 12);
      int high = src.getInt(j * 12 + 8);
      long converted;
      if (high == (int) (low >> 63) && coarser) {
        // The high word only extends the low one's sign: the count fits 64 bits as it is.
        converted = divisor == 1 ? low : Math.floorDiv(low, divisor);
      } else {
        BigInteger count = BigInteger.valueOf(high).shiftLeft(64).add(unsignedLow(low));
        BigInteger in = convert(count, unit);
        if (in == null) {
          throw outOfRange(count);
        }
        converted = in.longValue();
      }
      Spread.put(out, j, 8, converted);
    }
  }

  private static BigInteger unsignedLow(long low) {
    BigInteger b = BigInteger.valueOf(low);
    return low >= 0 ? b : b.add(BigInteger.ONE.shiftLeft(64));
  }

  /** The count in {@code to}, or null when 64 bits cannot hold it. */
  private BigInteger convert(BigInteger count, TimeUnit to) {
    long from = ParquetToArrow.nanos(stored);
    long into = ParquetToArrow.nanos(to);
    BigInteger result =
        into >= from
            ? floorDiv(count, BigInteger.valueOf(into / from))
            : count.multiply(BigInteger.valueOf(from / into));
    return result.bitLength() < 64 ? result : null;
  }

  private static BigInteger floorDiv(BigInteger a, BigInteger b) {
    BigInteger[] qr = a.divideAndRemainder(b);
    return qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
  }

  private ParquetFormatException outOfRange(BigInteger count) {
    TimeUnit fits = null;
    for (TimeUnit candidate : FINEST_FIRST) {
      if (convert(count, candidate) != null) {
        fits = candidate;
        break;
      }
    }
    return new ParquetFormatException(
        "timestamp of "
            + count
            + " "
            + stored.name().toLowerCase(java.util.Locale.ROOT)
            + "s since 1970 (a 12-byte TIMESTAMP) is outside the "
            + unit
            + " range of 64 bits"
            + (fits == null
                ? ""
                : ": read it with ReadOptions.types(t -> t.fixedTimestampUnit("
                    + fits
                    + ")) (--fixed-timestamp-unit "
                    + fits.name().toLowerCase(java.util.Locale.ROOT)
                    + " in the CLI), the finest unit that holds it"));
  }
}
