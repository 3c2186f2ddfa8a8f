package dev.parrow.arrow.crypto;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.crypto.FileDecryption;
import dev.parrow.codec.crypto.FileEncryption;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Parquet's key tools, as parquet-java has them (what Spark's {@code parquet.encryption.*} settings
 * use): each module's key metadata is {@code PKMT1} key material, a JSON object with the data key
 * wrapped by a master key in the KMS (single wrapping) or by a key-encryption key that the KMS
 * wraps (double wrapping). Reading finds it in the file or, with external key material, in a {@code
 * _KEY_MATERIAL_FOR_<file>.json} beside it that the material names by reference, and unwraps each
 * key-encryption key once per file; writing ({@link #encryption}) makes fresh data keys for every
 * file and keeps their material in it or beside it.
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
   * The keys of each file of a dataset written with the key tools, from its location: each file's
   * key material found in it or beside it (a local path or {@code file:} URI; a remote file's
   * external key material is not fetched, and asking for it is an error naming it).
   *
   * @param kms the KMS holding the master keys
   * @return the keys of the file at a location (for {@code DatasetOptions.decryptionPerFile})
   */
  public static java.util.function.Function<String, FileDecryption> decryptionPerFile(
      KmsClient kms) {
    return location -> decryption(kms, localPath(location));
  }

  /** The local path of a location, or a path that names it for a remote one (never read). */
  private static Path localPath(String location) {
    if (location.startsWith("file:")) {
      return Path.of(java.net.URI.create(location));
    }
    int scheme = location.indexOf("://");
    if (scheme > 0) {
      return Path.of("remote files' external key material is not read: " + location);
    }
    return Path.of(location);
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

  /** The properties of parquet-java's key tools that say how files are encrypted. */
  public static final String FOOTER_KEY = "parquet.encryption.footer.key";

  /** Master key ids and the columns each encrypts: {@code id:col,col;id:col}. */
  public static final String COLUMN_KEYS = "parquet.encryption.column.keys";

  /** One master key for the footer and every column. */
  public static final String UNIFORM_KEY = "parquet.encryption.uniform.key";

  /** {@code AES_GCM_V1} (the default) or {@code AES_GCM_CTR_V1}. */
  public static final String ALGORITHM = "parquet.encryption.algorithm";

  /** Whether the footer stays plaintext (and signed); default false. */
  public static final String PLAINTEXT_FOOTER = "parquet.encryption.plaintext.footer";

  /** Whether data keys are wrapped by key-encryption keys the KMS wraps; default true. */
  public static final String DOUBLE_WRAPPING = "parquet.encryption.double.wrapping";

  /** Whether key material is kept in the file (default true) or beside it. */
  public static final String MATERIAL_INTERNAL = "parquet.encryption.key.material.store.internally";

  /** Bits of each data key: 128 (the default), 192 or 256. */
  public static final String DATA_KEY_BITS = "parquet.encryption.data.key.length.bits";

  /** Bits of each key-encryption key: 128 (the default), 192 or 256. */
  public static final String KEK_BITS = "parquet.encryption.kek.length.bits";

  /** Whether columns not in {@value #COLUMN_KEYS} take the footer key; default false. */
  public static final String COMPLETE_COLUMNS = "parquet.encryption.complete.columns";

  private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

  /**
   * How files are encrypted under parquet-java's key tools properties, as Spark's {@code
   * parquet.encryption.*} settings write them: the master keys of the footer and of each column
   * ({@value #FOOTER_KEY} and {@value #COLUMN_KEYS}, or {@value #UNIFORM_KEY}); every file gets
   * fresh random data keys, kept in its key metadata as {@code PKMT1} key material wrapped through
   * {@code kms} (directly, or by a key-encryption key made once for this writer: double wrapping).
   * The other properties: {@value #ALGORITHM}, {@value #PLAINTEXT_FOOTER}, {@value
   * #DOUBLE_WRAPPING}, {@value #MATERIAL_INTERNAL}, {@value #DATA_KEY_BITS}, {@value #KEK_BITS},
   * {@value #COMPLETE_COLUMNS}.
   *
   * @param kms the KMS holding the master keys
   * @param properties the key tools properties
   * @return each file's encryption, from its name (for {@code
   *     WriteOptions.Builder.encryptionPerFile}); with {@value #MATERIAL_INTERNAL} false its key
   *     material goes beside it, in {@code _KEY_MATERIAL_FOR_<file>.json}, referenced from the
   *     file, as parquet-java keeps it (single local files only)
   * @throws IllegalArgumentException when the properties name no keys or hold a wrong value
   */
  public static dev.parrow.arrow.EncryptionPerFile encryption(
      KmsClient kms, Map<String, String> properties) {
    String uniform = properties.get(UNIFORM_KEY);
    String footer = properties.get(FOOTER_KEY);
    String columns = properties.get(COLUMN_KEYS);
    if (uniform != null && (footer != null || columns != null)) {
      throw new IllegalArgumentException(
          UNIFORM_KEY + " goes without " + FOOTER_KEY + " and " + COLUMN_KEYS);
    }
    if (uniform == null && (footer == null || columns == null)) {
      throw new IllegalArgumentException(
          "encrypting takes "
              + FOOTER_KEY
              + " and "
              + COLUMN_KEYS
              + ", or "
              + UNIFORM_KEY
              + " alone");
    }
    boolean internal = bool(properties, MATERIAL_INTERNAL, true);
    Map<String, List<String>> columnMasters = columns == null ? Map.of() : columnKeys(columns);
    FileEncryption.Algorithm algorithm;
    try {
      algorithm =
          FileEncryption.Algorithm.valueOf(
              properties.getOrDefault(ALGORITHM, "AES_GCM_V1").strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          ALGORITHM + " is AES_GCM_V1 or AES_GCM_CTR_V1, not " + properties.get(ALGORITHM));
    }
    boolean plaintextFooter = bool(properties, PLAINTEXT_FOOTER, false);
    boolean complete = bool(properties, COMPLETE_COLUMNS, false);
    int dekBytes = keyBits(properties, DATA_KEY_BITS) / 8;
    Wrapper wrapper =
        new Wrapper(
            kms, bool(properties, DOUBLE_WRAPPING, true), keyBits(properties, KEK_BITS) / 8);
    String footerMaster = uniform != null ? uniform : footer;
    return name -> {
      // The key material: in the file's key metadata, or beside it with references in the file.
      Map<String, String> external = new java.util.LinkedHashMap<>();
      java.util.function.BiFunction<String, byte[], byte[]> keep =
          (reference, material) -> {
            if (internal) {
              return material;
            }
            external.put(reference, new String(material, StandardCharsets.UTF_8));
            Map<String, Object> pointer = new java.util.LinkedHashMap<>();
            pointer.put("keyMaterialType", "PKMT1");
            pointer.put("internalStorage", false);
            pointer.put("keyReference", reference);
            return json(pointer);
          };
      byte[] footerKey = randomKey(dekBytes);
      FileEncryption.Builder b =
          FileEncryption.builder(footerKey)
              .algorithm(algorithm)
              .plaintextFooter(plaintextFooter)
              .footerKeyMetadata(
                  keep.apply(
                      "footerKey", wrapper.material(footerKey, footerMaster, true, internal)));
      int columnKeys = 0;
      for (Map.Entry<String, List<String>> e : columnMasters.entrySet()) {
        byte[] key = randomKey(dekBytes);
        byte[] metadata =
            keep.apply(
                "columnKey" + columnKeys++, wrapper.material(key, e.getKey(), false, internal));
        for (String column : e.getValue()) {
          b.columnKey(column, key, metadata);
        }
      }
      if (complete) {
        b.footerKeyForOtherColumns();
      }
      Map<String, byte[]> beside =
          internal
              ? Map.of()
              : Map.of(
                  materialFile(Path.of(name)).getFileName().toString(),
                  json(new java.util.LinkedHashMap<String, Object>(external)));
      return new dev.parrow.arrow.EncryptionPerFile.Encrypted(b.build(), beside);
    };
  }

  /** A flat JSON object of strings and booleans, as UTF-8. */
  private static byte[] json(Map<String, Object> fields) {
    java.io.StringWriter out = new java.io.StringWriter();
    try (com.fasterxml.jackson.core.JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      for (Map.Entry<String, Object> e : fields.entrySet()) {
        if (e.getValue() instanceof Boolean flag) {
          g.writeBooleanField(e.getKey(), flag);
        } else {
          g.writeStringField(e.getKey(), (String) e.getValue());
        }
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** {@value #COLUMN_KEYS}'s master key ids and their columns. */
  private static Map<String, List<String>> columnKeys(String text) {
    Map<String, List<String>> out = new java.util.LinkedHashMap<>();
    for (String entry : text.split(";")) {
      if (entry.isBlank()) {
        continue;
      }
      int colon = entry.indexOf(':');
      if (colon <= 0) {
        throw new IllegalArgumentException(
            COLUMN_KEYS + " entries are masterKeyId:column,column; one is not");
      }
      List<String> cols = new java.util.ArrayList<>();
      for (String c : entry.substring(colon + 1).split(",")) {
        if (!c.isBlank()) {
          cols.add(c.strip());
        }
      }
      out.computeIfAbsent(entry.substring(0, colon).strip(), k -> new java.util.ArrayList<>())
          .addAll(cols);
    }
    return out;
  }

  private static boolean bool(Map<String, String> properties, String name, boolean otherwise) {
    String value = properties.get(name);
    if (value == null) {
      return otherwise;
    }
    if (!value.strip().equalsIgnoreCase("true") && !value.strip().equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(name + " is true or false, not " + value);
    }
    return Boolean.parseBoolean(value.strip());
  }

  private static int keyBits(Map<String, String> properties, String name) {
    String value = properties.getOrDefault(name, "128").strip();
    if (!value.equals("128") && !value.equals("192") && !value.equals("256")) {
      throw new IllegalArgumentException(name + " is 128, 192 or 256, not " + value);
    }
    return Integer.parseInt(value);
  }

  private static byte[] randomKey(int bytes) {
    byte[] key = new byte[bytes];
    RANDOM.nextBytes(key);
    return key;
  }

  /**
   * Wraps data keys into {@code PKMT1} key material: through the KMS, or with a key-encryption key
   * per master key (made at its first use, its id random) that the KMS wraps once.
   */
  private static final class Wrapper {
    private final KmsClient kms;
    private final boolean doubleWrapping;
    private final int kekBytes;

    /** A key-encryption key: its random id, the key, and the key as the KMS wrapped it. */
    private record Kek(byte[] id, byte[] key, String wrapped) {}

    /** Per master key id, its key-encryption key, made at its first use. */
    private final Map<String, Kek> keks = new ConcurrentHashMap<>();

    Wrapper(KmsClient kms, boolean doubleWrapping, int kekBytes) {
      this.kms = kms;
      this.doubleWrapping = doubleWrapping;
      this.kekBytes = kekBytes;
    }

    byte[] material(byte[] dataKey, String masterKey, boolean footer, boolean internal) {
      Map<String, Object> m = new java.util.LinkedHashMap<>();
      m.put("keyMaterialType", "PKMT1");
      m.put("internalStorage", internal);
      m.put("isFooterKey", footer);
      if (footer) {
        m.put("kmsInstanceID", "DEFAULT");
        m.put("kmsInstanceURL", "DEFAULT");
      }
      m.put("masterKeyID", masterKey);
      if (doubleWrapping) {
        Kek kek =
            keks.computeIfAbsent(
                masterKey,
                id -> {
                  byte[] key = randomKey(kekBytes);
                  return new Kek(randomKey(16), key, kms.wrapKey(key, id));
                });
        m.put("wrappedDEK", dev.parrow.codec.crypto.KeyWrap.wrap(dataKey, kek.key(), kek.id()));
        m.put("doubleWrapping", true);
        m.put("keyEncryptionKeyID", Base64.getEncoder().encodeToString(kek.id()));
        m.put("wrappedKEK", kek.wrapped());
      } else {
        m.put("wrappedDEK", kms.wrapKey(dataKey, masterKey));
        m.put("doubleWrapping", false);
      }
      return json(m);
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
    Path json = materialFile(file);
    try {
      return object(Files.readString(json));
    } catch (java.nio.file.NoSuchFileException e) {
      throw new ParquetFormatException(
          "the file's key material is external, and there is no " + json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Where parquet-java keeps a file's external key material: beside it. */
  private static Path materialFile(Path file) {
    return file.resolveSibling("_KEY_MATERIAL_FOR_" + file.getFileName() + ".json");
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
