package dev.parrow.codec.crypto;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a writer encrypts a Parquet file (Parquet Modular Encryption), the choices parquet-java and
 * Arrow C++ offer: a footer key, and keys of columns by dotted path or top-level name (columns
 * without one are stored in plaintext; with none at all every column takes the footer key: uniform
 * encryption); each key with the metadata that tells a reader which key it is; an encrypted or a
 * signed plaintext footer; AES_GCM_V1 or AES_GCM_CTR_V1; an AAD prefix, stored in the file or left
 * for readers to supply. Keys are 16, 24 or 32 bytes. Immutable; keys are copied, and never shown
 * by {@link #toString}.
 */
public final class FileEncryption {
  /** The two algorithms of the specification. */
  public enum Algorithm {
    /** AES-GCM for every module. */
    AES_GCM_V1,
    /** AES-CTR for page data (no tag: faster), AES-GCM for every other module. */
    AES_GCM_CTR_V1
  }

  /** A column's key and its key metadata (null for none). */
  record ColumnKey(byte[] key, byte[] keyMetadata) {}

  private final byte[] footerKey;
  private final byte[] footerKeyMetadata;
  private final Map<String, ColumnKey> columnKeys;
  private final Algorithm algorithm;
  private final boolean plaintextFooter;
  private final byte[] aadPrefix;
  private final boolean storeAadPrefix;
  private final boolean footerKeyForOtherColumns;

  private FileEncryption(Builder b) {
    this.footerKey = b.footerKey;
    this.footerKeyMetadata = b.footerKeyMetadata;
    this.columnKeys = Map.copyOf(b.columnKeys);
    this.algorithm = b.algorithm;
    this.plaintextFooter = b.plaintextFooter;
    this.aadPrefix = b.aadPrefix;
    this.storeAadPrefix = b.storeAadPrefix;
    this.footerKeyForOtherColumns = b.footerKeyForOtherColumns;
  }

  /**
   * A builder of settings with this footer key.
   *
   * @param footerKey 16, 24 or 32 bytes
   * @return the builder
   */
  public static Builder builder(byte[] footerKey) {
    return new Builder(Modules.checkedKey(footerKey, "footer"));
  }

  /** {@return the algorithm} */
  public Algorithm algorithm() {
    return algorithm;
  }

  /** {@return whether the footer is left in plaintext (and signed)} */
  public boolean plaintextFooter() {
    return plaintextFooter;
  }

  /**
   * The encryption of one new file of these leaf columns, with its own unique AAD part.
   *
   * @param leafPaths each leaf column's path, in schema order
   * @return the file's encryptor
   * @throws IllegalArgumentException when a column key names no column
   */
  public FileEncryptor newFile(List<List<String>> leafPaths) {
    List<String> dotted = new ArrayList<>();
    for (List<String> path : leafPaths) {
      dotted.add(String.join(".", path));
    }
    for (String name : columnKeys.keySet()) {
      boolean names = false;
      for (String d : dotted) {
        names |= d.equals(name) || d.startsWith(name + ".");
      }
      if (!names) {
        throw new IllegalArgumentException(
            "no column '" + name + "' to encrypt with its key; the columns are " + dotted);
      }
    }
    List<ColumnKey> keys = new ArrayList<>();
    for (String d : dotted) {
      keys.add(keyOf(d));
    }
    return FileEncryptor.newFile(this, leafPaths, keys);
  }

  /**
   * A leaf's key: its own path's, else its nearest ancestor's; else {@link #FOOTER} under uniform
   * encryption (or with {@link Builder#footerKeyForOtherColumns}); else null, for plaintext.
   */
  private ColumnKey keyOf(String path) {
    ColumnKey key = Modules.nearest(columnKeys, path);
    if (key != null) {
      return key;
    }
    return columnKeys.isEmpty() || footerKeyForOtherColumns ? FOOTER : null;
  }

  /** The marker of a column encrypted with the footer key. */
  static final ColumnKey FOOTER = new ColumnKey(null, null);

  byte[] footerKey() {
    return footerKey;
  }

  byte[] footerKeyMetadata() {
    return footerKeyMetadata;
  }

  byte[] aadPrefix() {
    return aadPrefix;
  }

  boolean storeAadPrefix() {
    return storeAadPrefix;
  }

  @Override
  public String toString() {
    return "FileEncryption["
        + algorithm
        + (plaintextFooter ? ", plaintext footer" : ", encrypted footer")
        + (columnKeys.isEmpty() ? ", uniform" : ", column keys for " + columnKeys.keySet())
        + (footerKeyForOtherColumns ? ", footer key for the other columns" : "")
        + (aadPrefix == null ? "" : storeAadPrefix ? ", AAD prefix stored" : ", AAD prefix")
        + "]";
  }

  /** Builds {@link FileEncryption}. */
  public static final class Builder {
    private final byte[] footerKey;
    private byte[] footerKeyMetadata;
    private final Map<String, ColumnKey> columnKeys = new LinkedHashMap<>();
    private Algorithm algorithm = Algorithm.AES_GCM_V1;
    private boolean plaintextFooter;
    private byte[] aadPrefix;
    private boolean storeAadPrefix = true;
    private boolean footerKeyForOtherColumns;

    private Builder(byte[] footerKey) {
      this.footerKey = footerKey;
    }

    /**
     * What tells a reader which key the footer key is (a key id, or wrapped key material).
     *
     * @param metadata the key metadata
     * @return this builder
     */
    public Builder footerKeyMetadata(byte[] metadata) {
      this.footerKeyMetadata = metadata.clone();
      return this;
    }

    /**
     * Encrypts a column with its own key; once any is given, columns without one are plaintext
     * (unless {@link #footerKeyForOtherColumns}).
     *
     * @param path the column's dotted path, or a field's (a top-level name): every leaf below it
     *     without a key of its own takes this one
     * @param key 16, 24 or 32 bytes
     * @param keyMetadata what tells a reader which key it is, or null
     * @return this builder
     */
    public Builder columnKey(String path, byte[] key, byte[] keyMetadata) {
      columnKeys.put(
          path,
          new ColumnKey(
              Modules.checkedKey(key, "column '" + path + "'"),
              keyMetadata == null ? null : keyMetadata.clone()));
      return this;
    }

    /**
     * Encrypts the columns given no key with the footer key rather than leaving them plaintext.
     *
     * @return this builder
     */
    public Builder footerKeyForOtherColumns() {
      this.footerKeyForOtherColumns = true;
      return this;
    }

    /**
     * The algorithm (default AES_GCM_V1).
     *
     * @param algorithm the algorithm
     * @return this builder
     */
    public Builder algorithm(Algorithm algorithm) {
      this.algorithm = java.util.Objects.requireNonNull(algorithm);
      return this;
    }

    /**
     * Leaves the footer in plaintext, signed with the footer key, so that readers without keys can
     * read the plaintext columns (default: encrypted footer).
     *
     * @param plaintext whether the footer is plaintext
     * @return this builder
     */
    public Builder plaintextFooter(boolean plaintext) {
      this.plaintextFooter = plaintext;
      return this;
    }

    /**
     * An AAD prefix (a table's name, a file's identity) that binds the file to it.
     *
     * @param prefix the prefix
     * @param store whether the file keeps it (else readers must supply it)
     * @return this builder
     */
    public Builder aadPrefix(byte[] prefix, boolean store) {
      this.aadPrefix = prefix.clone();
      this.storeAadPrefix = store;
      return this;
    }

    /** {@return the encryption settings} */
    public FileEncryption build() {
      return new FileEncryption(this);
    }
  }
}
