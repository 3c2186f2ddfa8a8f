package dev.parrow.cli;

import picocli.CommandLine.Option;

/** The options of the verbs that print rows (head, cat): how many, and in which format. */
final class RowSettings {
  @Option(
      names = {"-n", "--limit", "--rows"},
      paramLabel = "N",
      description = "At most N rows (head: 10 unless given; cat: every row).")
  Long limit;

  @Option(
      names = "--format",
      defaultValue = "table",
      paramLabel = "FORMAT",
      description = "table (default: one aligned table), jsonl or csv.")
  RowPrinter.Format format;

  @Option(
      names = "--null-value",
      paramLabel = "TEXT",
      defaultValue = "",
      description =
          "What CSV writes for a null (default: nothing; an empty string is then written \"\").")
  String nullValue;

  @Option(
      names = "--binary",
      paramLabel = "ENCODING",
      description =
          "How binary values are written: hex (0x..., the default in tables) or base64 (the"
              + " default in JSON lines and CSV).")
  ValueText.Binary binary;

  /** {@return the row limit, {@code otherwise} when none was given} */
  long limitOr(long otherwise) {
    return limit == null ? otherwise : limit;
  }
}
