package dev.parrow.cli;

import java.util.Locale;

/** Human-readable numbers for terminal output. */
final class Sizes {
  private Sizes() {}

  private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

  /** 1536 -> "1.5 KiB"; bytes below 1 KiB are shown exactly. */
  static String bytes(long n) {
    if (n < 1024) {
      return n + " B";
    }
    double v = n;
    int unit = 0;
    while (v >= 1024 && unit < UNITS.length - 1) {
      v /= 1024;
      unit++;
    }
    return String.format(
        Locale.ROOT, v >= 100 ? "%.0f %s" : v >= 10 ? "%.1f %s" : "%.2f %s", v, UNITS[unit]);
  }

  /** 1234567 -> "1,234,567". */
  static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** "1 row", "2,000 rows". */
  static String plural(long n, String noun) {
    return count(n) + " " + noun + (n == 1 ? "" : "s");
  }

  /** Uncompressed over compressed size, or null when there is nothing compressed. */
  static String ratio(long uncompressed, long compressed) {
    return compressed <= 0
        ? null
        : String.format(Locale.ROOT, "%.2f", (double) uncompressed / compressed);
  }
}
