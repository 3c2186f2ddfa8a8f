package dev.parrow.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * What the CLI knows about the terminal: whether standard output or standard error is one, and how
 * wide it is. Java has no isatty, so on Linux the answer comes from where {@code /proc/self/fd/N}
 * points; elsewhere from {@link System#console()}, which is there only when both standard input and
 * output are terminals.
 */
final class Terminal {
  private Terminal() {}

  static final int STDOUT = 1;
  static final int STDERR = 2;

  /** Whether file descriptor {@code fd} (1 or 2) is a terminal. */
  static boolean isTerminal(int fd) {
    Path target = target(fd);
    if (target == null) {
      return System.console() != null;
    }
    String name = target.toString();
    return name.startsWith("/dev/pts/") || name.startsWith("/dev/tty");
  }

  /** Where file descriptor {@code fd} points, or null where /proc does not say (not Linux). */
  private static Path target(int fd) {
    try {
      return Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd));
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return null;
    }
  }

  /**
   * Whether standard error goes where standard output goes ({@code > out 2>&1}): then a summary
   * line on stderr would land inside the output.
   */
  static boolean stderrIsStdout() {
    Path out = target(STDOUT);
    return out != null && out.equals(target(STDERR));
  }

  /** Whether file descriptor {@code fd} is a regular file (output redirected with {@code >}). */
  static boolean isRegularFile(int fd) {
    Path target = target(fd);
    return target != null
        && target.isAbsolute()
        && !target.startsWith("/dev/")
        && Files.isRegularFile(target);
  }

  /**
   * The terminal's width in columns: {@code $COLUMNS} when the shell exports it, else what {@code
   * stty size} says of the controlling terminal, else 80.
   */
  static int width() {
    String columns = System.getenv("COLUMNS");
    if (columns != null) {
      try {
        int n = Integer.parseInt(columns.strip());
        if (n > 0) {
          return n;
        }
      } catch (NumberFormatException e) {
        // Not a number: ask the terminal.
      }
    }
    File tty = new File("/dev/tty");
    if (tty.exists()) {
      try {
        Process stty =
            new ProcessBuilder("stty", "size")
                .redirectInput(tty)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String size = new String(stty.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        if (stty.waitFor(2, TimeUnit.SECONDS) && stty.exitValue() == 0) {
          String[] parts = size.strip().split("\\s+");
          if (parts.length == 2 && Integer.parseInt(parts[1]) > 0) {
            return Integer.parseInt(parts[1]);
          }
        }
      } catch (IOException | NumberFormatException e) {
        // No stty, or no terminal after all.
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return 80;
  }
}
