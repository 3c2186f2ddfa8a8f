package dev.parrow.spark;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.crypto.keytools.KeyToolkit;
import org.apache.parquet.crypto.keytools.KmsClient;

/**
 * parquet-java's test KMS (its {@code InMemoryKMS}, which ships only in its test jar), for Spark's
 * own writer in the tests: master keys from {@code parquet.encryption.key.list}, keys wrapped
 * locally with AES-GCM and the master key's id as AAD.
 */
public final class ParquetJavaTestKms implements KmsClient {
  private final Map<String, byte[]> keys = new HashMap<>();

  /** Made by parquet-java's key tools. */
  public ParquetJavaTestKms() {}

  @Override
  public void initialize(Configuration conf, String id, String url, String token) {
    for (String entry : conf.getTrimmedStrings("parquet.encryption.key.list")) {
      int colon = entry.indexOf(':');
      keys.put(
          entry.substring(0, colon).trim(),
          Base64.getDecoder().decode(entry.substring(colon + 1).trim()));
    }
  }

  @Override
  public String wrapKey(byte[] key, String masterKeyId) {
    return KeyToolkit.encryptKeyLocally(
        key, keys.get(masterKeyId), masterKeyId.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public byte[] unwrapKey(String wrappedKey, String masterKeyId) {
    return KeyToolkit.decryptKeyLocally(
        wrappedKey, keys.get(masterKeyId), masterKeyId.getBytes(StandardCharsets.UTF_8));
  }
}
