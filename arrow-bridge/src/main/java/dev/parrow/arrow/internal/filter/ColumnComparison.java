package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.internal.filter.BoundFilter.Kind;
import dev.parrow.arrow.internal.filter.FilterColumn.LiteralKind;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * How the values of two columns meet in a comparison of one with the other ({@code l_commitdate <
 * l_receiptdate}), decided when the filter is bound, and the comparison of a batch's rows.
 *
 * <p>Both columns must be of one kind: numbers (integers of any width and sign, decimals of any
 * scale, floats), instants (dates and timestamps), times of day, booleans, byte strings (strings
 * and binaries) or UUIDs. Numbers and instants compare exactly across scales and units: a decimal
 * of scale 2 meets one of scale 4, a date meets a timestamp as its midnight (UTC, as a literal
 * without a zone is), milliseconds meet nanoseconds, without rounding either side. Floats compare
 * as the filters' literals do (-0.0 equals 0.0, NaN equals NaN and is above every number).
 *
 * <p>A float meets another number as DuckDB casts the pair: with a DOUBLE column both are doubles;
 * with a FLOAT column and no DOUBLE, the other number is first rounded to a float (an integer
 * directly, a decimal as its unscaled value over its power of ten, in floats), so that {@code
 * 16777217 = 16777216.0} holds against a FLOAT column as in DuckDB.
 */
public final class ColumnComparison {
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;

  /** How the two sides' values are brought together. */
  private enum Form {
    /** Longs: one side, the coarser, is in units {@code ratio} times the other's. */
    LONGS,
    /** Both sides as doubles. */
    DOUBLES,
    /** Both sides rounded to floats (held as doubles). */
    FLOATS,
    /** Byte strings, unsigned. */
    BYTES,
    /** Unscaled BigIntegers brought to one scale (uint64 or wide decimals meeting others). */
    EXACT
  }

  private final Form form;
  private final long ratio;
  private final boolean leftCoarse;
  private final FilterColumn left;
  private final FilterColumn right;

  private ColumnComparison(
      Form form, long ratio, boolean leftCoarse, FilterColumn left, FilterColumn right) {
    this.form = form;
    this.ratio = ratio;
    this.leftCoarse = leftCoarse;
    this.left = left;
    this.right = right;
  }

  /** The kinds of column that compare with each other. */
  private enum Family {
    NUMBER,
    INSTANT,
    TIME,
    BOOLEAN,
    BYTES,
    UUID
  }

  private static Family family(FilterColumn c) {
    return switch (c.literal()) {
      case INTEGER, DECIMAL, FLOAT -> Family.NUMBER;
      case DATE, TIMESTAMP -> Family.INSTANT;
      case TIME -> Family.TIME;
      case BOOLEAN -> Family.BOOLEAN;
      case STRING, BINARY -> Family.BYTES;
      case UUID -> Family.UUID;
      case NONE -> null;
    };
  }

  /**
   * How two columns compare, or null when they do not: columns of different kinds, or one without
   * an order.
   */
  static ColumnComparison of(FilterColumn left, FilterColumn right) {
    Family family = family(left);
    if (family == null || family != family(right)) {
      return null;
    }
    return switch (family) {
      case NUMBER -> numbers(left, right);
      case INSTANT, TIME -> units(left, right, unitNanos(left), unitNanos(right));
      case BOOLEAN -> new ColumnComparison(Form.LONGS, 1, true, left, right);
      case BYTES, UUID -> new ColumnComparison(Form.BYTES, 1, true, left, right);
    };
  }

  private static ColumnComparison numbers(FilterColumn left, FilterColumn right) {
    if (left.domain() == Domain.FLOAT || right.domain() == Domain.FLOAT) {
      boolean doubles = isDouble(left) || isDouble(right);
      return new ColumnComparison(doubles ? Form.DOUBLES : Form.FLOATS, 1, true, left, right);
    }
    int ls = scale(left);
    int rs = scale(right);
    boolean longs = left.domain() == Domain.SIGNED && right.domain() == Domain.SIGNED;
    boolean unsigned = left.domain() == Domain.UNSIGNED && right.domain() == Domain.UNSIGNED;
    if ((longs && Math.abs(ls - rs) <= 18) || (unsigned && ls == rs)) {
      // Two uint64 columns hold their values with the sign bit flipped: signed order is theirs.
      return units(
          left,
          right,
          NumberFunctions.pow10(Math.max(ls, rs) - ls),
          NumberFunctions.pow10(Math.max(ls, rs) - rs));
    }
    return new ColumnComparison(Form.EXACT, 1, true, left, right);
  }

  /**
   * Longs in units of {@code leftUnit} and {@code rightUnit} (in a common finest unit): the coarser
   * side is the one whose unit is larger, {@code ratio} times the finer one.
   */
  private static ColumnComparison units(
      FilterColumn left, FilterColumn right, long leftUnit, long rightUnit) {
    boolean leftCoarse = leftUnit >= rightUnit;
    long ratio = leftCoarse ? leftUnit / rightUnit : rightUnit / leftUnit;
    return new ColumnComparison(Form.LONGS, ratio, leftCoarse, left, right);
  }

  private static boolean isDouble(FilterColumn c) {
    return c.domain() == Domain.FLOAT && !c.float32();
  }

  private static int scale(FilterColumn c) {
    return c.literal() == LiteralKind.DECIMAL ? c.scale() : 0;
  }

