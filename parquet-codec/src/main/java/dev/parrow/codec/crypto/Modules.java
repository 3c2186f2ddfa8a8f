package dev.parrow.codec.crypto;

import dev.parrow.codec.ParquetFormatException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The encrypted modules of Parquet Modular Encryption, with the JDK's AES (hardware-accelerated): a
 * module is its length (4 bytes, little-endian, not counting itself), a 12-byte nonce, the
 * ciphertext, and for AES-GCM a 16-byte tag. GCM authenticates the ciphertext and the module's AAD,
 * so a wrong key, a wrong AAD prefix, a module moved to another place or a changed byte fails the
 * tag; CTR (the page data of AES_GCM_CTR_V1) only decrypts.
 */
final class Modules {
  private Modules() {}

  static final int LENGTH_BYTES = 4;
  static final int NONCE_BYTES = 12;
  static final int TAG_BYTES = 16;

  /** The AAD of a module of a file written without AAD. */
  static final byte[] NO_AAD = new byte[0];

  /**
   * A copy of an AES key, checked to have 16, 24 or 32 bytes.
   *
   * @param what the key's name, for the message (never its bytes)
   */
  static byte[] checkedKey(byte[] key, String what) {
    if (key.length != 16 && key.length != 24 && key.length != 32) {
      throw new IllegalArgumentException(
          "the " + what + " key has " + key.length + " bytes; AES keys have 16, 24 or 32");
    }
    return key.clone();
  }

  /**
   * The value a column's dotted path has in {@code byPath}: its own, else its nearest ancestor's (a
   * top-level name stands for every leaf below it); null if none.
   */
  static <V> V nearest(java.util.Map<String, V> byPath, String path) {
    for (String p = path;
        p != null;
        p = p.contains(".") ? p.substring(0, p.lastIndexOf('.')) : null) {
      V value = byPath.get(p);
      if (value != null) {
        return value;
      }
    }
    return null;
  }

  /** The module types of the AAD suffix. */
  static final byte FOOTER = 0;

  static final byte COLUMN_META_DATA = 1;
  static final byte DATA_PAGE = 2;
  static final byte DICTIONARY_PAGE = 3;
  static final byte DATA_PAGE_HEADER = 4;
  static final byte DICTIONARY_PAGE_HEADER = 5;
  static final byte COLUMN_INDEX = 6;
  static final byte OFFSET_INDEX = 7;
  static final byte BLOOM_FILTER_HEADER = 8;
  static final byte BLOOM_FILTER_BITSET = 9;

  /**
   * The AAD of a module: the file's AAD (prefix and unique part), the module type, and for modules
   * of a column chunk its row group and column ordinals, and for data pages and their headers the
   * page ordinal (each two bytes, little-endian; -1 leaves an ordinal out). A null file AAD is a
   * file written with no AAD at all (DuckDB's): its modules' AAD is empty.
   */
  static byte[] aad(byte[] fileAad, byte type, int rowGroup, int column, int page) {
    if (fileAad == null) {
      return NO_AAD;
    }
    int suffix = 1 + (rowGroup >= 0 ? 2 : 0) + (column >= 0 ? 2 : 0) + (page >= 0 ? 2 : 0);
    ByteBuffer b = ByteBuffer.allocate(fileAad.length + suffix).order(ByteOrder.LITTLE_ENDIAN);
    b.put(fileAad).put(type);
    for (int ordinal : new int[] {rowGroup, column, page}) {
      if (ordinal >= 0) {
        if (ordinal > Short.MAX_VALUE) {
          throw new ParquetFormatException(
              "an encrypted file cannot have more than 32,767 row groups, columns or pages of a"
                  + " chunk; ordinal "
                  + ordinal);
        }
        b.putShort((short) ordinal);
      }
    }
    return b.array();
  }

