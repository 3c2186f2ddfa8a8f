package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.cli.ParrowCommand;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The real {@code parrow} launcher in a child process, used as a shell uses it: interrupted with
 * SIGINT and SIGTERM mid-write, read through a pipe that closes early, fed from stdin and written
 * to stdout. The big input is written by DuckDB: 2,000,000 rows of an id and 64 characters of hex.
 */
class CliShellIT {
  private static final Path ROOT = FixturesIT.projectTestdata().getParent();
  private static final Path LAUNCHER = ROOT.resolve("parrow");
  private static final Path ORDERS = FixturesIT.projectTestdata().resolve("orders.parquet");

  @TempDir static Path shared;
  private static Path big;

  @TempDir Path dir;

  @BeforeAll
  static void bigInput() throws Exception {
    big = shared.resolve("big.parquet");
    try (DuckDb duck = new DuckDb()) {
      duck.execute(
          "COPY (SELECT i AS id, md5(i::VARCHAR) || md5((i * 7)::VARCHAR) AS text"
              + " FROM range(2000000) t(i)) TO "
              + DuckDb.literal(big)
              + " (FORMAT parquet)");
    }
  }

  /** Output of a finished child: exit code, stdout bytes, stderr text. */
  record Run(int code, byte[] out, String err) {
    String text() {
      return new String(out, StandardCharsets.UTF_8);
    }
  }

  /**
   * Whether coreutils' {@code env --default-signal} is here. A build run as a background job of a
   * shell ignores SIGINT, and its children inherit that: the child is started with SIGINT restored,
   * so that Ctrl-C cases hold however the build itself was started.
   */
  private static final boolean RESTORES_SIGNALS = restoresSignals();

  private static boolean restoresSignals() {
    try {
      Process p =
          new ProcessBuilder("env", "--default-signal=INT", "true")
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  private static ProcessBuilder launcher(String... args) {
    List<String> command = new ArrayList<>();
    if (RESTORES_SIGNALS) {
      command.addAll(List.of("env", "--default-signal=INT"));
    }
    command.add(LAUNCHER.toString());
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    // The launcher's java is the one running the tests.
    String javaHome = System.getProperty("java.home");
    pb.environment().put("PATH", javaHome + "/bin:" + System.getenv("PATH"));
    pb.environment().put("JAVA_HOME", javaHome);
    return pb;
  }

  private static Run run(Path stdin, String... args) throws Exception {
    ProcessBuilder pb = launcher(args);
    if (stdin != null) {
      pb.redirectInput(stdin.toFile());
    }
    Process p = pb.start();
    CompletableFuture<byte[]> out = drain(p.getInputStream());
    CompletableFuture<byte[]> err = drain(p.getErrorStream());
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), "parrow " + String.join(" ", args) + " hung");
    return new Run(p.exitValue(), out.get(), new String(err.get(), StandardCharsets.UTF_8));
  }

  private static CompletableFuture<byte[]> drain(InputStream in) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (in) {
            return in.readAllBytes();
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
  }

