package dev.parrow.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The peak memory of one whole-file read by each reader of {@link CompareRunner}: each read runs in
 * a JVM of its own (same heap limit and flags), which reads the file once and reports its peak
 * resident set ({@code VmHWM} of /proc/self/status) less its resident set before the first read:
 * Java heap, Arrow memory and the native libraries' own allocations together, as the operating
 * system sees them.
 *
 * <p>Usage: {@code PeakMemoryRunner [--data DIR] [table ...]} (Linux only).
 */
public final class PeakMemoryRunner {
  private PeakMemoryRunner() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 3 && args[0].equals("--child")) {
      child(args[1], Path.of(args[2]));
      return;
    }
    RunnerArgs a = RunnerArgs.parse(args, java.util.Map.of());
    RunnerArgs.printMachine();
    System.out.printf(
        "%n  %-14s %-10s %14s %14s%n", "table", "reader", "peak RSS MB", "Parrow / reader");
    for (BenchData.Table table : BenchData.TABLES) {
      if (!a.tables().isEmpty() && !a.tables().contains(table.name())) {
        continue;
      }
      Path file = BenchData.ensure(a.data(), table);
      List<Long> peaks = new ArrayList<>();
      for (String reader : CompareRunner.READERS.keySet()) {
        peaks.add(runChild(reader, file));
      }
      int i = 0;
      for (String reader : CompareRunner.READERS.keySet()) {
        System.out.printf(
            Locale.ROOT,
            "  %-14s %-10s %,14.0f %14.2f%n",
            table.name(),
            reader,
            peaks.get(i) / 1024.0,
            peaks.get(0) / (double) peaks.get(i));
        i++;
      }
    }
  }

  /** Runs one read in a JVM of its own; its peak resident set above the start, in KiB. */
  private static long runChild(String reader, Path file) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(
        java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
            .filter(f -> !f.startsWith("-agentlib") && !f.startsWith("-javaagent"))
            .toList());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(PeakMemoryRunner.class.getName());
    command.add("--child");
    command.add(reader);
    command.add(file.toString());
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    long peak = -1;
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        if (line.startsWith("peak-kib ")) {
          peak = Long.parseLong(line.substring(9).trim());
        }
      }
    }
    if (p.waitFor() != 0 || peak < 0) {
      throw new IllegalStateException(reader + " on " + file + " failed");
    }
    return peak;
  }

  private static void child(String reader, Path file) throws Exception {
    long before = status("VmRSS:");
    try (BufferAllocator allocator = new RootAllocator()) {
      CompareRunner.READERS.get(reader).read(file, allocator);
    }
    System.out.println("peak-kib " + (status("VmHWM:") - before));
  }

  /** A /proc/self/status figure in KiB. */
  private static long status(String key) throws Exception {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith(key)) {
        return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]);
      }
    }
    throw new IllegalStateException("no " + key + " in /proc/self/status");
  }
}
