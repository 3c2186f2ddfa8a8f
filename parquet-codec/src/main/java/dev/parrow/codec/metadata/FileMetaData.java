package dev.parrow.codec.metadata;

import java.util.List;

/**
 * The file footer. Optional fields are null when absent.
 *
 * @param schema the schema tree flattened depth-first, root first
 * @param columnOrders one per leaf column, in leaf order
 * @param encryptionAlgorithm set only in encrypted files with a plaintext footer
 * @param version the format version
 * @param numRows rows in the file
 * @param rowGroups the row groups, in file order
 * @param keyValueMetadata the file's key-value metadata, or null
 * @param createdBy the writer's name and version, or null
 * @param footerSigningKeyMetadata the signing key's metadata, or null
 */
public record FileMetaData(
    int version,
    List<SchemaElement> schema,
    long numRows,
    List<RowGroup> rowGroups,
    List<KeyValue> keyValueMetadata,
    String createdBy,
    List<ColumnOrder> columnOrders,
    EncryptionAlgorithm encryptionAlgorithm,
    Bytes footerSigningKeyMetadata) {

  /**
   * Copies the lists.
   *
   * @param version the format version
   * @param schema the schema tree flattened depth-first, root first
   * @param numRows rows in the file
   * @param rowGroups the row groups, in file order
   * @param keyValueMetadata the file's key-value metadata, or null
   * @param createdBy the writer's name and version, or null
   * @param columnOrders one per leaf column, in leaf order, or null
   * @param encryptionAlgorithm set only in encrypted files with a plaintext footer
   * @param footerSigningKeyMetadata the signing key's metadata, or null
   */
  public FileMetaData {
    schema = List.copyOf(schema);
    rowGroups = List.copyOf(rowGroups);
    keyValueMetadata = ListCopies.copyOrNull(keyValueMetadata);
    columnOrders = ListCopies.copyOrNull(columnOrders);
  }

  /**
   * The value of the first key-value entry with this key, or null (also when it has no value).
   *
   * @param key the key
   * @return its value, or null
   */
  public String keyValue(String key) {
    if (keyValueMetadata != null) {
      for (KeyValue kv : keyValueMetadata) {
        if (kv.key().equals(key)) {
          return kv.value();
        }
      }
    }
    return null;
  }

  /**
   * This footer with another schema.
   *
   * @param elements the flattened schema, root first
   * @return the new footer
   */
  public FileMetaData withSchema(List<SchemaElement> elements) {
    return new FileMetaData(
        version,
        elements,
        numRows,
        rowGroups,
        keyValueMetadata,
        createdBy,
        columnOrders,
        encryptionAlgorithm,
        footerSigningKeyMetadata);
  }

  /**
   * This footer with {@code key} set to {@code value}: in place where it is, else added last.
   *
   * @param key the key
   * @param value its value
   * @return the new footer
   */
  public FileMetaData withKeyValue(String key, String value) {
    List<KeyValue> kv = new java.util.ArrayList<>();
    boolean found = false;
    for (KeyValue e : keyValueMetadata == null ? List.<KeyValue>of() : keyValueMetadata) {
      boolean match = e.key().equals(key);
      kv.add(match ? new KeyValue(key, value) : e);
      found |= match;
    }
    if (!found) {
      kv.add(new KeyValue(key, value));
    }
    return new FileMetaData(
        version,
        schema,
        numRows,
        rowGroups,
        kv,
        createdBy,
        columnOrders,
        encryptionAlgorithm,
        footerSigningKeyMetadata);
  }

  /**
   * This metadata naming how the file is encrypted, as a plaintext footer does.
   *
   * @param algorithm the algorithm and AAD
   * @param signingKeyMetadata the footer key's metadata, or null
   * @return the new metadata
   */
  public FileMetaData withEncryption(EncryptionAlgorithm algorithm, Bytes signingKeyMetadata) {
    return new FileMetaData(
        version,
        schema,
        numRows,
        rowGroups,
        keyValueMetadata,
        createdBy,
        columnOrders,
        algorithm,
        signingKeyMetadata);
  }

  /**
   * This footer with other row groups.
   *
   * @param groups the row groups
   * @return the new footer
   */
  public FileMetaData withRowGroups(List<RowGroup> groups) {
    return new FileMetaData(
        version,
        schema,
        numRows,
        groups,
        keyValueMetadata,
        createdBy,
        columnOrders,
        encryptionAlgorithm,
        footerSigningKeyMetadata);
  }
}
