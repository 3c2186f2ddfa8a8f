package dev.parrow.spark;

import dev.parrow.arrow.DatasetOptions;
import dev.parrow.arrow.ParquetDataset;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.crypto.KeyTools;
import dev.parrow.codec.crypto.FileDecryption;
import dev.parrow.types.DictionaryMode;
import dev.parrow.types.TypeOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.TimeUnit;

/** How the connector opens datasets: with the type choices Spark's types can hold. */
final class Datasets {
  private Datasets() {}

  /**
   * The read options every file is read with, so that every column has the type Spark's own Parquet
   * reader gives it: the Parquet schema alone (Spark's reader ignores ARROW:schema, whose large
   * lists, views and fixed-size lists Spark has no types for), INT96 and 12-byte TIMESTAMP columns
   * in microseconds (Spark's timestamp unit, which reaches the years 1 to 9999), unsigned integers
   * widened (UINT_64 as DECIMAL(20,0)), fixed-size byte arrays as binary, half floats as floats,
   * UUIDs as strings; dictionaries decoded.
   */
  static TypeOptions types() {
    return TypeOptions.builder()
        .useArrowSchemaHint(false)
        .int96Unit(TimeUnit.MICROSECOND)
        .fixedTimestampUnit(TimeUnit.MICROSECOND)
        .unsignedAsSigned(true)
        .fixedSizeBinaryAsBinary(true)
        .float16AsFloat(true)
        .uuidAsString(true)
        .dictionaryMode(DictionaryMode.DECODE)
        .build();
  }

  /** The read options of Spark's tasks: {@link #types()}, decoded on the task's thread. */
  static ReadOptions readOptions() {
    return ReadOptions.builder().types(types()).parallelism(1).build();
  }

  static DatasetOptions options() {
    return options(Map.of());
  }

  /**
   * The dataset options, with the keys the encryption options give (none without them) and the
   * object stores' settings the options give (the environment's without them).
   */
  static DatasetOptions options(Map<String, String> carried) {
    return DatasetOptions.builder()
        .types(types())
        .filesAtOnce(1)
        .decryptionPerFile(decryption(carried))
        .remote(remote(carried))
        .build();
  }

  /** The prefix of the options that set where S3 is and who asks it. */
  static final String S3_PREFIX = "parrow.s3.";

  /** The option that gives the Azure storage account by a connection string. */
  static final String AZURE_CONNECTION_STRING = "parrow.azure.connection.string";

  /**
   * The object stores' settings the options give: {@code parrow.s3.endpoint}, {@code
   * parrow.s3.region}, {@code parrow.s3.access.key}, {@code parrow.s3.secret.key}, {@code
   * parrow.s3.session.token} (the environment's credential chain when no key is given), and {@code
   * parrow.azure.connection.string}; the environment's for each store the options leave out.
   */
  static dev.parrow.storage.RemoteOptions remote(Map<String, String> options) {
    Map<String, String> o = new HashMap<>();
    options.forEach((k, v) -> o.put(k.toLowerCase(java.util.Locale.ROOT), v));
    dev.parrow.storage.RemoteOptions.Builder b = dev.parrow.storage.RemoteOptions.builder();
    if (o.keySet().stream().anyMatch(k -> k.startsWith(S3_PREFIX))) {
      dev.parrow.storage.S3Settings env = dev.parrow.storage.S3Settings.fromEnvironment();
      String endpoint = o.get(S3_PREFIX + "endpoint");
      String key = o.get(S3_PREFIX + "access.key");
      b.s3(
          new dev.parrow.storage.S3Settings(
              endpoint == null ? env.endpoint() : java.net.URI.create(endpoint),
              o.getOrDefault(S3_PREFIX + "region", env.region()),
              key == null
                  ? env.credentials()
                  : dev.parrow.storage.AwsCredentialsProvider.of(
                      new dev.parrow.storage.AwsCredentials(
                          key,
                          o.get(S3_PREFIX + "secret.key"),
                          o.get(S3_PREFIX + "session.token"),
                          null)),
              endpoint != null || env.pathStyle()));
    }
    if (o.containsKey(AZURE_CONNECTION_STRING)) {
      b.azure(
          dev.parrow.storage.AzureSettings.fromConnectionString(o.get(AZURE_CONNECTION_STRING)));
    }
    return b.build();
  }

  static ParquetDataset open(List<String> paths) {
    return open(paths, Map.of());
  }

  static ParquetDataset open(List<String> paths, Map<String, String> options) {
    try {
      return ParquetDataset.open(paths, options(carried(options)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The prefix of parquet-java's encryption properties, which the connector takes as options. */
  static final String ENCRYPTION_PREFIX = "parquet.encryption.";

  /**
   * The options the executors need, as Spark's settings give them: parquet-java's encryption
   * properties ({@code parquet.encryption.*}) and the object stores' settings ({@code parrow.s3.*},
   * {@code parrow.azure.*}); a serializable copy.
   */
  static HashMap<String, String> carried(Map<String, String> options) {
    HashMap<String, String> out = new HashMap<>();
    options.forEach(
        (k, v) -> {
          String key = k.toLowerCase(java.util.Locale.ROOT);
          if (key.startsWith(ENCRYPTION_PREFIX)
              || key.startsWith(S3_PREFIX)
              || key.startsWith("parrow.azure.")) {
            out.put(k, v);
          }
        });
    return out;
  }

  /**
   * The keys of each encrypted file, through the KMS {@code parquet.encryption.kms.client.class}
   * names (parquet-java's key tools: key material kept in the files or beside each); null without
   * one.
   */
  static java.util.function.Function<String, FileDecryption> decryption(
      Map<String, String> encryption) {
    if (!encryption.containsKey(KeyTools.KMS_CLIENT_CLASS)) {
      return null;
    }
    return KeyTools.decryptionPerFile(KeyTools.kms(encryption));
  }

  /**
   * The options of the files a write makes: encrypted as parquet-java's key tools do it when the
   * encryption options name keys ({@code parquet.encryption.footer.key} and {@code
   * parquet.encryption.column.keys}, or {@code parquet.encryption.uniform.key}), each file with
   * fresh data keys wrapped through the KMS the options name; plaintext otherwise.
   */
  static dev.parrow.arrow.WriteOptions writeOptions(Map<String, String> encryption) {
    // One thread a file, as reads: Spark's tasks are the parallelism (a writer of more threads
    // per task would also hold copies of its batches while it encodes them, in every task).
    dev.parrow.arrow.WriteOptions.Builder b =
        dev.parrow.arrow.WriteOptions.builder().parallelism(1);
    if ("false".equalsIgnoreCase(encryption.get(KeyTools.MATERIAL_INTERNAL))) {
      // A table's files are published together at the job's commit; material beside each would
      // have to be too.
      throw new IllegalArgumentException(
          "the connector keeps key material in the files it writes: "
              + KeyTools.MATERIAL_INTERNAL
              + "=false is read, not written");
    }
    if (encryption.containsKey(KeyTools.FOOTER_KEY)
        || encryption.containsKey(KeyTools.UNIFORM_KEY)
        || encryption.containsKey(KeyTools.COLUMN_KEYS)) {
      b.encryptionPerFile(KeyTools.encryption(KeyTools.kms(encryption), encryption));
    }
    return b.build();
  }
}
