package dev.parrow.storage;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The one place that reads a location's scheme: local paths and {@code file:} URIs, {@code http}
 * and {@code https}, {@code s3}, and Azure's {@code az}, {@code azure}, {@code abfs} and {@code
 * abfss}.
 */
public final class Stores {
  private Stores() {}

  /** A URI scheme of two letters or more, so that {@code C:\x} stays a path. */
  private static final Pattern SCHEME = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]+)://");

  /**
   * The store that holds a location.
   *
   * @param location a path, or a {@code file:}, {@code http(s)://}, {@code s3://}, {@code az://} or
   *     {@code abfs(s)://} URI
   * @param options how remote stores are read
   * @return the store
   * @throws IllegalArgumentException for a scheme no store reads
   */
  public static Store of(String location, RemoteOptions options) {
    return switch (scheme(location)) {
      case "http", "https" -> new HttpStore(options);
      case "s3" -> new S3Store(options);
      case "az", "azure", "abfs", "abfss" -> new AzureStore(options);
      case "", "file" -> LocalStore.INSTANCE;
      default ->
          throw new IllegalArgumentException(
              location
                  + ": no store reads '"
                  + scheme(location)
                  + "' locations (local paths, file:, http(s)://, s3://, az://, abfss://)");
    };
  }

  /**
   * Whether a location is in a remote store (HTTP(S), S3 or Azure).
   *
   * @param location a URI or a path
   * @return true for the remote schemes
   */
  public static boolean isRemote(String location) {
    return !(of(location, RemoteOptions.defaults()) instanceof LocalStore);
  }

  /** The scheme in lower case, "file" for {@code file:} URIs, "" for a path. */
  private static String scheme(String location) {
    if (location.regionMatches(true, 0, "file:", 0, 5)) {
      return "file";
    }
    var m = SCHEME.matcher(location);
    return m.find() ? m.group(1).toLowerCase(Locale.ROOT) : "";
  }
}
