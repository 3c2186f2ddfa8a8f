package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.internal.filter.BoundExpression.Kind;
import dev.parrow.arrow.internal.filter.BoundExpression.ValueType;
import dev.parrow.arrow.internal.filter.ExpressionEvaluator.Values;
import java.util.List;

/**
 * Computed filters' number functions, a batch at a time, rounding as DuckDB rounds: half away from
 * zero for decimals and (through {@code round}) floats.
 */
final class NumberFunctions {
  private NumberFunctions() {}

  /**
   * round, floor or ceil to {@code digits} decimal places (floor and ceil: none): a decimal's
   * unscaled value rounded at its place and kept at the result's scale, a float as DuckDB's {@code
   * round(x * 10^d) / 10^d}.
   */
  static Values round(
      String f, Values v, ValueType from, ValueType to, long digits, int rows, String filter) {
    Values out = new Values();
    out.present = v.present;
    if (from.isFloating()) {
      out.doubles = new double[rows];
      double scale = Math.pow(10, digits);
      double[] x = v.doubles;
      double[] r = out.doubles;
      switch (f) {
        case "floor" -> {
          for (int i = 0; i < rows; i++) {
            r[i] = Math.floor(x[i]);
          }
        }
        case "ceil" -> {
          for (int i = 0; i < rows; i++) {
            r[i] = Math.ceil(x[i]);
          }
        }
        default -> {
          for (int i = 0; i < rows; i++) {
            r[i] = digits == 0 ? halfAway(x[i]) : halfAway(x[i] * scale) / scale;
          }
        }
      }
      if (from.kind() == Kind.FLOAT) {
        for (int i = 0; i < rows; i++) {
          r[i] = (float) r[i];
        }
      }
      return out;
    }
    long places = f.equals("round") ? digits : 0;
    if (v.bigs != null || from.scale() - places > 18) {
      return WideValues.round(f, v, from.scale(), places, to.scale(), out, rows, filter);
    }
    // Rounded at 10^(scale - places); the result's scale is max(0, min(places, scale)).
    int drop = (int) (from.scale() - places);
    out.longs = new long[rows];
    if (drop <= 0) {
      out.longs = v.longs; // the scale kept: the values as they are
      return out;
    }
    long unit = pow10(drop);
    // With places < 0 the rounded value is scaled back up to the result's units.
    long restore = places < 0 ? pow10((int) -places) : 1;
    int mode = f.equals("floor") ? -1 : f.equals("ceil") ? 1 : 0;
    for (int i = 0; i < rows; i++) {
      if (!v.has(i)) {
        continue;
      }
      long x = v.longs[i];
      long q = x / unit;
      long r = x % unit;
      if (mode < 0) {
        q -= r < 0 ? 1 : 0;
      } else if (mode > 0) {
        q += r > 0 ? 1 : 0;
      } else if (Math.abs(r) >= unit - Math.abs(r)) {
        q += x < 0 ? -1 : 1;
      }
      try {
        out.longs[i] = Math.multiplyExact(q, restore);
      } catch (ArithmeticException e) {
        return WideValues.round(f, v, from.scale(), places, to.scale(), out, rows, filter);
      }
    }
    return out;
  }

  /** C's round: half away from zero. */
  static double halfAway(double x) {
    double a = Math.abs(x);
    double t = Math.floor(a);
    if (a - t >= 0.5) {
      t += 1;
    }
    return Math.copySign(t, x);
  }

  static Values sign(Values v, ValueType from, int rows) {
    Values out = new Values();
    out.present = v.present;
    out.longs = new long[rows];
    for (int i = 0; i < rows; i++) {
      if (from.isFloating()) {
        double d = v.doubles[i];
        out.longs[i] = d > 0 ? 1 : d < 0 ? -1 : 0; // NaN and -0.0 are 0, as in DuckDB
      } else {
        out.longs[i] = WideValues.big(v, i).signum();
      }
    }
    return out;
  }

  /** sqrt, ln, log10, exp and power on doubles; DuckDB's out-of-domain errors are errors here. */
  static Values math(String f, List<Values> args, int rows, String filter) {
    Values a = args.get(0);
    Values out = new Values();
    out.present =
        args.size() > 1 ? ExpressionEvaluator.and(a.present, args.get(1).present) : a.present;
    out.doubles = new double[rows];
    double[] x = a.doubles;
    double[] r = out.doubles;
    switch (f) {
      case "sqrt", "ln", "log10" -> {
        boolean log = !f.equals("sqrt");
        boolean natural = f.equals("ln");
        for (int i = 0; i < rows; i++) {
          if (out.has(i) && (x[i] < 0 || log && x[i] == 0)) {
            throw new IllegalArgumentException(
                filter + " takes " + f + " of " + x[i] + ", which has none");
          }
          r[i] = log ? (natural ? Math.log(x[i]) : Math.log10(x[i])) : Math.sqrt(x[i]);
        }
      }
      case "exp" -> {
        for (int i = 0; i < rows; i++) {
          r[i] = Math.exp(x[i]);
        }
      }
      default -> {
        double[] y = args.get(1).doubles;
        for (int i = 0; i < rows; i++) {
          r[i] = Math.pow(x[i], y[i]);
        }
      }
    }
    return out;
  }

  /** 10^n for n up to 18 (past it, the product is not checked). */
  static long pow10(int n) {
    long p = 1;
    for (int i = 0; i < n; i++) {
      p *= 10;
    }
    return p;
  }
}
