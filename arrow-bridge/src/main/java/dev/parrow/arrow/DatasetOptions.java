package dev.parrow.arrow;

import dev.parrow.storage.RemoteOptions;
import dev.parrow.types.TypeOptions;
import java.util.Objects;

/**
 * How a {@link ParquetDataset} is opened: its partitioning, the type choices every file is read
 * with, how many files are read ahead, and how remote files are read. {@link #builder()} makes
 * them.
 */
public final class DatasetOptions {
  private final Partitioning partitioning;
  private final TypeOptions types;
  private final int filesAtOnce;
  private final boolean inOrder;
  private final RemoteOptions remote;
  private final java.util.function.Function<String, dev.parrow.codec.crypto.FileDecryption>
      decryption;

  private DatasetOptions(Builder b) {
    if (b.filesAtOnce < 1) {
      throw new IllegalArgumentException("filesAtOnce must be at least 1, not " + b.filesAtOnce);
    }
    this.partitioning = Objects.requireNonNull(b.partitioning, "partitioning");
    this.types = Objects.requireNonNull(b.types, "types");
    this.filesAtOnce = b.filesAtOnce;
    this.inOrder = b.inOrder;
    this.remote = Objects.requireNonNull(b.remote, "remote");
    this.decryption = b.decryption;
  }

  /**
   * Hive partitioning with inferred types, the default type choices, four files at once, default
   * remote options.
   *
   * @return the defaults
   */
  public static DatasetOptions defaults() {
    return builder().build();
  }

  /** {@return a builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder holding these options} */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.partitioning = partitioning;
    b.types = types;
    b.filesAtOnce = filesAtOnce;
    b.inOrder = inOrder;
    b.remote = remote;
    b.decryption = decryption;
    return b;
  }

  /**
   * The keys an encrypted file of the dataset is opened with.
   *
   * @param location the file's location, as the dataset lists it
   * @return its keys, or null for none
   */
  public dev.parrow.codec.crypto.FileDecryption decryption(String location) {
    return decryption == null ? null : decryption.apply(location);
  }

  /** {@return how directories become partition columns} */
  public Partitioning partitioning() {
    return partitioning;
  }

  /**
   * {@return the type choices every file is read with (their schemas are unified under them);
   * dictionary columns are always read decoded, since each file has its own dictionaries}
   */
  public TypeOptions types() {
    return types;
  }

  /**
   * {@return how many files are read ahead at once while the caller consumes the current one; each
   * holds at most two finished batches, which bounds the memory}
   */
  public int filesAtOnce() {
    return filesAtOnce;
  }

  /**
   * {@return whether a reader's batches come in the dataset's file order (the default), or from
   * whichever file being read has one ready}
   */
  public boolean inOrder() {
    return inOrder;
  }

  /** {@return how remote files are read} */
  public RemoteOptions remote() {
    return remote;
  }

  /** Builds {@link DatasetOptions}; each setter returns the builder. */
  public static final class Builder {
    private Partitioning partitioning = Partitioning.hive();
    private TypeOptions types = TypeOptions.defaults();
    private int filesAtOnce = 4;
    private boolean inOrder = true;
    private java.util.function.Function<String, dev.parrow.codec.crypto.FileDecryption> decryption;
    private RemoteOptions remote = RemoteOptions.defaults();

    private Builder() {}

    /**
     * How directories become partition columns (default {@link Partitioning#hive()}).
     *
     * @param partitioning the partitioning
     * @return this builder
     */
    public Builder partitioning(Partitioning partitioning) {
      this.partitioning = partitioning;
      return this;
    }

    /**
     * The type choices every file is read with (default {@link TypeOptions#defaults()}).
     *
     * @param types the choices
     * @return this builder
     */
    public Builder types(TypeOptions types) {
      this.types = types;
      return this;
    }

    /**
     * How many files are read ahead at once (default 4, at least 1).
     *
     * @param files how many
     * @return this builder
     */
    public Builder filesAtOnce(int files) {
      this.filesAtOnce = files;
      return this;
    }

    /**
     * Whether the batches come in the dataset's file order (default true). With false, each batch
     * comes from whichever of the files being read has one ready, so a slow file (a remote one, a
     * large row group) holds up nothing; each batch still comes from one file, each file's batches
     * in their order, and every row once.
     *
     * @param inOrder false for the order files finish in
     * @return this builder
     */
    public Builder inOrder(boolean inOrder) {
      this.inOrder = inOrder;
      return this;
    }

    /**
     * The keys encrypted files are opened with (Parquet Modular Encryption; default none): the same
     * for every file, so a key retriever (the key tools' with internal key material, say) keys
     * files whose keys differ.
     *
     * @param decryption the keys, or null
     * @return this builder
     */
    public Builder decryption(dev.parrow.codec.crypto.FileDecryption decryption) {
      this.decryption = decryption == null ? null : location -> decryption;
      return this;
    }

    /**
     * The keys of each encrypted file from its location (default none): what {@code
     * KeyTools.decryptionPerFile} gives, so that each file's external key material ({@code
     * _KEY_MATERIAL_FOR_<file>.json} beside it) is found.
     *
     * @param perFile the keys of the file at a location, or null
     * @return this builder
     */
    public Builder decryptionPerFile(
        java.util.function.Function<String, dev.parrow.codec.crypto.FileDecryption> perFile) {
      this.decryption = perFile;
      return this;
    }

    /**
     * How remote files are read (default {@link RemoteOptions#defaults()}).
     *
     * @param remote retries, timeouts, request planning and S3 settings
     * @return this builder
     */
    public Builder remote(RemoteOptions remote) {
      this.remote = remote;
      return this;
    }

    /** {@return the options} */
    public DatasetOptions build() {
      return new DatasetOptions(this);
    }
  }
}
