package dev.parrow.arrow.crypto;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The in-memory KMS of parquet-java's tests ({@code InMemoryKMS}, Arrow C++'s {@code
 * TestOnlyInServerWrapKms}): master keys held here by id, a key wrapped as AES-GCM with the master
 * key and the master key's id as AAD. For tests and examples: its keys are in the process.
 */
public final class InMemoryKms implements KmsClient {
  /** parquet-java's property listing the master keys: {@code id:base64key, id:base64key}. */
  public static final String KEY_LIST_PROPERTY = "parquet.encryption.key.list";

  private final Map<String, byte[]> masterKeys;

  /**
   * A KMS of these master keys.
   *
   * @param masterKeys the keys (16, 24 or 32 bytes) by id
   */
  public InMemoryKms(Map<String, byte[]> masterKeys) {
    this.masterKeys = Map.copyOf(masterKeys);
  }

  /**
   * A KMS of the master keys {@link #KEY_LIST_PROPERTY} lists.
   *
   * @param keyList {@code id:base64key} entries, separated by commas
   * @return the KMS
   */
  public static InMemoryKms fromKeyList(String keyList) {
    Map<String, byte[]> keys = new LinkedHashMap<>();
    for (String entry : keyList.split(",")) {
      String e = entry.strip();
      int colon = e.indexOf(':');
      if (colon <= 0) {
        throw new IllegalArgumentException(
            KEY_LIST_PROPERTY + " entries are id:base64key; one is not");
      }
      keys.put(
          e.substring(0, colon).strip(),
          Base64.getDecoder().decode(e.substring(colon + 1).strip()));
    }
    return new InMemoryKms(keys);
  }

  private byte[] masterKey(String id) {
    byte[] key = masterKeys.get(id);
    if (key == null) {
      throw new IllegalArgumentException("the KMS has no master key '" + id + "'");
    }
    return key;
  }

  @Override
  public byte[] unwrapKey(String wrappedKey, String masterKeyId) {
    return dev.parrow.codec.crypto.KeyWrap.unwrap(
        wrappedKey, masterKey(masterKeyId), masterKeyId.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public String wrapKey(byte[] key, String masterKeyId) {
    return dev.parrow.codec.crypto.KeyWrap.wrap(
        key, masterKey(masterKeyId), masterKeyId.getBytes(StandardCharsets.UTF_8));
  }
}
