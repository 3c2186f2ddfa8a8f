package dev.parrow.cli;

import picocli.CommandLine.Option;

/** {@code --overwrite}, for the verbs that write a new file. */
final class Overwrite {
  @Option(
      names = "--overwrite",
      description = "Replace OUT if it exists (only once the new file is whole).")
  boolean allowed;
}
