package dev.parrow.types;

import org.apache.arrow.vector.types.TimeUnit;

/**
 * The choices TYPE-MAPPING.md leaves to the caller when Parquet types become Arrow types.
 *
 * @param int96Unit the unit INT96 timestamps are read as (nanoseconds by default, as the format
 *     means them; milli- or microseconds reach dates outside 1677..2262)
 * @param uuidAsString UUID columns as canonical strings instead of 16-byte binaries (nanoparquet's
 *     way)
 * @param decimalsAsDouble decimals as Float64 instead of exact Decimal (nanoparquet's way)
 * @param binaryAsString BYTE_ARRAY columns with no annotation at all as Utf8 instead of Binary, for
 *     files whose writers (Impala, Hive, old parquet-java) stored text without the STRING
 *     annotation (DuckDB's {@code binary_as_string}); invalid UTF-8 is kept as it is, not checked
 * @param uuidAsExtension UUID columns (FixedSizeBinary(16)) marked as the canonical {@code
 *     arrow.uuid} extension type in their field metadata, so that consumers over IPC or the C Data
 *     Interface (DuckDB, Arrow C++, pyarrow) see UUIDs rather than 16-byte binaries
 * @param float16AsFloat FLOAT16 columns widened to Float32 (exactly: every half float is a float)
 *     for consumers that have no half-float type, such as DuckDB
 * @param int96OutOfRangeAsNull an INT96 timestamp that {@code int96Unit} cannot hold in 64 bits
 *     read as null instead of failing the read (never wrapped; on a REQUIRED column, which cannot
 *     hold a null, it still fails)
 * @param unsignedAsSigned unsigned integers as the next wider signed type (UINT_8 as Int16, UINT_16
 *     as Int32, UINT_32 as Int64) and UINT_64 as Decimal(20, 0), exactly, as Spark's reader maps
 *     them, for consumers that have no unsigned types
 * @param fixedSizeBinaryAsBinary FIXED_LEN_BYTE_ARRAY columns that would be FixedSizeBinary as
 *     Binary, for consumers that have no fixed-size binary type (Spark)
 */
public record TypeOptions(
    TimeUnit int96Unit,
    boolean uuidAsString,
    boolean decimalsAsDouble,
    boolean binaryAsString,
    boolean uuidAsExtension,
    boolean float16AsFloat,
    boolean int96OutOfRangeAsNull,
    boolean unsignedAsSigned,
    boolean fixedSizeBinaryAsBinary) {
  /**
   * The mapping of TYPE-MAPPING.md with nothing changed: INT96 as nanoseconds.
   *
   * @return the defaults
   */
  public static TypeOptions defaults() {
    return new TypeOptions(
        TimeUnit.NANOSECOND, false, false, false, false, false, false, false, false);
  }
}
