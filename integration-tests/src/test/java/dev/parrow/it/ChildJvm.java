package dev.parrow.it;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a child JVM like the test's own: the same java, with the flags the build gave
 * this JVM for Arrow (--add-opens, and from Java 24 the Unsafe and native access ones).
 */
final class ChildJvm {
  private ChildJvm() {}

  /** {@code java [Arrow's flags] [flags] -cp classPath mainClass args}. */
  static List<String> command(
      List<String> flags, String classPath, String mainClass, String... args) {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("--add-opens")
          || arg.startsWith("--sun-misc-unsafe-memory-access")
          || arg.startsWith("--enable-native-access")) {
        command.add(arg);
      }
    }
    command.addAll(flags);
    command.add("-cp");
    command.add(classPath);
    command.add(mainClass);
    command.addAll(List.of(args));
    return command;
  }
}
