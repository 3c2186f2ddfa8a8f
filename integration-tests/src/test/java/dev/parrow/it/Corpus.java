package dev.parrow.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * The shared test material: the parquet-testing corpus and the interop files. Tests that need them
 * and cannot find them are skipped with a message saying how to get them; they never fail for that.
 */
public final class Corpus {
  private Corpus() {}

  /** {@code PARQUET_TESTING_DIR}, else {@code ../shared/parquet-testing} beside the project. */
  public static Path parquetTesting() {
    String env = System.getenv("PARQUET_TESTING_DIR");
    Path dir = env != null && !env.isBlank() ? Path.of(env) : shared().resolve("parquet-testing");
    Assumptions.assumeTrue(
        Files.isDirectory(dir.resolve("data")),
        "parquet-testing corpus not found at "
            + dir.toAbsolutePath()
            + ": clone apache/parquet-testing and set PARQUET_TESTING_DIR to it");
    return dir;
  }

  /** The shared folder beside the project (Maven passes its location as parrow.shared.dir). */
  public static Path shared() {
    String property = System.getProperty("parrow.shared.dir");
    return (property != null ? Path.of(property) : Path.of("..", "..", "shared"))
        .toAbsolutePath()
        .normalize();
  }

  /**
   * Every Parquet file (plain or encrypted) under data/, bad_data/ and shredded_variant/, sorted.
   */
  public static List<Path> allParquetFiles() {
    Path root = parquetTesting();
    return Stream.of("data", "bad_data", "shredded_variant")
        .map(root::resolve)
        .filter(Files::isDirectory)
        .flatMap(Corpus::walk)
        .filter(
            p -> {
              String name = p.getFileName().toString();
              return name.endsWith(".parquet") || name.endsWith(".parquet.encrypted");
            })
        .sorted()
        .collect(Collectors.toList());
  }

  public static boolean isEncrypted(Path file) {
    return file.getFileName().toString().endsWith(".encrypted");
  }

  /**
   * Files a reader may refuse: those under bad_data/, and the error cases of
   * shredded_variant/cases.json (invalid shredded variants, which Parrow refuses).
   */
  public static boolean isBadData(Path file) {
    String dir = file.getParent().getFileName().toString();
    return dir.equals("bad_data")
        || dir.equals("shredded_variant")
            && invalidVariants().contains(file.getFileName().toString());
  }

  private static java.util.Set<String> invalidVariants;

  /** The Parquet files of shredded_variant/cases.json's error cases. */
  @SuppressWarnings("unchecked")
  static synchronized java.util.Set<String> invalidVariants() {
    if (invalidVariants == null) {
      java.util.Set<String> names = new java.util.HashSet<>();
      Path cases = parquetTesting().resolve("shredded_variant").resolve("cases.json");
      try {
        for (Object c : (List<Object>) Json.parse(java.nio.file.Files.readString(cases))) {
          var m = (java.util.Map<String, Object>) c;
          if (m.containsKey("error_message") && m.get("parquet_file") != null) {
            names.add((String) m.get("parquet_file"));
          }
        }
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      invalidVariants = names;
    }
    return invalidVariants;
  }

  /** The path relative to the corpus root, for test names and messages. */
  public static String name(Path file) {
    return parquetTesting().relativize(file).toString();
  }

  private static Stream<Path> walk(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).collect(Collectors.toList()).stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
