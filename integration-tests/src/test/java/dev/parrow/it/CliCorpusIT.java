package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.cli.ParrowCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code parrow schema|meta|meta --json|pages} on every corpus file: success for every valid file,
 * and for encrypted and malformed ones exit code 1 with a one-line message on stderr, no stack
 * trace.
 */
class CliCorpusIT {

  @TestFactory
  Stream<DynamicTest> everyCommandOnEveryCorpusFile() {
    return Corpus.allParquetFiles().stream()
        .flatMap(
            f ->
                Stream.of(
                        new String[] {"schema"},
                        new String[] {"meta"},
                        new String[] {"meta", "--json"},
                        new String[] {"pages"},
                        new String[] {"types"})
                    .map(
                        cmd ->
                            DynamicTest.dynamicTest(
                                String.join(" ", cmd) + " " + Corpus.name(f), () -> run(f, cmd))));
  }

  private static void run(Path file, String[] command) {
    String[] args =
        Stream.concat(Stream.of(command), Stream.of(file.toString())).toArray(String[]::new);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = ParrowCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    boolean mayFail = Corpus.isEncrypted(file) || Corpus.isBadData(file);
    if (code == 0) {
      assertFalse(Corpus.isEncrypted(file), "an encrypted file was read");
      assertTrue(out.toString().length() > 0, "no output");
      assertEquals("", err.toString(), "stderr of a successful run");
      if (command.length == 2) {
        String json = out.toString().strip();
        assertTrue(json.startsWith("{") && json.endsWith("}"), "JSON object");
        assertEquals(
            count(json, '{'), count(json, '}'), "balanced braces (no braces in corpus strings)");
      }
    } else {
      assertTrue(mayFail, "a valid file failed: " + err);
      assertEquals(1, code);
      String message = err.toString().strip();
      assertTrue(message.startsWith("parrow: " + file), message);
      assertFalse(message.contains("\tat "), "no stack trace without --verbose: " + message);
    }
  }

  private static long count(String s, char c) {
    return s.chars().filter(ch -> ch == c).count();
  }
}
