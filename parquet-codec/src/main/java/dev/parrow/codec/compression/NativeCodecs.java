package dev.parrow.codec.compression;

/**
 * Whether the codecs with native code loaded on this platform: snappy-java and zstd-jni ship their
 * libraries for a list of operating systems and architectures, and have no Java implementation
 * (snappy-java dropped its pure-Java mode in 1.1.10). Each is tried once, when first needed.
 * lz4-java falls back to Java by itself; brotli4j is checked where it is used.
 */
final class NativeCodecs {
  private NativeCodecs() {}

  /** Null when snappy-java's native library loaded, else why not. */
  static Throwable snappyFailure() {
    return SnappyCheck.FAILURE;
  }

  /** Null when zstd-jni's native library loaded, else why not. */
  static Throwable zstdFailure() {
    return ZstdCheck.FAILURE;
  }

  /** The platform as the libraries look it up, for messages: "Linux amd64". */
  static String platform() {
    return System.getProperty("os.name") + " " + System.getProperty("os.arch");
  }

  /** The failure's innermost message on one line (the libraries' own span several). */
  static String reason(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage() == null ? root.toString() : root.getMessage();
    return message.strip().replaceAll("\\s+", " ");
  }

  private static final class SnappyCheck {
    static final Throwable FAILURE = attempt(() -> org.xerial.snappy.Snappy.maxCompressedLength(1));
  }

  private static final class ZstdCheck {
    static final Throwable FAILURE = attempt(() -> com.github.luben.zstd.Zstd.compressBound(1));
  }

  // The libraries fail in their classes' static initialisers, with an Error (UnsatisfiedLinkError,
  // SnappyError, ExceptionInInitializerError): caught once here, so no caller meets it.
  private static Throwable attempt(Runnable touch) {
    try {
      touch.run();
      return null;
    } catch (RuntimeException | Error e) {
      return e;
    }
  }
}
