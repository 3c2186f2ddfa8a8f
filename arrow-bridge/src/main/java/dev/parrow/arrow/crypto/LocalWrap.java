package dev.parrow.arrow.crypto;

import dev.parrow.codec.ParquetFormatException;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A key wrapped with another locally, as the key tools do it: base64 of AES-GCM's nonce (12 bytes),
 * ciphertext and tag (16 bytes), with an AAD (a master key's id, or a key-encryption key's id).
 */
final class LocalWrap {
  private LocalWrap() {}

  private static final SecureRandom RANDOM = new SecureRandom();

  static byte[] unwrap(String wrapped, byte[] key, byte[] aad) {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(wrapped);
    } catch (IllegalArgumentException e) {
      throw new ParquetFormatException("a wrapped key that is not base64");
    }
    if (bytes.length < 12 + 16) {
      throw new ParquetFormatException("a wrapped key of " + bytes.length + " bytes");
    }
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(
          Cipher.DECRYPT_MODE,
          new SecretKeySpec(key, "AES"),
          new GCMParameterSpec(128, bytes, 0, 12));
      cipher.updateAAD(aad);
      return cipher.doFinal(bytes, 12, bytes.length - 12);
    } catch (GeneralSecurityException e) {
      throw new ParquetFormatException(
          "a wrapped key does not unwrap (a wrong master key, or changed key material)");
    }
  }

  static String wrap(byte[] plain, byte[] key, byte[] aad) {
    byte[] nonce = new byte[12];
    RANDOM.nextBytes(nonce);
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(
          Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, nonce));
      cipher.updateAAD(aad);
      byte[] sealed = cipher.doFinal(plain);
      byte[] out = new byte[12 + sealed.length];
      System.arraycopy(nonce, 0, out, 0, 12);
      System.arraycopy(sealed, 0, out, 12, sealed.length);
      return Base64.getEncoder().encodeToString(out);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM key wrapping failed", e);
    }
  }
}
