package dev.parrow.codec.metadata;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The application and version in {@code created_by} ("parquet-mr version 1.8.0 (build abc)"), which
 * readers need to work around known bugs of old writers. A missing or unparsable version is 0.0.0.
 *
 * @param application the writing application, such as parquet-mr
 * @param major its major version
 * @param minor its minor version
 * @param patch its patch version
 */
public record WriterVersion(String application, int major, int minor, int patch) {
  private static final Pattern CREATED_BY =
      Pattern.compile(
          "^\\s*(\\S+)(?:\\s+version\\s+(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?)?.*$", Pattern.DOTALL);

  /**
   * Parses a {@code created_by} string.
   *
   * @param createdBy the string, or null
   * @return the application and version; 0.0.0 where missing
   */
  public static WriterVersion parse(String createdBy) {
    if (createdBy == null) {
      return new WriterVersion("", 0, 0, 0);
    }
    Matcher m = CREATED_BY.matcher(createdBy);
    if (!m.matches()) {
      return new WriterVersion("", 0, 0, 0);
    }
    return new WriterVersion(
        m.group(1), number(m.group(2)), number(m.group(3)), number(m.group(4)));
  }

  private static int number(String digits) {
    if (digits == null) {
      return 0;
    }
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      return Integer.MAX_VALUE;
    }
  }

  /**
   * Whether the application is this one, ignoring case.
   *
   * @param app an application name, such as {@code parquet-mr}
   * @return true if it is
   */
  public boolean is(String app) {
    return application.equalsIgnoreCase(app);
  }

  /**
   * Whether this version is strictly before major.minor.patch.
   *
   * @param major the major version
   * @param minor the minor version
   * @param patch the patch version
   * @return true if this version is older
   */
  public boolean before(int major, int minor, int patch) {
    if (this.major != major) {
      return this.major < major;
    }
    if (this.minor != minor) {
      return this.minor < minor;
    }
    return this.patch < patch;
  }
}
