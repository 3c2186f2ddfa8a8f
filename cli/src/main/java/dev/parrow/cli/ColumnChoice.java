package dev.parrow.cli;

import picocli.CommandLine.Option;

/** The {@code --column PATH} of the inspection verbs. */
final class ColumnChoice {
  /** Where the verb shows every column unless one is named. */
  static final class Optional {
    @Option(
        names = "--column",
        paramLabel = "PATH",
        description = "Only this leaf column (dotted path).")
    String column;
  }

  /** Where the verb looks at one column, which must be named. */
  static final class Required {
    @Option(
        names = "--column",
        required = true,
        paramLabel = "PATH",
        description = "The leaf column (dotted path).")
    String column;
  }

  private ColumnChoice() {}
}
