package dev.parrow.cli;

import java.io.PrintWriter;

/**
 * Progress of long work on standard error. On a terminal: a bar redrawn in place, at most ten times
 * a second, with the rows done out of the total, the rate and the time left. Elsewhere (a log, a
 * pipe): nothing until one summary line at the end. Quiet: nothing at all.
 */
final class Progress {
  private static final long REDRAW_NANOS = 100_000_000L;
  private static final int BAR = 24;

  private final PrintWriter err;
  private final boolean live;
  private final boolean quiet;
  private final long total;
  private final long start = System.nanoTime();
  private long lastDraw;
  private boolean drawn;

  /**
   * @param total the rows expected, or -1 when not known in advance (an Arrow stream)
   */
  Progress(PrintWriter err, long total, boolean quiet) {
    this(err, total, quiet, !quiet && Terminal.isTerminal(Terminal.STDERR));
  }

  Progress(PrintWriter err, long total, boolean quiet, boolean live) {
    this.err = err;
    this.total = total;
    this.quiet = quiet;
    this.live = live;
  }

  /** {@code rows} are done so far (a running total). */
  void update(long rows) {
    if (!live) {
      return;
    }
    long now = System.nanoTime();
    if (drawn && now - lastDraw < REDRAW_NANOS) {
      return;
    }
    lastDraw = now;
    drawn = true;
    err.print("\r" + line(rows, now - start) + "\033[K");
    err.flush();
  }

  /** The work is done: clears the bar and prints {@code summary} with the time it took. */
  void finish(String summary, long rows) {
    if (quiet) {
      return;
    }
    long elapsed = System.nanoTime() - start;
    String clear = drawn ? "\r\033[K" : "";
    err.println(
        clear + "parrow: " + summary + " in " + Sizes.seconds(elapsed) + rate(rows, elapsed));
    err.flush();
  }

  /** Removes the bar without a summary (the work failed or was cut short). */
  void abandon() {
    if (drawn) {
      err.print("\r\033[K");
      err.flush();
    }
  }

  /** The bar's text: {@code [##### ] 1,234 / 5,678 rows 21% 1.2M rows/s ETA 0:04}. */
  String line(long rows, long elapsedNanos) {
    StringBuilder sb = new StringBuilder("parrow: ");
    double rate = elapsedNanos > 0 ? rows * 1e9 / elapsedNanos : 0;
    if (total > 0) {
      double fraction = Math.min(1, (double) rows / total);
      int filled = (int) Math.round(fraction * BAR);
      sb.append('[')
          .append("#".repeat(filled))
          .append(" ".repeat(BAR - filled))
          .append("] ")
          .append(Sizes.count(rows))
          .append(" / ")
          .append(Sizes.count(total))
          .append(" rows ")
          .append(String.format("%3d%%", (int) (fraction * 100)));
    } else {
      sb.append(Sizes.count(rows)).append(" rows");
    }
    if (rows > 0) {
      sb.append("  ").append(Sizes.shortCount(rate)).append(" rows/s");
      if (total > 0 && rate > 0 && rows < total) {
        long left = (long) ((total - rows) / rate);
        sb.append("  ETA ").append(Sizes.clock(left));
      }
    }
    return sb.toString();
  }

  private static String rate(long rows, long elapsedNanos) {
    if (rows <= 0 || elapsedNanos <= 0) {
      return "";
    }
    return " (" + Sizes.shortCount(rows * 1e9 / elapsedNanos) + " rows/s)";
  }
}
