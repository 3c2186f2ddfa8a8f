package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distributions the build makes, as a user installs them: unpacked anywhere, run through a
 * symbolic link from another directory, with the Java that JAVA_HOME names (none on the PATH), the
 * self-contained one with no Java at all, and the jar by itself with {@code java -jar}. Each prints
 * the demo file's rows.
 */
class DistributionIT {
  private static final Path CLI_TARGET =
      FixturesIT.projectTestdata().getParent().resolve("cli").resolve("target");

  @TempDir Path dir;

  record Run(int code, String out, String err) {}

  private static Path archive(String suffix) throws IOException {
    try (Stream<Path> files = Files.list(CLI_TARGET)) {
      return files
          .filter(p -> p.getFileName().toString().matches("parrow-.*-" + suffix))
          .findFirst()
          .orElseThrow(() -> new AssertionError("no parrow-*-" + suffix + " in " + CLI_TARGET));
    }
  }

  /** The distribution unpacked under {@code dir}: its top folder. */
  private Path unpack(Path archive, String into) throws Exception {
    Path to = Files.createDirectories(dir.resolve(into));
    Run r = run(List.of("tar", "xzf", archive.toString(), "-C", to.toString()), Map.of(), dir);
    assertEquals(0, r.code(), r.err());
    try (Stream<Path> top = Files.list(to)) {
      return top.findFirst().orElseThrow();
    }
  }

  private static Run run(List<String> command, Map<String, String> env, Path cwd) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
    pb.environment().clear();
    pb.environment().put("HOME", cwd.toString());
    pb.environment().put("PATH", "/usr/bin:/bin");
    pb.environment().putAll(env);
    Path out = Files.createTempFile(cwd, "out", ".txt");
    Path err = Files.createTempFile(cwd, "err", ".txt");
    Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertTrue(p.waitFor(3, TimeUnit.MINUTES), command + " hung");
    return new Run(
        p.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  private static void printsTheDemoRows(Run r) {
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("order_id"), r.out());
    assertEquals(3, r.out().lines().count(), r.out());
  }

  @Test
  void theBinDistributionRunsThroughASymlinkWithJavaHome() throws Exception {
    Path home = unpack(archive("bin.tar.gz"), "bin");
    Path links = Files.createDirectories(dir.resolve("elsewhere"));
    Path link = Files.createSymbolicLink(links.resolve("parrow"), home.resolve("bin/parrow"));
    String javaHome = System.getProperty("java.home");
    // No java on the PATH: the launcher takes JAVA_HOME's, and finds its jar through the link.
    Run r =
        run(
            List.of(
                link.toString(),
                "head",
                home.resolve("share/orders.parquet").toString(),
                "-n",
                "2"),
            Map.of("JAVA_HOME", javaHome),
            links);
    printsTheDemoRows(r);
    Run version = run(List.of(link.toString(), "--version"), Map.of("JAVA_HOME", javaHome), links);
    assertTrue(
        version.out().contains("Java " + Runtime.version().feature()),
        "runs on JAVA_HOME's Java: " + version.out());
    Run none =
        run(List.of(link.toString(), "--version"), Map.of("JAVA_HOME", "/no/such/jdk"), links);
    assertEquals(1, none.code());
    assertTrue(none.err().contains("no Java found"), none.err());
  }

  @Test
  void theSelfContainedDistributionNeedsNoJava() throws Exception {
    Path home = unpack(archive("linux-*.tar.gz".replace("*", "[a-z0-9_]+")), "self");
    Run r =
        run(
            List.of(
                home.resolve("bin/parrow").toString(),
                "head",
                home.resolve("share/orders.parquet").toString(),
                "-n",
                "2"),
            Map.of(),
            dir);
    printsTheDemoRows(r);
  }

  @Test
  void javaDashJarWorksOnItsOwn() throws Exception {
    Path home = unpack(archive("bin.tar.gz"), "jar");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(
        List.of(
            "-jar",
            home.resolve("lib/parrow.jar").toString(),
            "head",
            home.resolve("share/orders.parquet").toString(),
            "-n",
            "2"));
    printsTheDemoRows(run(command, Map.of(), dir));
  }
}