  /**
   * The repository's launcher run through a symbolic link from another directory finds its own
   * checkout (no Maven build in the link's folder) and the Java that JAVA_HOME names.
   */
  @Test
  void theLauncherRunsThroughASymbolicLink() throws Exception {
    Path elsewhere = Files.createDirectories(dir.resolve("bin"));
    Path link = Files.createSymbolicLink(elsewhere.resolve("parrow"), LAUNCHER);
    ProcessBuilder pb = launcher("count", ORDERS.toString());
    pb.command().set(pb.command().indexOf(LAUNCHER.toString()), link.toString());
    pb.directory(elsewhere.toFile());
    Process p = pb.start();
    CompletableFuture<byte[]> out = drain(p.getInputStream());
    CompletableFuture<byte[]> err = drain(p.getErrorStream());
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the launcher hung");
    String text = new String(out.get(), StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), new String(err.get(), StandardCharsets.UTF_8));
    assertEquals("5000\n", text);
    try (var files = Files.list(elsewhere)) {
      assertEquals(List.of(link), files.toList(), "nothing built or left beside the link");
    }
  }

  /**
   * Verbs that read their input more than once (tail and sample count the rows first; import infers
   * the types first) read standard input once, kept in a file meanwhile.
   */
  @Test
  void verbsThatReadTwiceTakeStandardInput() throws Exception {
    Run tail = run(ORDERS, "tail", "-", "-n", "2", "--format", "csv");
    assertEquals(0, tail.code(), tail.err());
    assertEquals(3, tail.text().lines().count(), tail.text());
    Run sample = run(ORDERS, "sample", "-", "-n", "4", "--seed", "1", "--format", "csv");
    assertEquals(0, sample.code(), sample.err());
    assertEquals(5, sample.text().lines().count(), sample.text());
    Path csv = Files.writeString(dir.resolve("in.csv"), "id,name\n1,Ada\n2,Grace\n");
    Path out = dir.resolve("imported.parquet");
    Run imported = run(csv, "import", "-", out.toString(), "--format", "csv");
    assertEquals(0, imported.code(), imported.err());
    Run count = run(null, "count", out.toString());
    assertEquals("2\n", count.text());
  }

  /** The summary line of an output to stdout names it as such, never as a Java object. */
  @Test
  void theSummaryOfAStdoutOutputSaysStdout() throws Exception {
    Run r = run(null, "to-arrow", ORDERS.toString(), "-", "--stream");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("to <stdout>"), r.err());
    assertFalse(r.err().contains("$"), r.err());
  }

  /**
   * Ctrl-C (SIGINT) or SIGTERM while convert, to-arrow or from-arrow writes: the old target is left
   * as it was, and the temporary file beside it is gone. The signal is sent once the temporary file
   * exists and while the process still runs; its exit code shows the signal ended it (130 or 143),
   * not a finished write.
   */
  @ParameterizedTest(name = "{0} interrupted by SIG{1}")
  @CsvSource({
    "convert, INT",
    "convert, TERM",
    "to-arrow, INT",
    "to-arrow, TERM",
    "from-arrow, INT",
    "from-arrow, TERM"
  })
  void interruptedWritesLeaveTheTargetAndNoTemporaryFile(String verb, String signal)
      throws Exception {
    Path target = dir.resolve("target.out");
    byte[] old = "the old target".getBytes(StandardCharsets.US_ASCII);
    Files.write(target, old);
    ProcessBuilder pb =
        switch (verb) {
          case "convert" ->
              launcher(
                  "convert",
                  big.toString(),
                  target.toString(),
                  "--overwrite",
                  "--compression",
                  "gzip",
                  "--row-group-rows",
                  "100000");
          case "to-arrow" ->
              launcher(
                  "to-arrow",
                  big.toString(),
                  target.toString(),
                  "--overwrite",
                  "--batch-size",
                  "1000");
          default -> launcher("from-arrow", "-", target.toString(), "--overwrite");
        };
    Process p = pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    CompletableFuture<byte[]> err = drain(p.getErrorStream());
    if (verb.equals("from-arrow")) {
      // An Arrow stream whose first batches arrive and whose end never does: the write is
      // certainly under way when the signal comes.
      byte[] stream = arrowStream(ORDERS);
      p.getOutputStream().write(stream, 0, stream.length / 2);
      p.getOutputStream().flush();
    }
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (temporaries(target).isEmpty() && p.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertFalse(temporaries(target).isEmpty(), "no temporary file appeared: " + stderr(err, p));
    assertTrue(p.isAlive(), "the write finished before the signal; the input is too small");
    new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
    assertTrue(p.waitFor(2, TimeUnit.MINUTES), "still running after SIG" + signal);
    assertEquals(signal.equals("INT") ? 130 : 143, p.exitValue(), stderr(err, p));
    assertArrayEquals(old, Files.readAllBytes(target), "the target changed");
    assertEquals(List.of(), temporaries(target), "temporary files left behind");
  }

  private static String stderr(CompletableFuture<byte[]> err, Process p) throws Exception {
    if (p.isAlive()) {
      return "(still running)";
    }
    return new String(err.get(), StandardCharsets.UTF_8);
  }

  private List<Path> temporaries(Path target) throws IOException {
    try (var listing = Files.list(dir)) {
      return listing
          .filter(f -> f.getFileName().toString().startsWith("." + target.getFileName() + "."))
          .filter(f -> f.getFileName().toString().endsWith(".tmp"))
          .toList();
    }
  }

  /**
   * {@code parrow cat big.parquet | head -3}: once the reader has its three lines and closes the
   * pipe, parrow stops and exits quietly with 0 (and does not go on through 2,000,000 rows).
   */
  @ParameterizedTest(name = "cat --format {0} into a pipe closed after 3 lines")
  @CsvSource({"table", "csv", "jsonl"})
  void catStopsWhenItsOutputIsClosed(String format) throws Exception {
    Process p = launcher("cat", big.toString(), "--format", format).start();
    CompletableFuture<byte[]> err = drain(p.getErrorStream());
    List<String> lines = new ArrayList<>();
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (int i = 0; i < 3; i++) {
        lines.add(out.readLine());
      }
    }
    assertTrue(p.waitFor(2, TimeUnit.MINUTES), "parrow kept running after its output closed");
    assertEquals(0, p.exitValue(), stderr(err, p));
    assertEquals("", new String(err.get(), StandardCharsets.UTF_8), "quiet on a closed pipe");
    assertTrue(lines.get(2) != null && !lines.get(2).isEmpty(), lines.toString());
  }

  /** {@code -} reads Parquet from stdin: cat prints what it prints for the file itself. */
  @Test
  void parquetFromStdin() throws Exception {
    Run fromStdin = run(ORDERS, "cat", "-", "--format", "csv", "-q");
    assertEquals(0, fromStdin.code(), fromStdin.err());
    assertEquals(inProcess("cat", ORDERS.toString(), "--format", "csv"), fromStdin.text());
    Files.writeString(dir.resolve("empty"), "");
    Run bad = run(dir.resolve("empty"), "head", "-");
    assertEquals(1, bad.code());
    assertTrue(bad.err().startsWith("parrow: <stdin>"), bad.err());
  }

  /**
   * {@code -} as OUT writes to stdout: an Arrow IPC stream from to-arrow, Parquet from convert; and
   * from-arrow reads a stream from stdin. Each reads back as the file's rows.
   */
  @Test
  void stdinAndStdoutCarryArrowAndParquet() throws Exception {
    Run arrow = run(null, "to-arrow", ORDERS.toString(), "-", "--stream", "-q");
    assertEquals(0, arrow.code(), arrow.err());
    assertArrayEquals(arrowStream(ORDERS), arrow.out(), "the IPC stream of the file's batches");

    Path stream = dir.resolve("orders.arrows");
    Files.write(stream, arrow.out());
    Path back = dir.resolve("back.parquet");
    Run fromArrow = run(stream, "from-arrow", "-", back.toString(), "-q");
    assertEquals(0, fromArrow.code(), fromArrow.err());
    assertEquals(
        inProcess("cat", ORDERS.toString(), "--format", "jsonl"),
        inProcess("cat", back.toString(), "--format", "jsonl"));

    Run convert = run(ORDERS, "convert", "-", "-", "--compression", "zstd", "-q");
    assertEquals(0, convert.code(), convert.err());
    Path converted = dir.resolve("converted.parquet");
    Files.write(converted, convert.out());
    assertEquals(
        inProcess("cat", ORDERS.toString(), "--format", "jsonl"),
        inProcess("cat", converted.toString(), "--format", "jsonl"));
  }

  /**
   * Stderr not a terminal: long work prints one summary line at the end (no bar, no carriage
   * return); --quiet prints nothing. No JVM or SLF4J lines anywhere, and the launcher has built its
   * class-data-sharing archive beside the jar.
   */
  @Test
  void summaryLineQuietAndNoNoise() throws Exception {
    Path out = dir.resolve("o.arrow");
    Run write = run(null, "to-arrow", ORDERS.toString(), out.toString());
    assertEquals(0, write.code(), write.err());
    assertTrue(
        write
            .err()
            .matches("parrow: wrote 5,000 rows to \\S+o\\.arrow in [0-9.]+ s \\(.* rows/s\\)\n"),
        write.err());
    Run again = run(null, "to-arrow", ORDERS.toString(), out.toString(), "--overwrite", "-q");
    assertEquals(0, again.code(), again.err());
    assertEquals("", again.err());
    Run head = run(null, "head", ORDERS.toString(), "-n", "2");
    assertEquals("", head.err());
    assertFalse(head.text().contains("warning") || head.text().contains("SLF4J"), head.text());
    assertEquals(inProcess("head", ORDERS.toString(), "-n", "2"), head.text());
    try (var jsa = Files.list(ROOT.resolve("cli").resolve("target"))) {
      assertTrue(
          jsa.anyMatch(f -> f.getFileName().toString().endsWith(".jsa")),
          "the launcher's CDS archive");
    }
  }

  /**
   * {@code > out 2>&1}: stderr goes where the output goes, so no summary line lands in the CSV or
   * the Arrow stream (progress and summary stay off, warnings and errors do not).
   */
  @Test
  void noSummaryInsideOutputThatStderrShares() throws Exception {
    Path csv = dir.resolve("both.csv");
    Process p =
        launcher("cat", ORDERS.toString(), "--format", "csv")
            .redirectErrorStream(true)
            .redirectOutput(csv.toFile())
            .start();
    assertTrue(p.waitFor(2, TimeUnit.MINUTES));
    assertEquals(0, p.exitValue());
    assertEquals(
        inProcess("cat", ORDERS.toString(), "--format", "csv"),
        Files.readString(csv, StandardCharsets.UTF_8));
    Path arrow = dir.resolve("both.arrows");
    p =
        launcher("to-arrow", ORDERS.toString(), "-", "--stream")
            .redirectErrorStream(true)
            .redirectOutput(arrow.toFile())
            .start();
    assertTrue(p.waitFor(2, TimeUnit.MINUTES));
    assertEquals(0, p.exitValue());
    assertArrayEquals(arrowStream(ORDERS), Files.readAllBytes(arrow));
  }

  /** The command run in this JVM, its stdout (the oracle for the child's). */
  private static String inProcess(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = ParrowCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    assertEquals(0, code, err.toString());
    return out.toString();
  }

  /** The file's batches as an Arrow IPC stream, written by Arrow Java's own stream writer. */
  private static byte[] arrowStream(Path parquet) throws Exception {
    var bytes = new java.io.ByteArrayOutputStream();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFile file = ParquetFile.open(parquet);
        ParquetArrowReader reader = file.newReader(allocator, ReadOptions.defaults());
        var writer =
            new org.apache.arrow.vector.ipc.ArrowStreamWriter(
                reader.getVectorSchemaRoot(), reader, bytes)) {
      writer.start();
      while (reader.loadNextBatch()) {
        writer.writeBatch();
      }
      writer.end();
    }
    // Check that Arrow Java reads it back: the bytes are a whole stream.
    try (BufferAllocator allocator = new RootAllocator();
        ArrowStreamReader in =
            new ArrowStreamReader(new ByteArrayInputStream(bytes.toByteArray()), allocator)) {
      long rows = 0;
      VectorSchemaRoot root = in.getVectorSchemaRoot();
      while (in.loadNextBatch()) {
        rows += root.getRowCount();
      }
      assertEquals(5_000, rows);
    }
    return bytes.toByteArray();
  }
}
