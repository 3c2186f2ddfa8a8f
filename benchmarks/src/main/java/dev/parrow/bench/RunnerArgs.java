package dev.parrow.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The command line the side-by-side runners share: {@code [--data DIR] [--iterations N] [--warmup
 * N] [table ...]}, plus each runner's own options, each taking one value.
 */
record RunnerArgs(Path data, int iterations, int warmup, List<String> tables) {

  static RunnerArgs parse(String[] args, Map<String, Consumer<String>> own) {
    Path data = Path.of("benchmarks", "data");
    int iterations = 5;
    int warmup = 2;
    List<String> tables = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--data" -> data = Path.of(args[++i]);
        case "--iterations" -> iterations = Integer.parseInt(args[++i]);
        case "--warmup" -> warmup = Integer.parseInt(args[++i]);
        default -> {
          Consumer<String> option = own.get(args[i]);
          if (option != null) {
            option.accept(args[++i]);
          } else {
            tables.add(args[i]);
          }
        }
      }
    }
    return new RunnerArgs(data, iterations, warmup, tables);
  }

  /** Prints the JVM and machine the figures come from. */
  static void printMachine() {
    System.out.printf(
        "JVM %s, %d cores, max heap %,d MB%n",
        System.getProperty("java.vm.version"),
        Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory() >> 20);
  }
}
