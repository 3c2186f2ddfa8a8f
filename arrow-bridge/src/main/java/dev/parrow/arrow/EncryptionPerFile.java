package dev.parrow.arrow;

import dev.parrow.codec.crypto.FileEncryption;
import java.util.Map;

/**
 * How each file a writer makes is encrypted, decided when the file is begun: its encryption, and
 * what is kept beside it (parquet-java's key tools' external key material, {@code
 * _KEY_MATERIAL_FOR_<file>.json}). {@code KeyTools.encryption} makes one from parquet-java's
 * properties.
 */
@FunctionalInterface
public interface EncryptionPerFile {
  /**
   * The encryption of a file being begun.
   *
   * @param fileName the file's name (its path, for a local file)
   * @return its encryption, or null for a plaintext file
   */
  Encrypted begin(String fileName);

  /**
   * A file's encryption and the files written beside it.
   *
   * @param encryption the file's encryption
   * @param besideFile files written in the file's directory (name to content) before the file is
   *     committed, none if it is not: only for a new local file
   */
  record Encrypted(FileEncryption encryption, Map<String, byte[]> besideFile) {
    /**
     * Copies the map.
     *
     * @param encryption the file's encryption
     * @param besideFile files written beside it
     */
    public Encrypted {
      java.util.Objects.requireNonNull(encryption, "encryption");
      besideFile = Map.copyOf(besideFile);
    }
  }
}
