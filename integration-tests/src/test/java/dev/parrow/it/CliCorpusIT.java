package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.cli.ParrowCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code parrow schema|meta|meta --json|pages|types|head|cat} on every corpus file: success for
 * every valid file (rows read print nothing on stderr but warnings, each once), and for encrypted
 * and malformed ones exit code 1 with a one-line message on stderr, no stack trace.
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
                        new String[] {"types"},
                        new String[] {"head"},
                        new String[] {"cat", "--format", "jsonl", "--limit", "3000"},
                        new String[] {"cat", "--format", "csv", "--limit", "3000"})
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
    // Files whose page CRCs are wrong on purpose fail when rows are read (with the advice to use
    // --no-verify-crc, which reads them).
    boolean badCrc =
        file.getFileName().toString().contains("corrupt-checksum")
            && (command[0].equals("head") || command[0].equals("cat"));
    boolean mayFail = Corpus.isEncrypted(file) || Corpus.isBadData(file) || badCrc;
    if (code == 0) {
      assertFalse(Corpus.isEncrypted(file), "an encrypted file was read");
      assertTrue(out.toString().length() > 0 || command[0].equals("cat"), "no output");
      // Reading rows may warn (an ignored hint, an unknown logical type), once per warning.
      List<String> stderr = err.toString().lines().toList();
      boolean readsRows = command[0].equals("head") || command[0].equals("cat");
      assertTrue(
          stderr.stream().allMatch(l -> readsRows && l.startsWith("parrow: warning: ")),
          "stderr of a successful run: " + err);
      assertEquals(stderr.stream().distinct().count(), stderr.size(), "a warning twice: " + err);
      if (command[0].equals("meta") && command.length == 2) {
        String json = out.toString().strip();
        assertTrue(json.startsWith("{") && json.endsWith("}"), "JSON object");
        assertEquals(
            count(json, '{'), count(json, '}'), "balanced braces (no braces in corpus strings)");
      }
    } else if (!mayFail && err.toString().contains("the finest unit that holds it")) {
      // Timestamps past the default unit's 64 bits: the error names the option that reads them.
      java.util.regex.Matcher m =
          java.util.regex.Pattern.compile("\\((--[a-z0-9-]+-unit) ([a-z]+) in the CLI\\)")
              .matcher(err.toString());
      assertTrue(m.find(), "no option named: " + err);
      String[] again =
          Stream.concat(Stream.of(command), Stream.of(m.group(1), m.group(2)))
              .toArray(String[]::new);
      run(file, again);
    } else {
      assertTrue(mayFail, "a valid file failed: " + err);
      assertEquals(1, code);
      // The error is the last line; warnings about the schema may come before it.
      List<String> lines = err.toString().lines().toList();
      String message = lines.isEmpty() ? "(nothing on stderr)" : lines.get(lines.size() - 1);
      assertTrue(message.startsWith("parrow: " + file), String.join(" ", command) + ": " + err);
      if (badCrc) {
        assertTrue(message.contains("--no-verify-crc"), message);
        assertEquals(
            0,
            ParrowCommand.run(
                new String[] {"head", "--no-verify-crc", file.toString()},
                new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter())));
      }
      assertTrue(
          lines.subList(0, lines.size() - 1).stream()
              .allMatch(l -> l.startsWith("parrow: warning: ")),
          err.toString());
      assertFalse(message.contains("\tat "), "no stack trace without --verbose: " + message);
    }
  }

  private static long count(String s, char c) {
    return s.chars().filter(ch -> ch == c).count();
  }
}
