package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java snippets of the README and the user guide compile against Parrow's API, so that they
 * cannot rot. Each ```java block follows a {@code <!-- snippet given: Type name; ... -->} comment
 * (invisible on the page) naming the variables it takes from the text around it; its imports head a
 * class, its statements a method with those variables as parameters. Blocks marked {@code snippet
 * spark} need Spark's classes and are compiled by the spark module ({@code SparkSnippetsTest}).
 */
class SnippetsIT {
  /** A marked block: the marker's words and given variables, then the code. */
  static final Pattern BLOCK =
      Pattern.compile(
          "<!-- snippet( spark)?(?: given: ([^>]*?))? -->\\n```java\\n(.*?)```", Pattern.DOTALL);

  @TempDir Path dir;

  static List<Path> pages() throws Exception {
    Path root = FixturesIT.projectTestdata().getParent();
    List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
    try (Stream<Path> guide = Files.list(root.resolve("docs").resolve("guide"))) {
      guide.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  /** The source of a class holding the snippet. */
  static String classFor(String name, String given, String code) {
    StringBuilder imports = new StringBuilder();
    StringBuilder body = new StringBuilder();
    for (String line : code.split("\n")) {
      (line.startsWith("import ") ? imports : body).append(line).append('\n');
    }
    String parameters = given == null ? "" : String.join(", ", given.trim().split("\\s*;\\s*"));
    return imports
        + "class "
        + name
        + " {\n  @SuppressWarnings(\"unused\")\n  void run("
        + parameters
        + ") throws Exception {\n"
        + body
        + "  }\n}\n";
  }

  @Test
  void everyJavaSnippetCompiles() throws Exception {
    List<Path> sources = new ArrayList<>();
    for (Path page : pages()) {
      String text = Files.readString(page);
      int blocks = text.split("```java\\n", -1).length - 1;
      Matcher m = BLOCK.matcher(text);
      int marked = 0;
      while (m.find()) {
        marked++;
        if (m.group(1) != null) {
          continue;
        }
        String name = "Snippet" + sources.size();
        Path source = dir.resolve(name + ".java");
        Files.writeString(source, classFor(name, m.group(2), m.group(3)));
        sources.add(source);
      }
      assertEquals(blocks, marked, page + ": every ```java block has a <!-- snippet --> marker");
    }
    assertTrue(sources.size() >= 5, sources.size() + " snippets");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> problems = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(problems, null, null)) {
      boolean ok =
          javac
              .getTask(
                  null,
                  files,
                  problems,
                  List.of(
                      "-classpath",
                      System.getProperty("java.class.path"),
                      "-d",
                      dir.toString(),
                      "-proc:none"),
                  null,
                  files.getJavaFileObjectsFromPaths(sources))
              .call();
      StringBuilder report = new StringBuilder();
      problems
          .getDiagnostics()
          .forEach(
              d -> {
                try {
                  report
                      .append(
                          d.getSource() == null
                              ? d.getMessage(null)
                              : d.getSource().getName()
                                  + ":"
                                  + d.getLineNumber()
                                  + ": "
                                  + d.getMessage(null)
                                  + "\n"
                                  + Files.readString(Path.of(d.getSource().toUri())))
                      .append('\n');
                } catch (java.io.IOException e) {
                  report.append(d).append('\n');
                }
              });
      assertTrue(ok, report.toString());
    }
  }
}