  /**
   * The AAD of a page or of its header: the dictionary page's, or the data page's of its ordinal in
   * the chunk.
   */
  static byte[] pageAad(
      byte[] fileAad, boolean header, boolean dictionary, int rowGroup, int column, int dataPage) {
    byte type =
        dictionary
            ? header ? DICTIONARY_PAGE_HEADER : DICTIONARY_PAGE
            : header ? DATA_PAGE_HEADER : DATA_PAGE;
    return aad(fileAad, type, rowGroup, column, dictionary ? -1 : dataPage);
  }

  /** The length a module at {@code module}'s position declares, checked against what is there. */
  static int declaredLength(ByteBuffer module, int available) {
    if (available < LENGTH_BYTES) {
      throw new ParquetFormatException("encrypted module cut short: " + available + " bytes");
    }
    int length = module.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt(module.position());
    if (length < NONCE_BYTES || length > available - LENGTH_BYTES) {
      throw new ParquetFormatException(
          "encrypted module says it has "
              + Integer.toUnsignedLong(length)
              + " bytes where "
              + (available - LENGTH_BYTES)
              + " are left");
    }
    return length;
  }

  /**
   * Decrypts an AES-GCM module starting at {@code module}'s position (its length first), advancing
   * the position past it.
   */
  static byte[] decryptGcm(ByteBuffer module, byte[] key, byte[] aad) {
    int length = declaredLength(module, module.remaining());
    byte[] body = new byte[length];
    module.position(module.position() + LENGTH_BYTES).get(body);
    return gcm(key, body, 0, length, aad);
  }

  /** AES-GCM over nonce, ciphertext and tag at {@code body[offset..offset+length)}. */
  static byte[] gcm(byte[] key, byte[] body, int offset, int length, byte[] aad) {
    if (length < NONCE_BYTES + TAG_BYTES) {
      throw new ParquetFormatException("encrypted module of " + length + " bytes has no tag");
    }
    byte[] out = new byte[length - NONCE_BYTES - TAG_BYTES];
    gcm(key, body, offset, length, aad, out);
    return out;
  }

