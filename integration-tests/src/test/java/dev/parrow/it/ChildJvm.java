package dev.parrow.it;

import java.util.ArrayList;
import java.util.List;

/** The command line of a child JVM like the test's own: same java, the flags Arrow needs. */
final class ChildJvm {
  private ChildJvm() {}

  /** {@code java [Arrow's flags] [flags] -cp classPath mainClass args}. */
  static List<String> command(
      List<String> flags, String classPath, String mainClass, String... args) {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add("--add-opens=java.base/java.nio=ALL-UNNAMED");
    if (Runtime.version().feature() >= 24) {
      // As the build's jdk24-and-later profile gives the test JVMs: Netty's Unsafe memory access.
      command.add("--sun-misc-unsafe-memory-access=allow");
      command.add("--enable-native-access=ALL-UNNAMED");
    }
    command.addAll(flags);
    command.add("-cp");
    command.add(classPath);
    command.add(mainClass);
    command.addAll(List.of(args));
    return command;
  }
}
