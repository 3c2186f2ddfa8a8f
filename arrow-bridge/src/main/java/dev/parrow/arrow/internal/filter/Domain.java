package dev.parrow.arrow.internal.filter;

import java.util.Arrays;

/**
 * How the values of a filtered column compare, once brought to one Java form: integers of every
 * width, dates, times, timestamps, booleans and decimals up to precision 18 as longs (signed or,
 * for uint64, unsigned), floats as doubles, strings and binaries as bytes, wider decimals as
 * unscaled BigIntegers. Statistics, dictionary pages and vectors are all read into this form.
 */
public enum Domain {
  /** Longs, signed order. */
  SIGNED,
  /** Longs holding uint64 values, unsigned order. */
  UNSIGNED,
  /** Doubles: -0.0 equals 0.0; NaN equals NaN and is above every other value. */
  FLOAT,
  /** Byte strings, unsigned lexicographic order. */
  BYTES,
  /** Unscaled BigIntegers of a decimal wider than 18 digits. */
  DECIMAL,
  /** Values that have no order Parrow filters by (intervals, nulls): only IS [NOT] NULL. */
  NONE;

  public static int compareDoubles(double a, double b) {
    if (a < b) {
      return -1;
    }
    if (a > b) {
      return 1;
    }
    if (a == b) {
      return 0; // -0.0 == 0.0
    }
    boolean aNaN = Double.isNaN(a);
    boolean bNaN = Double.isNaN(b);
    return aNaN == bNaN ? 0 : aNaN ? 1 : -1;
  }

  /** Compares two keys of this domain (boxed: for planning, not for row loops). */
  public int compare(Object a, Object b) {
    return switch (this) {
      case SIGNED -> Long.compare((Long) a, (Long) b);
      case UNSIGNED -> Long.compareUnsigned((Long) a, (Long) b);
      case FLOAT -> compareDoubles((Double) a, (Double) b);
      case BYTES -> Arrays.compareUnsigned((byte[]) a, (byte[]) b);
      case DECIMAL -> ((java.math.BigInteger) a).compareTo((java.math.BigInteger) b);
      case NONE -> throw new IllegalStateException("values without an order");
    };
  }
}