  /**
   * AES-GCM over nonce, ciphertext and tag at {@code body[offset..offset+length)} into {@code out};
   * returns the plaintext's length.
   */
  static int gcm(byte[] key, byte[] body, int offset, int length, byte[] aad, byte[] out) {
    if (length < NONCE_BYTES + TAG_BYTES) {
      throw new ParquetFormatException("encrypted module of " + length + " bytes has no tag");
    }
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(
          Cipher.DECRYPT_MODE,
          new SecretKeySpec(key, "AES"),
          new GCMParameterSpec(TAG_BYTES * 8, body, offset, NONCE_BYTES));
      cipher.updateAAD(aad);
      return cipher.doFinal(body, offset + NONCE_BYTES, length - NONCE_BYTES, out, 0);
    } catch (AEADBadTagException e) {
      throw new ParquetFormatException(
          "the encrypted module does not authenticate (AES-GCM tag mismatch): a wrong key or AAD"
              + " prefix, or the module was changed or moved");
    } catch (GeneralSecurityException e) {
      throw new ParquetFormatException("AES-GCM decryption failed: " + e.getMessage());
    }
  }

  /**
   * AES-CTR over nonce and ciphertext at {@code body[offset..offset+length)} into {@code out};
   * returns the plaintext's length.
   */
  static int ctr(byte[] key, byte[] body, int offset, int length, byte[] out) {
    byte[] iv = new byte[16];
    System.arraycopy(body, offset, iv, 0, NONCE_BYTES);
    // The counter's first block is 1, as the specification's CTR mode starts it.
    iv[15] = 1;
    try {
      Cipher cipher = Cipher.getInstance("AES/CTR/NoPadding");
      cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(iv));
      return cipher.doFinal(body, offset + NONCE_BYTES, length - NONCE_BYTES, out, 0);
    } catch (GeneralSecurityException e) {
      throw new ParquetFormatException("AES-CTR decryption failed: " + e.getMessage());
    }
  }

  private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

  /** {@code n} random bytes (nonces, a file's unique AAD part). */
  static byte[] random(int n) {
    byte[] bytes = new byte[n];
    RANDOM.nextBytes(bytes);
    return bytes;
  }

  /** A fresh random nonce: every module gets its own, as AES-GCM needs. */
  static byte[] nonce() {
    return random(NONCE_BYTES);
  }

  /**
   * An AES-GCM module of {@code plain[offset..offset+length)}: its length, a fresh nonce, the
   * ciphertext and the tag.
   */
  static byte[] sealGcm(byte[] key, byte[] plain, int offset, int length, byte[] aad) {
    try {
      return gcmModule(key, nonce(), plain, offset, length, aad);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM encryption failed", e);
    }
  }

  /** The AES-GCM module of {@code plain[offset..offset+length)} under this nonce. */
  private static byte[] gcmModule(
      byte[] key, byte[] nonce, byte[] plain, int offset, int length, byte[] aad)
      throws GeneralSecurityException {
    byte[] module = new byte[LENGTH_BYTES + NONCE_BYTES + length + TAG_BYTES];
    putLength(module, NONCE_BYTES + length + TAG_BYTES);
    System.arraycopy(nonce, 0, module, LENGTH_BYTES, NONCE_BYTES);
    Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
    cipher.init(
        Cipher.ENCRYPT_MODE,
        new SecretKeySpec(key, "AES"),
        new GCMParameterSpec(TAG_BYTES * 8, nonce));
    cipher.updateAAD(aad);
    cipher.doFinal(plain, offset, length, module, LENGTH_BYTES + NONCE_BYTES);
    return module;
  }

  /**
   * An AES-CTR module of {@code plain[offset..offset+length)}: its length, a fresh nonce and the
   * ciphertext (no tag: AES_GCM_CTR_V1's page data).
   */
  static byte[] sealCtr(byte[] key, byte[] plain, int offset, int length) {
    byte[] nonce = nonce();
    byte[] module = new byte[LENGTH_BYTES + NONCE_BYTES + length];
    putLength(module, NONCE_BYTES + length);
    System.arraycopy(nonce, 0, module, LENGTH_BYTES, NONCE_BYTES);
    byte[] iv = new byte[16];
    System.arraycopy(nonce, 0, iv, 0, NONCE_BYTES);
    iv[15] = 1;
    try {
      Cipher cipher = Cipher.getInstance("AES/CTR/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(iv));
      cipher.doFinal(plain, offset, length, module, LENGTH_BYTES + NONCE_BYTES);
      return module;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-CTR encryption failed", e);
    }
  }

  private static void putLength(byte[] module, int length) {
    ByteBuffer.wrap(module).order(ByteOrder.LITTLE_ENDIAN).putInt(0, length);
  }

  /**
   * A plaintext footer's signature: the nonce and the tag of AES-GCM over the footer with the
   * footer key and the footer's AAD (the ciphertext is not kept).
   */
  static byte[] sign(byte[] footer, byte[] key, byte[] aad) {
    byte[] module = sealGcm(key, footer, 0, footer.length, aad);
    byte[] signature = new byte[NONCE_BYTES + TAG_BYTES];
    System.arraycopy(module, LENGTH_BYTES, signature, 0, NONCE_BYTES);
    System.arraycopy(module, module.length - TAG_BYTES, signature, NONCE_BYTES, TAG_BYTES);
    return signature;
  }

  /**
   * Checks a plaintext footer's signature: the 12-byte nonce and 16-byte tag after it, which
   * AES-GCM of the footer with the footer key and the footer's AAD must reproduce.
   */
  static boolean signatureHolds(byte[] footer, byte[] nonce, byte[] tag, byte[] key, byte[] aad) {
    try {
      byte[] module = gcmModule(key, nonce, footer, 0, footer.length, aad);
      return java.security.MessageDigest.isEqual(
          java.util.Arrays.copyOfRange(module, module.length - TAG_BYTES, module.length), tag);
    } catch (GeneralSecurityException e) {
      throw new ParquetFormatException("AES-GCM signature check failed: " + e.getMessage());
    }
  }
}
