package dev.parrow.cli;

import picocli.CommandLine.Option;

/** How wide a table of rows may be. */
final class TableSettings {
  @Option(
      names = "--wide",
      description = "Print whole values; by default cells are cut to fit the terminal's width.")
  boolean wide;

  @Option(
      names = "--width",
      paramLabel = "COLUMNS",
      description = "Fit tables to this many columns (default: the terminal's width).")
  Integer width;

  /** The width to fit a table to: 0 for whole values (also when standard output is no terminal). */
  int width() {
    if (wide) {
      return 0;
    }
    if (width != null) {
      return Math.max(1, width);
    }
    return Terminal.isTerminal(Terminal.STDOUT) ? Terminal.width() : 0;
  }
}
