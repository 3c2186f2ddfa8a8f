/**
 * The {@code parrow} command. Picocli reads the commands' annotations, so their package is open to
 * it.
 */
module dev.parrow.cli {
  requires dev.parrow.arrow;
  requires info.picocli;

  opens dev.parrow.cli to
      info.picocli;
}
