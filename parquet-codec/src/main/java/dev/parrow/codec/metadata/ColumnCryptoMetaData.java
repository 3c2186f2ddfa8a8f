package dev.parrow.codec.metadata;

import java.util.List;

/** How an encrypted column chunk is keyed: with the footer's key, or with a key of its own. */
public sealed interface ColumnCryptoMetaData {

  /** A column encrypted with the footer's key. */
  record WithFooterKey() implements ColumnCryptoMetaData {}

  /**
   * {@code keyMetadata} is null when absent.
   *
   * @param pathInSchema the column's path
   * @param keyMetadata the column key's metadata, or null
   */
  record WithColumnKey(List<String> pathInSchema, Bytes keyMetadata)
      implements ColumnCryptoMetaData {
    /**
     * Copies the path.
     *
     * @param pathInSchema the column's path
     * @param keyMetadata the column key's metadata, or null
     */
    public WithColumnKey {
      pathInSchema = List.copyOf(pathInSchema);
    }
  }
}
