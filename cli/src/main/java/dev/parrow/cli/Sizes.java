package dev.parrow.cli;

import java.time.Duration;
import java.util.Locale;

/** Human-readable numbers and durations for terminal output. */
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

  static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
  }

  static String clock(long seconds) {
    Duration d = Duration.ofSeconds(seconds);
    return d.toHours() > 0
        ? String.format("%d:%02d:%02d", d.toHours(), d.toMinutesPart(), d.toSecondsPart())
        : String.format("%d:%02d", d.toMinutes(), d.toSecondsPart());
  }

  /** 0.1, 9.5, 950, 12.3K, 4.5M, 1.2G (a rate of two rows in 20 s is 0.1, not 0). */
  static String shortCount(double n) {
    if (n < 10) {
      return String.format(Locale.ROOT, "%.1f", n);
    }
    if (n < 1_000) {
      return String.format(Locale.ROOT, "%.0f", n);
    }
    String[] units = {"K", "M", "G", "T"};
    int u = -1;
    while (n >= 1_000 && u < units.length - 1) {
      n /= 1_000;
      u++;
    }
    return String.format(Locale.ROOT, n < 100 ? "%.1f%s" : "%.0f%s", n, units[u]);
  }
}
