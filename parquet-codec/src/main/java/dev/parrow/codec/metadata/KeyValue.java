package dev.parrow.codec.metadata;

/**
 * A key-value metadata entry; {@code value} is null when the writer stored the key alone.
 *
 * @param key the key
 * @param value the value, or null
 */
public record KeyValue(String key, String value) {
  /**
   * Checks the key.
   *
   * @param key the key
   * @param value the value, or null
   */
  public KeyValue {
    java.util.Objects.requireNonNull(key, "key");
  }
}
