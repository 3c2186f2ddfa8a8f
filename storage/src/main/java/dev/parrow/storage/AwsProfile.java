package dev.parrow.storage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The AWS shared configuration as the AWS tools read it: the profile ({@code AWS_PROFILE}, else
 * {@code default}) of the config file ({@code AWS_CONFIG_FILE}, else {@code ~/.aws/config}, where
 * it is {@code [profile NAME]}) with the same profile of the credentials file ({@code
 * AWS_SHARED_CREDENTIALS_FILE}, else {@code ~/.aws/credentials}) over it.
 */
final class AwsProfile {
  private final String name;
  private final Map<String, String> values;
  private final Map<String, Map<String, String>> config;
  private final Path awsDirectory;

  private AwsProfile(
      String name,
      Map<String, String> values,
      Map<String, Map<String, String>> config,
      Path awsDirectory) {
    this.name = name;
    this.values = values;
    this.config = config;
    this.awsDirectory = awsDirectory;
  }

  static AwsProfile of(Map<String, String> env, Path awsDirectory) {
    String name = env.getOrDefault("AWS_PROFILE", "default");
    Map<String, Map<String, String>> config =
        sections(path(env.get("AWS_CONFIG_FILE"), awsDirectory.resolve("config")));
    Map<String, Map<String, String>> credentials =
        sections(path(env.get("AWS_SHARED_CREDENTIALS_FILE"), awsDirectory.resolve("credentials")));
    Map<String, String> values = new HashMap<>();
    values.putAll(config.getOrDefault(name, Map.of()));
    values.putAll(config.getOrDefault("profile " + name, Map.of()));
    values.putAll(credentials.getOrDefault(name, Map.of()));
    return new AwsProfile(name, values, config, awsDirectory);
  }

  String name() {
    return name;
  }

  /** A key of the profile (lower case), or null. */
  String get(String key) {
    String v = values.get(key);
    return v == null || v.isEmpty() ? null : v;
  }

  /** A key of a {@code [sso-session NAME]} section of the config file, or null. */
  String ssoSession(String session, String key) {
    String v = config.getOrDefault("sso-session " + session, Map.of()).get(key);
    return v == null || v.isEmpty() ? null : v;
  }

  Path awsDirectory() {
    return awsDirectory;
  }

  private static Path path(String override, Path fallback) {
    return override == null || override.isEmpty() ? fallback : Path.of(override);
  }

  /** Every section of an INI file by name, its keys lowercased; none when the file is missing. */
  private static Map<String, Map<String, String>> sections(Path file) {
    Map<String, Map<String, String>> sections = new HashMap<>();
    try {
      if (!Files.isRegularFile(file)) {
        return sections;
      }
      Map<String, String> current = null;
      for (String raw : Files.readAllLines(file)) {
        String line = raw.strip();
        if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
          continue;
        }
        if (line.startsWith("[") && line.endsWith("]")) {
          String section = line.substring(1, line.length() - 1).strip().replaceAll("\\s+", " ");
          current = sections.computeIfAbsent(section, k -> new HashMap<>());
        } else if (current != null && line.contains("=")) {
          int eq = line.indexOf('=');
          current.put(
              line.substring(0, eq).strip().toLowerCase(Locale.ROOT),
              line.substring(eq + 1).strip());
        }
      }
    } catch (IOException e) {
      return Map.of();
    }
    return sections;
  }
}
