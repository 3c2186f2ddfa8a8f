package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.internal.filter.ExpressionEvaluator.Values;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Integers and decimals past 64 bits in computed filters: a decimal column of more than 18 digits
 * holding such values, a uint64 past 2^63, or arithmetic whose result outgrows a long. Their batch
 * is computed with BigIntegers (the slow path, taken only then) up to DuckDB's 38 digits, and
 * narrowed back to longs where every value fits.
 */
final class WideValues {
  /** DuckDB's widest decimal: 38 digits. */
  private static final BigInteger LIMIT = BigInteger.TEN.pow(38);

  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  private WideValues() {}

  /** Value i as a BigInteger, from whichever form the batch holds. */
  static BigInteger big(Values v, int i) {
    return v.bigs != null ? v.bigs[i] : BigInteger.valueOf(v.longs[i]);
  }

  /** The values with every row a BigInteger (absent rows zero). */
  static BigInteger[] bigs(Values v, int rows) {
    if (v.bigs != null) {
      return v.bigs;
    }
    BigInteger[] out = new BigInteger[rows];
    for (int i = 0; i < rows; i++) {
      out[i] = BigInteger.valueOf(v.longs[i]);
    }
    return out;
  }

  /**
   * Sets {@code out}'s values: as longs where every present one fits, else as BigIntegers, which
   * must stay within 38 digits.
   */
  static Values narrow(Values out, BigInteger[] values, int rows, String filter) {
    return narrow(out, values, rows, filter, true);
  }

  /**
   * As {@link #narrow(Values, BigInteger[], int, String)}; {@code limited} false for values only
   * brought to another scale to be compared, which may pass 38 digits.
   */
  static Values narrow(Values out, BigInteger[] values, int rows, String filter, boolean limited) {
    boolean fits = true;
    for (int i = 0; i < rows; i++) {
      if (!out.has(i)) {
        values[i] = BigInteger.ZERO;
        continue;
      }
      BigInteger x = values[i];
      if (limited && x.abs().compareTo(LIMIT) >= 0) {
        throw new IllegalArgumentException(
            filter + " computes a number of more than 38 digits: " + x);
      }
      fits &= x.compareTo(LONG_MIN) >= 0 && x.compareTo(LONG_MAX) <= 0;
    }
    if (fits) {
      out.longs = new long[rows];
      for (int i = 0; i < rows; i++) {
        out.longs[i] = values[i].longValue();
      }
      out.bigs = null;
    } else {
      out.bigs = values;
      out.longs = null;
    }
    return out;
  }

  /** + - * // % of two batches of exact values at their aligned scales. */
  static Values arithmetic(String op, Values a, Values b, Values out, int rows, String filter) {
    BigInteger[] r = new BigInteger[rows];
    for (int i = 0; i < rows; i++) {
      if (!out.has(i)) {
        continue;
      }
      BigInteger x = big(a, i);
      BigInteger y = big(b, i);
      switch (op) {
        case "+" -> r[i] = x.add(y);
        case "-" -> r[i] = x.subtract(y);
        case "*" -> r[i] = x.multiply(y);
        default -> {
          if (y.signum() == 0) {
            out.present[i >>> 6] &= ~(1L << i); // by zero: NULL, as in DuckDB
          } else {
            r[i] = op.equals("//") ? x.divide(y) : x.remainder(y);
          }
        }
      }
    }
    return narrow(out, r, rows, filter);
  }

  /** Negation or absolute value. */
  static Values sign(Values v, boolean abs, Values out, int rows, String filter) {
    BigInteger[] r = new BigInteger[rows];
    for (int i = 0; i < rows; i++) {
      if (out.has(i)) {
        BigInteger x = big(v, i);
        r[i] = abs ? x.abs() : x.negate();
      }
    }
    return narrow(out, r, rows, filter);
  }

  /** Values times {@code factor} (a scale raised). */
  static Values scale(Values v, BigInteger f, Values out, int rows, String filter) {
    BigInteger[] r = new BigInteger[rows];
    for (int i = 0; i < rows; i++) {
      if (out.has(i)) {
        r[i] = big(v, i).multiply(f);
      }
    }
    return narrow(out, r, rows, filter, false);
  }

  /** Value i as a decimal of the given scale. */
  static BigDecimal decimal(Values v, int i, int scale) {
    return new BigDecimal(big(v, i), scale);
  }

  /**
   * round, floor or ceil of wide values at {@code scale} to {@code places} (a result of scale
   * {@code toScale}).
   */
  static Values round(
      String f,
      Values v,
      int scale,
      long places,
      int toScale,
      Values out,
      int rows,
      String filter) {
    RoundingMode mode =
        f.equals("floor")
            ? RoundingMode.FLOOR
            : f.equals("ceil") ? RoundingMode.CEILING : RoundingMode.HALF_UP;
    BigInteger[] r = new BigInteger[rows];
    for (int i = 0; i < rows; i++) {
      if (out.has(i)) {
        BigDecimal d = decimal(v, i, scale).setScale((int) places, mode);
        r[i] = d.setScale(toScale, RoundingMode.UNNECESSARY).unscaledValue();
      }
    }
    return narrow(out, r, rows, filter);
  }

  /** Compares a * fa with b * fb, the two batches' values at row i. */
  static int compare(Values a, long fa, Values b, long fb, int i) {
    return big(a, i)
        .multiply(BigInteger.valueOf(fa))
        .compareTo(big(b, i).multiply(BigInteger.valueOf(fb)));
  }
}
