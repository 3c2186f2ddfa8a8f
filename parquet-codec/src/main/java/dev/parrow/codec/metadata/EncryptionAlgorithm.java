package dev.parrow.codec.metadata;

/**
 * The {@code EncryptionAlgorithm} union ({@code unionField} 1 = AES_GCM_V1, 2 = AES_GCM_CTR_V1).
 * Where a file's AAD comes from: its prefix (stored, or to be supplied) and its unique part.
 *
 * @param unionField the union member's field id
 * @param aadPrefix the AAD prefix, or null
 * @param aadFileUnique the file's unique AAD part, or null
 * @param supplyAadPrefix whether readers must supply the prefix, or null
 */
public record EncryptionAlgorithm(
    int unionField, Bytes aadPrefix, Bytes aadFileUnique, Boolean supplyAadPrefix) {
  /** {@return the algorithm's name, or UNKNOWN_ALGORITHM(id) for one this version does not know} */
  public String describe() {
    switch (unionField) {
      case 1:
        return "AES_GCM_V1";
      case 2:
        return "AES_GCM_CTR_V1";
      default:
        return "UNKNOWN_ALGORITHM(" + unionField + ")";
    }
  }
}
