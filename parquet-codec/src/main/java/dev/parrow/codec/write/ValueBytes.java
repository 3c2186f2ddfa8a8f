package dev.parrow.codec.write;

/**
 * Which bytes of each value the content-defined chunker hashes: the value as the Arrow array it
 * came from holds it, so that the same Arrow data cuts where Arrow C++ cuts it. The Parquet value
 * is not always that: an Int8 is stored as a 4-byte INT32, a Decimal128 as big-endian bytes or a
 * narrower integer, a dictionary array's values as ids.
 *
 * @param kind how the bytes derive from the stored value
 * @param width the bytes hashed per value, for {@link Kind#LOW_BYTES} and {@link Kind#DECIMAL}
 */
public record ValueBytes(Kind kind, int width) {

  /** How a value's hashed bytes derive from its stored value. */
  public enum Kind {
    /** The stored value's own little-endian bytes (or its bytes, for byte arrays). */
    STORED,
    /** The low {@code width} bytes, little-endian, of an INT32 or INT64 value or of an id. */
    LOW_BYTES,
    /**
     * The value as a {@code width}-byte little-endian two's complement integer: an Arrow decimal
     * stored as INT32, INT64 or big-endian FIXED_LEN_BYTE_ARRAY.
     */
    DECIMAL
  }

  /** The stored values' own bytes. */
  public static final ValueBytes STORED = new ValueBytes(Kind.STORED, 0);

  /**
   * Checks the width.
   *
   * @param kind how the bytes derive from the stored value
   * @param width the bytes per value, 1 to 8 for LOW_BYTES, 16 or 32 for DECIMAL
   */
  public ValueBytes {
    boolean fits =
        switch (kind) {
          case STORED -> true;
          case LOW_BYTES -> width >= 1 && width <= 8;
          case DECIMAL -> width == 16 || width == 32;
        };
    if (!fits) {
      throw new IllegalArgumentException(kind + " values of " + width + " bytes");
    }
  }

  /**
   * The low bytes of integers: an Arrow Int8 or Int16 (1 or 2 bytes), a dictionary index.
   *
   * @param width the bytes per value
   * @return the choice
   */
  public static ValueBytes lowBytes(int width) {
    return new ValueBytes(Kind.LOW_BYTES, width);
  }

  /**
   * Decimals as Arrow holds them: 16 bytes for Decimal128, 32 for Decimal256.
   *
   * @param width the bytes per value
   * @return the choice
   */
  public static ValueBytes decimal(int width) {
    return new ValueBytes(Kind.DECIMAL, width);
  }
}
