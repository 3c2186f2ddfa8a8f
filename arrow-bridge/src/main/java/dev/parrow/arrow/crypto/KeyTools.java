package dev.parrow.arrow.crypto;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.crypto.FileDecryption;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reading files written with parquet-java's key tools (what Spark's {@code parquet.encryption.*}
 * settings make): each module's key metadata is {@code PKMT1} key material, a JSON object with the
 * data key wrapped by a master key in the KMS (single wrapping) or by a key-encryption key that the
 * KMS unwraps (double wrapping), kept in the file or, with external key material, in a {@code
 * _KEY_MATERIAL_FOR_<file>.json} beside it that the material names by reference. Key-encryption
 * keys are unwrapped once per file.
 */
public final class KeyTools {
  private KeyTools() {}

  private static final JsonFactory JSON = new JsonFactory();

  /**
   * The keys of a file written with the key tools, unwrapped through {@code kms}.
   *
   * @param kms the KMS holding the master keys
   * @param file the file's local path (where external key material is looked for)
   * @return the decryption settings to open it with
   */
  public static FileDecryption decryption(KmsClient kms, Path file) {
    return FileDecryption.builder().keyRetriever(retriever(kms, file)).build();
  }

  /**
   * A key retriever over the key tools' key material.
   *
   * @param kms the KMS holding the master keys
   * @param file the file's local path (where external key material is looked for)
   * @return the retriever
   */
  public static FileDecryption.KeyRetriever retriever(KmsClient kms, Path file) {
    Map<String, byte[]> keks = new ConcurrentHashMap<>();
    // The external key material, read at the first key that needs it.
    java.util.concurrent.atomic.AtomicReference<Map<String, String>> external =
        new java.util.concurrent.atomic.AtomicReference<>();
    return metadata -> {
      Map<String, String> material = object(new String(metadata, StandardCharsets.UTF_8));
      if (!"PKMT1".equals(material.get("keyMaterialType"))
          && material.containsKey("keyMaterialType")) {
        throw new ParquetFormatException(
            "key material of type " + material.get("keyMaterialType") + ", not PKMT1");
      }
      if ("false".equals(material.get("internalStorage"))) {
        Map<String, String> all =
            external.updateAndGet(m -> m != null ? m : externalMaterial(file));
        String reference = material.get("keyReference");
        String stored = reference == null ? null : all.get(reference);
        if (stored == null) {
          throw new ParquetFormatException(
              "the external key material has no key '" + reference + "'");
        }
        material = object(stored);
      }
      return unwrap(material, kms, keks);
    };
  }

  /** parquet-java's property naming the KMS client class. */
  public static final String KMS_CLIENT_CLASS = "parquet.encryption.kms.client.class";

  /**
   * The KMS that parquet-java's properties name ({@value #KMS_CLIENT_CLASS}), so that a team's
   * Spark settings work unchanged: parquet-java's test {@code InMemoryKMS} (or this one) over
   * {@value InMemoryKms#KEY_LIST_PROPERTY}, or a class of the caller's implementing {@link
   * KmsClient}, made with the properties (a constructor taking a {@code Map<String, String>}) or
   * without (a public no-argument constructor).
   *
   * @param properties parquet-java's encryption properties
   * @return the KMS
   * @throws IllegalArgumentException when the class is missing or is no KmsClient
   */
  public static KmsClient kms(Map<String, String> properties) {
    String name = properties.get(KMS_CLIENT_CLASS);
    if (name == null) {
      throw new IllegalArgumentException(KMS_CLIENT_CLASS + " is not set");
    }
    if (name.equals("org.apache.parquet.crypto.keytools.mocks.InMemoryKMS")
        || name.equals(InMemoryKms.class.getName())) {
      String keys = properties.get(InMemoryKms.KEY_LIST_PROPERTY);
      if (keys == null) {
        throw new IllegalArgumentException(InMemoryKms.KEY_LIST_PROPERTY + " is not set");
      }
      return InMemoryKms.fromKeyList(keys);
    }
    try {
      Class<?> type = Class.forName(name);
      if (!KmsClient.class.isAssignableFrom(type)) {
        throw new IllegalArgumentException(name + " is not a " + KmsClient.class.getName());
      }
      try {
        return (KmsClient) type.getConstructor(Map.class).newInstance(Map.copyOf(properties));
      } catch (NoSuchMethodException e) {
        return (KmsClient) type.getConstructor().newInstance();
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException("cannot make the KMS client " + name + ": " + e, e);
    }
  }

  /** The data key of one key material object. */
  private static byte[] unwrap(
      Map<String, String> material, KmsClient kms, Map<String, byte[]> keks) {
    String master = required(material, "masterKeyID");
    String wrappedDek = required(material, "wrappedDEK");
    if (!"true".equals(material.get("doubleWrapping"))) {
      return kms.unwrapKey(wrappedDek, master);
    }
    String kekId = required(material, "keyEncryptionKeyID");
    String wrappedKek = required(material, "wrappedKEK");
    byte[] kek = keks.computeIfAbsent(kekId, id -> kms.unwrapKey(wrappedKek, master));
    return dev.parrow.codec.crypto.KeyWrap.unwrap(
        wrappedDek, kek, Base64.getDecoder().decode(kekId));
  }

  private static String required(Map<String, String> material, String field) {
    String value = material.get(field);
    if (value == null) {
      throw new ParquetFormatException("key material without " + field);
    }
    return value;
  }

  /** The external key material file beside {@code file}: its entries by reference. */
  private static Map<String, String> externalMaterial(Path file) {
    Path json = file.resolveSibling("_KEY_MATERIAL_FOR_" + file.getFileName() + ".json");
    try {
      return object(Files.readString(json));
    } catch (java.nio.file.NoSuchFileException e) {
      throw new ParquetFormatException(
          "the file's key material is external, and there is no " + json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A flat JSON object's fields as text (strings as they are, booleans and numbers as written). */
  static Map<String, String> object(String text) {
    Map<String, String> out = new HashMap<>();
    try (JsonParser p = JSON.createParser(text)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new ParquetFormatException("key material that is not a JSON object");
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY) {
          p.skipChildren();
        } else {
          out.put(name, p.getText());
        }
      }
    } catch (IOException e) {
      throw new ParquetFormatException("key material that is not JSON");
    }
    return out;
  }
}
