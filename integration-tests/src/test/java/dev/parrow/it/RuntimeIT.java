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
 * by the pure-Java decoder), and on a platform the native codecs do not ship for, reading works
 * where a Java path exists and fails clearly where none does.
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

  /** What a child JVM's {@code parrow} printed, and its exit code. */
  private record Run(int exit, String out, String err) {}

  /** {@code parrow ARGS} in a child JVM with this class path less {@code without}, and flags. */
  private static Run run(List<String> jvmFlags, String without, String... args) throws Exception {
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
    return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8), err);
  }

  private static String child(List<String> jvmFlags, String without, String... args)
      throws Exception {
    Run run = run(jvmFlags, without, args);
    assertEquals(0, run.exit(), run.err());
    return run.out();
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

  /**
   * A platform the native codecs do not ship for, as snappy-java and zstd-jni see it: their
   * libraries are looked up by {@code os.arch}. Snappy pages are read by Parrow's Java decoder with
   * the same values; ZSTD pages, and writing either codec, fail with one line naming the codec, the
   * library and the platform; the codecs with Java paths read and write as ever.
   */
  @Test
  void aPlatformWithoutTheNativeCodecs() throws Exception {
    List<String> sparc = List.of("-Dos.arch=sparcv9");
    String platform = System.getProperty("os.name") + " sparcv9";
    for (String codec : List.of("snappy", "lz4_raw", "gzip", "brotli")) {
      String file =
          FixturesIT.projectTestdata().resolve("all_types_" + codec + ".parquet").toString();
      String expected = inProcess("cat", file, "--format", "jsonl");
      assertFalse(expected.isEmpty());
      assertEquals(expected, child(sparc, null, "cat", file, "--format", "jsonl", "-q"), codec);
    }

    String zstd = FixturesIT.projectTestdata().resolve("all_types_zstd.parquet").toString();
    Run read = run(sparc, null, "cat", zstd, "-q");
    assertEquals(1, read.exit(), read.err());
    assertTrue(read.err().startsWith("parrow: " + zstd), read.err());
    assertTrue(
        read.err()
            .contains(
                "ZSTD pages need zstd-jni's native library, which did not load on"
                    + " this platform ("
                    + platform
                    + ")"),
        read.err());
    assertFalse(read.err().contains("internal error"), read.err());
    assertEquals(1, read.err().strip().lines().count(), read.err());

    String snappy = FixturesIT.projectTestdata().resolve("all_types_snappy.parquet").toString();
    for (String codec : List.of("snappy", "zstd")) {
      Path target = dir.resolve(codec + ".parquet");
      Run write =
          run(sparc, null, "convert", snappy, target.toString(), "--compression", codec, "-q");
      assertEquals(1, write.exit(), write.err());
      String library = codec.equals("snappy") ? "snappy-java" : "zstd-jni";
      assertTrue(
          write
              .err()
              .contains(
                  codec.toUpperCase(java.util.Locale.ROOT)
                      + " compression needs "
                      + library
                      + "'s native library, which did not load on this platform ("
                      + platform
                      + ")"),
          write.err());
      assertFalse(java.nio.file.Files.exists(target), "nothing written");
    }
    Path gzip = dir.resolve("gzip.parquet");
    child(sparc, null, "convert", snappy, gzip.toString(), "--compression", "gzip", "-q");
    assertEquals(
        inProcess("cat", snappy, "--format", "jsonl"),
        inProcess("cat", gzip.toString(), "--format", "jsonl"));
  }
}