  private static long unitNanos(FilterColumn c) {
    return c.literal() == LiteralKind.DATE ? NANOS_PER_DAY : c.unitNanos();
  }

  /**
   * Bits of the first {@code n} rows where {@code l kind r} holds (rows where either is null
   * included: the caller masks them).
   */
  long[] compare(Kind kind, ColumnValues l, ColumnValues r, int n) {
    int[] cmp = new int[n];
    switch (form) {
      case LONGS -> compareLongs(l.longs, r.longs, n, cmp);
      case DOUBLES, FLOATS -> {
        boolean floats = form == Form.FLOATS;
        double[] a = floating(l, left, n, floats);
        double[] b = floating(r, right, n, floats);
        for (int i = 0; i < n; i++) {
          cmp[i] = Domain.compareDoubles(a[i], b[i]);
        }
      }
      case BYTES -> {
        for (int i = 0; i < n; i++) {
          cmp[i] =
              Integer.signum(
                  Arrays.compareUnsigned(
                      l.data, l.start(i), l.end(i), r.data, r.start(i), r.end(i)));
        }
      }
      case EXACT -> {
        int scale = Math.max(scale(left), scale(right));
        BigInteger ls = BigInteger.TEN.pow(scale - scale(left));
        BigInteger rs = BigInteger.TEN.pow(scale - scale(right));
        for (int i = 0; i < n; i++) {
          cmp[i] = exact(l, left, i).multiply(ls).compareTo(exact(r, right, i).multiply(rs));
        }
      }
    }
    long[] out = new long[(n + 63) >>> 6];
    for (int w = 0, base = 0; base < n; w++, base += 64) {
      int end = Math.min(n, base + 64);
      long bits = 0;
      switch (kind) {
        case EQ -> {
          for (int i = base; i < end; i++) {
            bits |= (cmp[i] == 0 ? 1L : 0L) << i;
          }
        }
        case NE -> {
          for (int i = base; i < end; i++) {
            bits |= (cmp[i] != 0 ? 1L : 0L) << i;
          }
        }
        case LT -> {
          for (int i = base; i < end; i++) {
            bits |= (cmp[i] < 0 ? 1L : 0L) << i;
          }
        }
        case LE -> {
          for (int i = base; i < end; i++) {
            bits |= (cmp[i] <= 0 ? 1L : 0L) << i;
          }
        }
        case GT -> {
          for (int i = base; i < end; i++) {
            bits |= (cmp[i] > 0 ? 1L : 0L) << i;
          }
        }
        case GE -> {
          for (int i = base; i < end; i++) {
            bits |= (cmp[i] >= 0 ? 1L : 0L) << i;
          }
        }
        default -> throw new IllegalStateException(kind.toString());
      }
      out[w] = bits;
    }
    return out;
  }

  /**
   * The sign of each row's comparison: the coarser side's value times {@code ratio} against the
   * finer one's, by dividing the finer one (floor, its remainder deciding a tie), so that nothing
   * overflows.
   */
  private void compareLongs(long[] a, long[] b, int n, int[] cmp) {
    if (ratio == 1) {
      for (int i = 0; i < n; i++) {
        cmp[i] = Long.compare(a[i], b[i]);
      }
    } else if (leftCoarse) {
      for (int i = 0; i < n; i++) {
        long q = Math.floorDiv(b[i], ratio);
        int c = Long.compare(a[i], q);
        cmp[i] = c != 0 ? c : q * ratio == b[i] ? 0 : -1;
      }
    } else {
      for (int i = 0; i < n; i++) {
        long q = Math.floorDiv(a[i], ratio);
        int c = Long.compare(q, b[i]);
        cmp[i] = c != 0 ? c : q * ratio == a[i] ? 0 : 1;
      }
    }
  }

  /**
   * A numeric side as doubles, or as floats ({@code floats}) held in doubles, cast as DuckDB casts
   * it: an integer rounded once, a decimal as its unscaled value rounded and divided by its power
   * of ten in the target's precision.
   */
  private static double[] floating(ColumnValues v, FilterColumn c, int n, boolean floats) {
    if (c.domain() == Domain.FLOAT) {
      return v.doubles;
    }
    double[] out = new double[n];
    double divisor = Double.parseDouble("1e" + scale(c));
    float floatDivisor = (float) divisor;
    if (c.domain() == Domain.SIGNED) {
      for (int i = 0; i < n; i++) {
        long x = v.longs[i];
        out[i] = floats ? (double) ((float) x / floatDivisor) : x / divisor;
      }
    } else {
      // uint64 and wide decimals through BigInteger, whose conversions round once.
      for (int i = 0; i < n; i++) {
        BigInteger x = exact(v, c, i);
        out[i] = floats ? (double) (x.floatValue() / floatDivisor) : x.doubleValue() / divisor;
      }
    }
    return out;
  }

  /** A numeric side's unscaled value, exactly. */
  private static BigInteger exact(ColumnValues v, FilterColumn c, int i) {
    return switch (c.domain()) {
      case SIGNED -> BigInteger.valueOf(v.longs[i]);
      case UNSIGNED -> {
        long u = v.longs[i] ^ Long.MIN_VALUE;
        BigInteger b = BigInteger.valueOf(u);
        yield u >= 0 ? b : b.add(BigInteger.ONE.shiftLeft(64));
      }
      default -> v.bigs[i];
    };
  }
}
