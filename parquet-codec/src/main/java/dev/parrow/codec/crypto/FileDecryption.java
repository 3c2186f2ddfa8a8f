package dev.parrow.codec.crypto;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The keys a reader of encrypted Parquet files has (Parquet Modular Encryption): a footer key, keys
 * of columns by their dotted path, and a {@link KeyRetriever} that turns a module's key metadata
 * into its key; the AAD prefix when the writer did not store it; and whether a plaintext footer's
 * signature is checked. Keys are 16, 24 or 32 bytes (AES-128, -192, -256). Immutable; the keys
 * given are copied, and never shown by {@link #toString}.
 */
public final class FileDecryption {
  private final byte[] footerKey;
  private final Map<String, byte[]> columnKeys;
  private final KeyRetriever retriever;
  private final byte[] aadPrefix;
  private final boolean checkFooterSignature;

  private FileDecryption(Builder b) {
    this.footerKey = b.footerKey;
    this.columnKeys = Map.copyOf(b.columnKeys);
    this.retriever = b.retriever;
    this.aadPrefix = b.aadPrefix;
    this.checkFooterSignature = b.checkFooterSignature;
  }

  /** Turns the key metadata a writer stored with a module into the module's key. */
  @FunctionalInterface
  public interface KeyRetriever {
    /**
     * The key for a module's key metadata.
     *
     * @param keyMetadata the metadata the writer stored (a key id, or wrapped key material)
     * @return the key, or null when this retriever has none for it
     */
    byte[] key(byte[] keyMetadata);
  }

  /** {@return a builder with no keys} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The footer key: the one given, else the retriever's for the footer's key metadata.
   *
   * @param keyMetadata the footer's key metadata, or null
   * @return the key, or null when there is none
   */
  byte[] footerKey(byte[] keyMetadata) {
    if (footerKey != null) {
      return footerKey;
    }
    return retriever == null || keyMetadata == null ? null : retriever.key(keyMetadata);
  }

  /**
   * A column's key: the one given for its dotted path, else the retriever's for its key metadata.
   *
   * @param path the column's dotted path
   * @param keyMetadata its key metadata, or null
   * @return the key, or null when there is none
   */
  byte[] columnKey(String path, byte[] keyMetadata) {
    // The leaf's own path, else the nearest field above it given a key (a top-level name).
    byte[] key = Modules.nearest(columnKeys, path);
    if (key != null) {
      return key;
    }
    return retriever == null || keyMetadata == null ? null : retriever.key(keyMetadata);
  }

  /** {@return the AAD prefix the caller gave, or null} */
  byte[] aadPrefix() {
    return aadPrefix;
  }

  /** {@return whether a plaintext footer's signature is checked} */
  boolean checkFooterSignature() {
    return checkFooterSignature;
  }

  @Override
  public String toString() {
    return "FileDecryption[footer key "
        + (footerKey != null ? "given" : "none")
        + ", column keys for "
        + columnKeys.keySet()
        + (retriever != null ? ", a key retriever" : "")
        + (aadPrefix != null ? ", an AAD prefix" : "")
        + (checkFooterSignature ? "" : ", footer signature not checked")
        + "]";
  }

  /** Builds {@link FileDecryption}. */
  public static final class Builder {
    private byte[] footerKey;
    private final Map<String, byte[]> columnKeys = new LinkedHashMap<>();
    private KeyRetriever retriever;
    private byte[] aadPrefix;
    private boolean checkFooterSignature = true;

    private Builder() {}

    /**
     * The footer key (also the key of the columns encrypted with it).
     *
     * @param key 16, 24 or 32 bytes
     * @return this builder
     */
    public Builder footerKey(byte[] key) {
      this.footerKey = Modules.checkedKey(key, "footer");
      return this;
    }

    /**
     * The key of one column.
     *
     * @param path the column's dotted path ({@code a.b.c}), or a field's (a top-level name): its
     *     key is then every leaf's below it that has none of its own
     * @param key 16, 24 or 32 bytes
     * @return this builder
     */
    public Builder columnKey(String path, byte[] key) {
      columnKeys.put(path, Modules.checkedKey(key, "column '" + path + "'"));
      return this;
    }

    /**
     * Where keys come from when not given: from each module's key metadata.
     *
     * @param retriever the retriever
     * @return this builder
     */
    public Builder keyRetriever(KeyRetriever retriever) {
      this.retriever = retriever;
      return this;
    }

    /**
     * The AAD prefix, for files whose writer did not store it (and to check it against the stored
     * one otherwise).
     *
     * @param prefix the prefix
     * @return this builder
     */
    public Builder aadPrefix(byte[] prefix) {
      this.aadPrefix = prefix.clone();
      return this;
    }

    /**
     * Whether a plaintext footer's signature is checked (default true; the specification lets a
     * reader skip it).
     *
     * @param check whether to check
     * @return this builder
     */
    public Builder checkFooterSignature(boolean check) {
      this.checkFooterSignature = check;
      return this;
    }

    /** {@return the decryption settings} */
    public FileDecryption build() {
      return new FileDecryption(this);
    }
  }
}
