package dev.parrow.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code java -jar parrow.jar} on Java 24 and later: Netty, under Arrow's allocator, needs
 * sun.misc.Unsafe's memory access, which those JVMs allow only when started with {@code
 * --sun-misc-unsafe-memory-access=allow} (a jar's manifest cannot say so). Started without it, the
 * command runs itself once more in a child JVM that has it, with the same standard streams, and
 * exits with the child's code. The launcher ({@code bin/parrow}) passes the option, so it never
 * gets here.
 */
final class Relaunch {
  private static final String ALLOW = "--sun-misc-unsafe-memory-access=allow";
  private static final String MARK = "parrow.relaunched";

  private Relaunch() {}

  /**
   * {@return the exit code of the child JVM that ran the command line, or -1 when this JVM can run
   * it itself}
   */
  static int ifNeeded(String[] args) {
    if (Runtime.version().feature() < 24 || System.getProperty(MARK) != null) {
      return -1;
    }
    List<String> jvmArgs;
    try {
      jvmArgs = ManagementFactory.getRuntimeMXBean().getInputArguments();
    } catch (RuntimeException | LinkageError e) {
      return -1;
    }
    if (jvmArgs.contains(ALLOW)) {
      return -1;
    }
    String java = ProcessHandle.current().info().command().orElse(null);
    Path jar;
    try {
      jar =
          Path.of(ParrowCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (Exception e) {
      return -1;
    }
    if (java == null || !jar.toString().endsWith(".jar")) {
      return -1;
    }
    List<String> command = new ArrayList<>();
    command.add(java);
    command.addAll(jvmArgs);
    command.add(ALLOW);
    command.add("--enable-native-access=ALL-UNNAMED");
    command.add("-D" + MARK + "=true");
    command.add("-jar");
    command.add(jar.toString());
    command.addAll(List.of(args));
    try {
      Process child = new ProcessBuilder(command).inheritIO().start();
      // SIGTERM to this JVM ends the child too (Ctrl-C reaches both through the process group).
      Thread stop = new Thread(child::destroy, "parrow-stop-child");
      Runtime.getRuntime().addShutdownHook(stop);
      int code = child.waitFor();
      Runtime.getRuntime().removeShutdownHook(stop);
      return code;
    } catch (IOException | InterruptedException | IllegalStateException e) {
      return -1;
    }
  }
}
