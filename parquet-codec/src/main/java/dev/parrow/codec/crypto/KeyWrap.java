package dev.parrow.codec.crypto;

import dev.parrow.codec.ParquetFormatException;
import java.util.Base64;

/**
 * A key wrapped with another locally, as parquet-java's key tools do it: base64 of AES-GCM's nonce
 * (12 bytes), ciphertext and tag (16 bytes), with an AAD (a master key's id, or a key-encryption
 * key's id): a module without its length prefix.
 */
public final class KeyWrap {
  private KeyWrap() {}

  /**
   * Unwraps a key.
   *
   * @param wrapped the wrapped key (base64)
   * @param key the key it was wrapped with
   * @param aad the AAD it was wrapped with
   * @return the key's bytes
   * @throws ParquetFormatException when it is not base64 or does not unwrap with {@code key}
   */
  public static byte[] unwrap(String wrapped, byte[] key, byte[] aad) {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(wrapped);
    } catch (IllegalArgumentException e) {
      throw new ParquetFormatException("a wrapped key that is not base64");
    }
    try {
      return Modules.gcm(key, bytes, 0, bytes.length, aad);
    } catch (ParquetFormatException e) {
      throw new ParquetFormatException(
          "a wrapped key does not unwrap (a wrong master key, or changed key material)");
    }
  }

  /**
   * Wraps a key.
   *
   * @param plain the key's bytes
   * @param key the key to wrap it with
   * @param aad the AAD to wrap it with
   * @return the wrapped key (base64)
   */
  public static String wrap(byte[] plain, byte[] key, byte[] aad) {
    byte[] module = Modules.sealGcm(key, plain, 0, plain.length, aad);
    return Base64.getEncoder()
        .encodeToString(java.util.Arrays.copyOfRange(module, Modules.LENGTH_BYTES, module.length));
  }
}
