package dev.parrow.codec.metadata;

import java.util.List;

/**
 * The file footer. Optional fields are null when absent.
 *
 * @param schema the schema tree flattened depth-first, root first
 * @param columnOrders one per leaf column, in leaf order
 * @param encryptionAlgorithm set only in encrypted files with a plaintext footer
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

  public FileMetaData {
    schema = List.copyOf(schema);
    rowGroups = List.copyOf(rowGroups);
    keyValueMetadata = ListCopies.copyOrNull(keyValueMetadata);
    columnOrders = ListCopies.copyOrNull(columnOrders);
  }

  /** The value of the first key-value entry with this key, or null (also when it has no value). */
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
}
