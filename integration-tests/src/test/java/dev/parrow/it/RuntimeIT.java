package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.cli.ParrowCommand;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime the README promises, in child JVMs: reading needs no brotli4j (BROTLI pages are read
 * by the pure-Java decoder), and snappy-java's pure-Java mode, the fallback where its native
 * library is missing, reads and writes the same values as the native one.
 */
class RuntimeIT {
  @TempDir Path dir;

  private static String inProcess(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertEquals(
        0, ParrowCommand.run(args, new PrintWriter(out), new PrintWriter(err)), err.toString());
    return out.toString();
  }

  /** {@code parrow ARGS} in a child JVM with this class path less {@code without}, and flags. */
  private static String child(List<String> jvmFlags, String without, String... args)
      throws Exception {
    String classPath =
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(e -> without == null || !e.contains(without))
            .collect(Collectors.joining(File.pathSeparator));
    List<String> command =
        ChildJvm.command(jvmFlags, classPath, ParrowCommand.class.getName(), args);
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.PIPE).start();
    byte[] out = p.getInputStream().readAllBytes();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(2, TimeUnit.MINUTES));
    assertEquals(0, p.exitValue(), err);
    return new String(out, StandardCharsets.UTF_8);
  }

  @Test
  void readingNeedsNoBrotli4j() throws Exception {
    assertTrue(
        System.getProperty("java.class.path").contains("brotli4j"),
        "the test's own class path has brotli4j, so leaving it out means something");
    for (String codec : List.of("brotli", "snappy", "zstd", "gzip", "lz4_raw")) {
      String file =
          FixturesIT.projectTestdata().resolve("all_types_" + codec + ".parquet").toString();
      assertEquals(
          inProcess("cat", file, "--format", "jsonl"),
          child(List.of(), "brotli4j", "cat", file, "--format", "jsonl", "-q"),
          codec);
    }
  }

  @Test
  void snappyPureJavaReadsAndWritesTheSameValues() throws Exception {
    String file = FixturesIT.projectTestdata().resolve("all_types_snappy.parquet").toString();
    List<String> pureJava = List.of("-Dorg.xerial.snappy.purejava=true");
    String expected = inProcess("cat", file, "--format", "jsonl");
    assertEquals(expected, child(pureJava, null, "cat", file, "--format", "jsonl", "-q"));
    Path written = dir.resolve("pure.parquet");
    child(pureJava, null, "convert", file, written.toString(), "--compression", "snappy", "-q");
    assertEquals(expected, inProcess("cat", written.toString(), "--format", "jsonl"));
    assertFalse(expected.isEmpty());
  }
}
