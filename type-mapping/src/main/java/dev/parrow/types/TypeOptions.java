package dev.parrow.types;

import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * How Parquet values become Arrow types: the choices TYPE-MAPPING.md leaves to the caller, the
 * {@code ARROW:schema} hint, and dictionary columns. A file's read and a dataset take one of these
 * once; {@link #builder()} makes one, and a new choice is one field here and its consumer.
 */
public final class TypeOptions {
  private static final TypeOptions DEFAULTS = new Builder().build();

  private final TimeUnit int96Unit;
  private final boolean int96OutOfRangeAsNull;
  private final TimeUnit fixedTimestampUnit;
  private final boolean uuidAsString;
  private final boolean uuidAsExtension;
  private final boolean decimalsAsDouble;
  private final boolean binaryAsString;
  private final boolean float16AsFloat;
  private final boolean unsignedAsSigned;
  private final boolean fixedSizeBinaryAsBinary;
  private final boolean useArrowSchemaHint;
  private final Schema arrowSchema;
  private final DictionaryMode dictionaryMode;
  private final List<String> dictionaryColumns;
  private final boolean hintedDictionaries;
  private final boolean legacyVariantExtensionName;

  private TypeOptions(Builder b) {
    this.int96Unit = Objects.requireNonNull(b.int96Unit, "int96Unit");
    this.int96OutOfRangeAsNull = b.int96OutOfRangeAsNull;
    this.fixedTimestampUnit = b.fixedTimestampUnit;
    this.uuidAsString = b.uuidAsString;
    this.uuidAsExtension = b.uuidAsExtension;
    this.decimalsAsDouble = b.decimalsAsDouble;
    this.binaryAsString = b.binaryAsString;
    this.float16AsFloat = b.float16AsFloat;
    this.unsignedAsSigned = b.unsignedAsSigned;
    this.fixedSizeBinaryAsBinary = b.fixedSizeBinaryAsBinary;
    this.useArrowSchemaHint = b.useArrowSchemaHint;
    this.arrowSchema = b.arrowSchema;
    this.dictionaryMode = Objects.requireNonNull(b.dictionaryMode, "dictionaryMode");
    this.dictionaryColumns = List.copyOf(b.dictionaryColumns);
    this.hintedDictionaries = b.hintedDictionaries;
    this.legacyVariantExtensionName = b.legacyVariantExtensionName;
  }

  /**
   * The mapping of TYPE-MAPPING.md with nothing changed: INT96 as nanoseconds, the hint applied,
   * dictionaries as {@link DictionaryMode#AUTO}.
   *
   * @return the defaults
   */
  public static TypeOptions defaults() {
    return DEFAULTS;
  }

  /** {@return a builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder holding these choices} */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.int96Unit = int96Unit;
    b.int96OutOfRangeAsNull = int96OutOfRangeAsNull;
    b.fixedTimestampUnit = fixedTimestampUnit;
    b.uuidAsString = uuidAsString;
    b.uuidAsExtension = uuidAsExtension;
    b.decimalsAsDouble = decimalsAsDouble;
    b.binaryAsString = binaryAsString;
    b.float16AsFloat = float16AsFloat;
    b.legacyVariantExtensionName = legacyVariantExtensionName;
    b.unsignedAsSigned = unsignedAsSigned;
    b.fixedSizeBinaryAsBinary = fixedSizeBinaryAsBinary;
    b.useArrowSchemaHint = useArrowSchemaHint;
    b.arrowSchema = arrowSchema;
    b.dictionaryMode = dictionaryMode;
    b.dictionaryColumns = dictionaryColumns;
    b.hintedDictionaries = hintedDictionaries;
    return b;
  }

  /**
   * {@return the choices of the plain mapping only, as filters see values: these units of INT96 and
   * 12-byte timestamps, everything else (hint, dictionaries, the other choices) at its default}
   */
  public TypeOptions exactValues() {
    return builder().int96Unit(int96Unit).fixedTimestampUnit(fixedTimestampUnit).build();
  }

  /** {@return the unit INT96 timestamps are read as (nanoseconds by default)} */
  public TimeUnit int96Unit() {
    return int96Unit;
  }

  /**
   * {@return whether an INT96 timestamp that {@link #int96Unit} cannot hold in 64 bits is read as
   * null instead of failing the read}
   */
  public boolean int96OutOfRangeAsNull() {
    return int96OutOfRangeAsNull;
  }

  /**
   * {@return the unit TIMESTAMP columns stored as FIXED_LEN_BYTE_ARRAY(12) are read as, or null for
   * the unit of their annotation (the default)}
   */
  public TimeUnit fixedTimestampUnit() {
    return fixedTimestampUnit;
  }

  /** {@return whether UUID columns are read as 36-character strings} */
  public boolean uuidAsString() {
    return uuidAsString;
  }

  /**
   * {@return whether UUID columns are read as the canonical {@code arrow.uuid} extension type
   * (Arrow Java's {@code UuidType}, the default) rather than plain FixedSizeBinary(16)}
   */
  public boolean uuidAsExtension() {
    return uuidAsExtension;
  }

  /** {@return whether decimals are read as Float64} */
  public boolean decimalsAsDouble() {
    return decimalsAsDouble;
  }

  /** {@return whether unannotated BYTE_ARRAY columns are read as Utf8} */
  public boolean binaryAsString() {
    return binaryAsString;
  }

  /** {@return whether FLOAT16 columns are read as Float32} */
  public boolean float16AsFloat() {
    return float16AsFloat;
  }

  /** {@return whether unsigned integers are read as the next wider signed type} */
  public boolean unsignedAsSigned() {
    return unsignedAsSigned;
  }

  /** {@return whether FIXED_LEN_BYTE_ARRAY columns that map to FixedSizeBinary read as Binary} */
  public boolean fixedSizeBinaryAsBinary() {
    return fixedSizeBinaryAsBinary;
  }

  /** {@return whether the writer's {@code ARROW:schema} restores the Arrow types it names} */
  public boolean useArrowSchemaHint() {
    return useArrowSchemaHint;
  }

  /** {@return the schema applied as the hint instead of the file's blob, or null} */
  public Schema arrowSchema() {
    return arrowSchema;
  }

  /** {@return how dictionary columns are read} */
  public DictionaryMode dictionaryMode() {
    return dictionaryMode;
  }

  /** {@return the BYTE_ARRAY columns read as dictionaries whatever the hint says} */
  public List<String> dictionaryColumns() {
    return dictionaryColumns;
  }

  /**
   * {@return whether the columns the {@code ARROW:schema} hint says were dictionaries are read as
   * dictionaries (unless the mode is {@link DictionaryMode#DECODE}); when false, only {@link
   * #dictionaryColumns()} are}
   */
  public boolean hintedDictionaries() {
    return hintedDictionaries;
  }

  /**
   * {@return whether VARIANT columns are marked with the {@code parquet.variant} extension name of
   * Arrow C++ 18 to 23 and Arrow Java 19, rather than the canonical {@code arrow.parquet.variant}}
   */
  public boolean legacyVariantExtensionName() {
    return legacyVariantExtensionName;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TypeOptions t
        && int96Unit == t.int96Unit
        && int96OutOfRangeAsNull == t.int96OutOfRangeAsNull
        && fixedTimestampUnit == t.fixedTimestampUnit
        && uuidAsString == t.uuidAsString
        && uuidAsExtension == t.uuidAsExtension
        && decimalsAsDouble == t.decimalsAsDouble
        && binaryAsString == t.binaryAsString
        && float16AsFloat == t.float16AsFloat
        && unsignedAsSigned == t.unsignedAsSigned
        && fixedSizeBinaryAsBinary == t.fixedSizeBinaryAsBinary
        && useArrowSchemaHint == t.useArrowSchemaHint
        && Objects.equals(arrowSchema, t.arrowSchema)
        && dictionaryMode == t.dictionaryMode
        && dictionaryColumns.equals(t.dictionaryColumns)
        && hintedDictionaries == t.hintedDictionaries
        && legacyVariantExtensionName == t.legacyVariantExtensionName;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        int96Unit,
        int96OutOfRangeAsNull,
        fixedTimestampUnit,
        uuidAsString,
        uuidAsExtension,
        decimalsAsDouble,
        binaryAsString,
        float16AsFloat,
        unsignedAsSigned,
        fixedSizeBinaryAsBinary,
        useArrowSchemaHint,
        arrowSchema,
        dictionaryMode,
        dictionaryColumns,
        hintedDictionaries,
        legacyVariantExtensionName);
  }

  @Override
  public String toString() {
    return "TypeOptions[int96Unit="
        + int96Unit
        + ", int96OutOfRangeAsNull="
        + int96OutOfRangeAsNull
        + ", fixedTimestampUnit="
        + fixedTimestampUnit
        + ", uuidAsString="
        + uuidAsString
        + ", uuidAsExtension="
        + uuidAsExtension
        + ", decimalsAsDouble="
        + decimalsAsDouble
        + ", binaryAsString="
        + binaryAsString
        + ", float16AsFloat="
        + float16AsFloat
        + ", unsignedAsSigned="
        + unsignedAsSigned
        + ", fixedSizeBinaryAsBinary="
        + fixedSizeBinaryAsBinary
        + ", useArrowSchemaHint="
        + useArrowSchemaHint
        + ", arrowSchema="
        + arrowSchema
        + ", dictionaryMode="
        + dictionaryMode
        + ", dictionaryColumns="
        + dictionaryColumns
        + ", hintedDictionaries="
        + hintedDictionaries
        + ", legacyVariantExtensionName="
        + legacyVariantExtensionName
        + "]";
  }

  /** Builds {@link TypeOptions}; each setter returns the builder. */
  public static final class Builder {
    private TimeUnit int96Unit = TimeUnit.NANOSECOND;
    private boolean int96OutOfRangeAsNull;
    private TimeUnit fixedTimestampUnit;
    private boolean uuidAsString;
    private boolean uuidAsExtension = true;
    private boolean legacyVariantExtensionName;
    private boolean decimalsAsDouble;
    private boolean binaryAsString;
    private boolean float16AsFloat;
    private boolean unsignedAsSigned;
    private boolean fixedSizeBinaryAsBinary;
    private boolean useArrowSchemaHint = true;
    private Schema arrowSchema;
    private DictionaryMode dictionaryMode = DictionaryMode.AUTO;
    private List<String> dictionaryColumns = List.of();
    private boolean hintedDictionaries = true;

    private Builder() {}

    /**
     * The unit of INT96 timestamps (default nanoseconds, as the format means them; milli- or
     * microseconds reach dates outside 1677..2262).
     *
     * @param unit the unit
     * @return this builder
     */
    public Builder int96Unit(TimeUnit unit) {
      this.int96Unit = unit;
      return this;
    }

    /**
     * Reads an INT96 timestamp that {@link #int96Unit} cannot hold in 64 bits as null instead of
     * failing (default false). Values are never wrapped; a REQUIRED column, which cannot hold a
     * null, still fails.
     *
     * @param asNull true for nulls
     * @return this builder
     */
    public Builder int96OutOfRangeAsNull(boolean asNull) {
      this.int96OutOfRangeAsNull = asNull;
      return this;
    }

    /**
     * The unit of TIMESTAMP columns stored as FIXED_LEN_BYTE_ARRAY(12) (a signed 96-bit count,
     * which the format allows since 2026 for nanoseconds over the years 1 to 9999): null, the
     * default, reads them in their annotation's unit; a coarser one reaches the dates that 64 bits
     * of nanoseconds cannot (1677..2262), truncating toward the past. A value the unit cannot hold
     * fails the read, naming the finest unit that holds it.
     *
     * @param unit the unit, or null for the annotation's
     * @return this builder
     */
    public Builder fixedTimestampUnit(TimeUnit unit) {
      this.fixedTimestampUnit = unit;
      return this;
    }

    /**
     * Reads UUID columns as 36-character strings instead of FixedSizeBinary(16) (nanoparquet's
     * way).
     *
     * @param asString true for strings
     * @return this builder
     */
    public Builder uuidAsString(boolean asString) {
      this.uuidAsString = asString;
      return this;
    }

    /**
     * Marks VARIANT columns with {@code parquet.variant}, the extension name Arrow C++ 18 to 23 and
     * Arrow Java 19 use, rather than the canonical {@code arrow.parquet.variant} (the Arrow
     * specification's, arrow-rs's); default false. Writing takes either name.
     *
     * @param legacy whether to use the older name
     * @return this builder
     */
    public Builder legacyVariantExtensionName(boolean legacy) {
      this.legacyVariantExtensionName = legacy;
      return this;
    }

    /**
     * Reads UUID columns as the canonical {@code arrow.uuid} extension type, Arrow Java's {@link
     * org.apache.arrow.vector.extension.UuidType} over FixedSizeBinary(16) (vectors are {@link
     * org.apache.arrow.vector.UuidVector}), so that consumers over the C Data Interface or IPC
     * (DuckDB, Arrow C++, pyarrow) see UUIDs, as their own read of the file gives them. On by
     * default, as in pyarrow; {@code false} reads plain FixedSizeBinary(16) vectors, also where the
     * file's {@code ARROW:schema} names the extension.
     *
     * @param asExtension false for plain fixed-size binaries
     * @return this builder
     */
    public Builder uuidAsExtension(boolean asExtension) {
      this.uuidAsExtension = asExtension;
      return this;
    }

    /**
     * Reads decimals as Float64 instead of Decimal128/256 (rounded; nanoparquet's way).
     *
     * @param asDouble true for doubles
     * @return this builder
     */
    public Builder decimalsAsDouble(boolean asDouble) {
      this.decimalsAsDouble = asDouble;
      return this;
    }

    /**
     * Reads BYTE_ARRAY columns that carry no annotation as Utf8 instead of Binary: Impala, Hive and
     * old parquet-java wrote text that way (DuckDB's {@code binary_as_string}). The bytes are kept
     * as they are; invalid UTF-8 is not checked.
     *
     * @param asString true for Utf8
     * @return this builder
     */
    public Builder binaryAsString(boolean asString) {
      this.binaryAsString = asString;
      return this;
    }

    /**
     * Reads FLOAT16 columns as Float32 (exactly) instead of Float16, for consumers with no
     * half-float type: DuckDB refuses Arrow's float16 over the C Data Interface.
     *
     * @param asFloat true for Float32
     * @return this builder
     */
    public Builder float16AsFloat(boolean asFloat) {
      this.float16AsFloat = asFloat;
      return this;
    }

    /**
     * Reads unsigned integers as the next wider signed type (UINT_8 as Int16, UINT_16 as Int32,
     * UINT_32 as Int64) and UINT_64 as Decimal(20, 0), every value exact, as Spark's Parquet reader
     * maps them, for consumers with no unsigned types (default false: Arrow's unsigned types).
     *
     * @param widen true to widen
     * @return this builder
     */
    public Builder unsignedAsSigned(boolean widen) {
      this.unsignedAsSigned = widen;
      return this;
    }

    /**
     * Reads FIXED_LEN_BYTE_ARRAY columns that map to FixedSizeBinary as Binary instead, for
     * consumers with no fixed-size binary type, as Spark's reader reads them (default false).
     *
     * @param asBinary true for Binary
     * @return this builder
     */
    public Builder fixedSizeBinaryAsBinary(boolean asBinary) {
      this.fixedSizeBinaryAsBinary = asBinary;
      return this;
    }

    /**
     * Whether the writer's Arrow schema ({@code ARROW:schema}) restores Arrow types the Parquet
     * schema cannot say (default true; like nanoparquet's {@code nanoparquet.use_arrow_metadata}).
     *
     * @param use false to read the Parquet schema as it is
     * @return this builder
     */
    public Builder useArrowSchemaHint(boolean use) {
      this.useArrowSchemaHint = use;
      return this;
    }

    /**
     * An Arrow schema to apply as the hint instead of the file's {@code ARROW:schema} (null: the
     * file's).
     *
     * @param schema the hint, or null
     * @return this builder
     */
    public Builder arrowSchema(Schema schema) {
      this.arrowSchema = schema;
      return this;
    }

    /**
     * How dictionary columns are read (default {@link DictionaryMode#AUTO}).
     *
     * @param mode the mode
     * @return this builder
     */
    public Builder dictionaryMode(DictionaryMode mode) {
      this.dictionaryMode = mode;
      return this;
    }

    /**
     * String or binary columns to read dictionary-encoded whatever the hint says.
     *
     * @param names top-level names or dotted paths
     * @return this builder
     */
    public Builder dictionaryColumns(String... names) {
      this.dictionaryColumns = List.of(names);
      return this;
    }

    /**
     * String or binary columns to read dictionary-encoded whatever the hint says.
     *
     * @param names top-level names or dotted paths
     * @return this builder
     */
    public Builder dictionaryColumns(List<String> names) {
      this.dictionaryColumns = List.copyOf(names);
      return this;
    }

    /**
     * Whether the columns the {@code ARROW:schema} hint says were dictionaries are read as
     * dictionaries (default true); false reads only {@link #dictionaryColumns} as dictionaries and
     * the hint's others as plain values (as a dataset does, whose schema its files share).
     *
     * @param read false to decode the hint's dictionaries
     * @return this builder
     */
    public Builder hintedDictionaries(boolean read) {
      this.hintedDictionaries = read;
      return this;
    }

    /** {@return the choices} */
    public TypeOptions build() {
      return new TypeOptions(this);
    }
  }
}
