package dev.parrow.spark;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's and the Spark guide's Spark snippets (marked {@code <!-- snippet spark given: ...
 * -->}) compile against Spark's API; integration-tests' SnippetsIT compiles the others, with the
 * same wrapping: imports at the top, the statements in a method taking the given variables.
 */
class SparkSnippetsTest {
  private static final Pattern SPARK_BLOCK =
      Pattern.compile(
          "<!-- snippet spark given: ([^>]*?) -->\\n```java\\n(.*?)```", Pattern.DOTALL);

  @Test
  void sparkSnippetsCompile(@TempDir Path dir) throws Exception {
    Path root = Path.of("..");
    List<String> args =
        new ArrayList<>(
            List.of("-classpath", System.getProperty("java.class.path"), "-d", dir.toString()));
    for (Path page : List.of(root.resolve("README.md"), root.resolve("docs/guide/spark.md"))) {
      Matcher m = SPARK_BLOCK.matcher(Files.readString(page));
      while (m.find()) {
        String name = "SparkSnippet" + (args.size() - 4);
        String imports =
            m.group(2)
                .lines()
                .filter(l -> l.startsWith("import "))
                .reduce("", (a, b) -> a + b + "\n");
        String body =
            m.group(2)
                .lines()
                .filter(l -> !l.startsWith("import "))
                .reduce("", (a, b) -> a + b + "\n");
        Path source = dir.resolve(name + ".java");
        Files.writeString(
            source,
            imports
                + "class "
                + name
                + " {\n  void run("
                + m.group(1).replace(";", ",")
                + ") throws Exception {\n"
                + body
                + "  }\n}\n");
        args.add(source.toString());
      }
    }
    assertTrue(args.size() >= 6, "the README's and the guide's Spark snippets were found");
    java.io.ByteArrayOutputStream errors = new java.io.ByteArrayOutputStream();
    int code =
        ToolProvider.getSystemJavaCompiler().run(null, null, errors, args.toArray(String[]::new));
    assertTrue(code == 0, errors.toString(java.nio.charset.StandardCharsets.UTF_8));
  }
}
