package dev.parrow.arrow;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.apache.arrow.vector.VectorSchemaRoot;

/** The versions of Parrow and of the Arrow Java library it runs with. */
public final class Versions {
  private Versions() {}

  private static final String PARROW =
      read(Versions.class.getResourceAsStream("version.properties"), "parrow");

  /**
   * Parrow's version, as the build set it ("0.1.0-SNAPSHOT").
   *
   * @return the version
   */
  public static String parrow() {
    return PARROW;
  }

  /**
   * What Parrow writes as a file's {@code created_by}: "parrow version X".
   *
   * @return the {@code created_by} string
   */
  public static String createdBy() {
    return "parrow version " + PARROW;
  }

  /**
   * The version of arrow-vector on the class path (not necessarily the one Parrow built with).
   *
   * @return the version, or "unknown"
   */
  public static String arrow() {
    String v =
        read(
            VectorSchemaRoot.class.getResourceAsStream(
                "/META-INF/maven/org.apache.arrow/arrow-vector/pom.properties"),
            "version");
    if (v.equals("unknown")) {
      String manifest = VectorSchemaRoot.class.getPackage().getImplementationVersion();
      return manifest == null ? v : manifest;
    }
    return v;
  }

  private static String read(InputStream in, String key) {
    if (in == null) {
      return "unknown";
    }
    try (in) {
      Properties p = new Properties();
      p.load(in);
      return p.getProperty(key, "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
