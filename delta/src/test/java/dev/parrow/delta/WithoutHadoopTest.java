package dev.parrow.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.storage.RemoteOptions;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParrowEngine} with no Hadoop on the class path: a child JVM whose class path is this
 * test's without Hadoop's jars and without parquet-java reads a column-mapped table, every row as
 * it was made, so the engine needs neither at run time (delta-kernel-defaults declares both).
 */
class WithoutHadoopTest {
  @TempDir Path dir;

  /** The child: reads the table at {@code args[0]} through ParrowEngine and prints its rows. */
  public static void main(String[] args) throws Exception {
    try (BufferAllocator allocator = new RootAllocator()) {
      List<String> rows =
          DeltaReadTest.read(
              ParrowEngine.create(allocator, RemoteOptions.defaults(), ReadOptions.defaults()),
              args[0]);
      System.out.println(String.join("\n", rows));
    }
  }

  @Test
  void aTableReadsWithoutHadoopOrParquetJavaOnTheClassPath() throws Exception {
    Path table = DeltaReadTest.mappedTable(dir);
    List<String> classPath = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      // The local repository's layout names each jar's group: org/apache/hadoop, and
      // org/apache/parquet for parquet-java.
      String path = entry.replace(File.separatorChar, '/');
      if (!path.contains("/org/apache/hadoop/") && !path.contains("/org/apache/parquet/")) {
        classPath.add(entry);
      }
    }
    assertTrue(
        System.getProperty("java.class.path").contains("hadoop-client"),
        "this test's own class path has Hadoop (delta-kernel-defaults brings it)");
    assertTrue(
        classPath.stream().noneMatch(e -> e.contains("hadoop") || e.contains("parquet-hadoop")),
        classPath.toString());
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("--add-opens")
          || arg.startsWith("--sun-misc")
          || arg.startsWith("--enable-native")) {
        command.add(arg);
      }
    }
    command.add("-cp");
    command.add(String.join(File.pathSeparator, classPath));
    command.add(WithoutHadoopTest.class.getName());
    command.add(table.toString());
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(child.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, child.exitValue(), output);
    // The rows, without what logging printed around them.
    List<String> rows = output.lines().filter(l -> l.matches("\\d+\\|.*")).toList();
    assertEquals(DeltaReadTest.handMadeRows(new java.util.BitSet()), rows);
  }
}
