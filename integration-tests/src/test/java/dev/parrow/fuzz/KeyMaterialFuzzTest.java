package dev.parrow.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.parrow.arrow.crypto.InMemoryKms;
import dev.parrow.arrow.crypto.KeyTools;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.crypto.FileDecryption;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * Hostile key metadata through the key tools: whatever a file's key metadata holds (JSON or not,
 * base64 or not, wrapped keys of any length, references to external key material that is not
 * there), the key tools give a key or fail with a ParquetFormatException, or an
 * IllegalArgumentException from the KMS for a master key it does not have; nothing else. Seeds: key
 * material of single and double wrapping, internal and external.
 */
class KeyMaterialFuzzTest {
  private static final InMemoryKms KMS =
      new InMemoryKms(
          Map.of(
              "kf", "0123456789012345".getBytes(StandardCharsets.US_ASCII),
              "kc1", "1234567890123450".getBytes(StandardCharsets.US_ASCII)));

  private static final FileDecryption.KeyRetriever RETRIEVER =
      KeyTools.retriever(KMS, Path.of("no-such-dir", "file.parquet"));

  @FuzzTest
  void keyMaterial(byte[] input) {
    try {
      RETRIEVER.key(input);
    } catch (ParquetFormatException | IllegalArgumentException e) {
      // The outcomes a file's key metadata may have besides a key.
    }
  }
}
