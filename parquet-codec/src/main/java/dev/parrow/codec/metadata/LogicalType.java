package dev.parrow.codec.metadata;

/**
 * The {@code LogicalType} union of parquet.thrift: what the physical values of a column mean. One
 * record per union member; a member this version does not know is kept as {@link Unknown} with its
 * field id, so that reading never fails because of it and a footer written back keeps the member.
 */
public sealed interface LogicalType {

  /**
   * The member's field id in the Thrift union.
   *
   * @return the field id
   */
  int unionField();

  /**
   * The name Parquet's documentation uses, with parameters, e.g. {@code TIMESTAMP(MICROS,true)}.
   *
   * @return the name
   */
  String describe();

  /** STRING: UTF-8 text in BYTE_ARRAY. */
  record StringType() implements LogicalType {
    public int unionField() {
      return 1;
    }

    public String describe() {
      return "STRING";
    }
  }

  /** MAP: a group of repeated key-value pairs. */
  record MapType() implements LogicalType {
    public int unionField() {
      return 2;
    }

    public String describe() {
      return "MAP";
    }
  }

  /** LIST: a group of one repeated element. */
  record ListType() implements LogicalType {
    public int unionField() {
      return 3;
    }

    public String describe() {
      return "LIST";
    }
  }

  /** ENUM: a string from a fixed set. */
  record EnumType() implements LogicalType {
    public int unionField() {
      return 4;
    }

    public String describe() {
      return "ENUM";
    }
  }

  /**
   * DECIMAL: an unscaled integer with a scale and precision.
   *
   * @param scale digits after the point
   * @param precision digits in all
   */
  record DecimalType(int scale, int precision) implements LogicalType {
    public int unionField() {
      return 5;
    }

    public String describe() {
      return "DECIMAL(" + precision + "," + scale + ")";
    }
  }

  /** DATE: days since the Unix epoch in INT32. */
  record DateType() implements LogicalType {
    public int unionField() {
      return 6;
    }

    public String describe() {
      return "DATE";
    }
  }

  /**
   * TIME: a time of day.
   *
   * @param adjustedToUtc whether the time is in UTC rather than local
   * @param unit the unit of the stored integer
   */
  record TimeType(boolean adjustedToUtc, TimeUnit unit) implements LogicalType {
    public int unionField() {
      return 7;
    }

    public String describe() {
      return "TIME(" + unit + "," + adjustedToUtc + ")";
    }
  }

  /**
   * TIMESTAMP: an instant or a local date-time.
   *
   * @param adjustedToUtc whether the value is an instant (UTC) rather than local
   * @param unit the unit of the stored integer
   */
  record TimestampType(boolean adjustedToUtc, TimeUnit unit) implements LogicalType {
    public int unionField() {
      return 8;
    }

    public String describe() {
      return "TIMESTAMP(" + unit + "," + adjustedToUtc + ")";
    }
  }

  /**
   * Field 9 is reserved for INTERVAL; INTEGER is field 10.
   *
   * @param bitWidth 8, 16, 32 or 64
   * @param signed whether the integer is signed
   */
  record IntType(int bitWidth, boolean signed) implements LogicalType {
    public int unionField() {
      return 10;
    }

    public String describe() {
      return "INTEGER(" + bitWidth + "," + signed + ")";
    }
  }

  /** UNKNOWN in the specification: a column whose values are all null. */
  record NullType() implements LogicalType {
    public int unionField() {
      return 11;
    }

    public String describe() {
      return "UNKNOWN";
    }
  }

  /** JSON: a JSON document as UTF-8. */
  record JsonType() implements LogicalType {
    public int unionField() {
      return 12;
    }

    public String describe() {
      return "JSON";
    }
  }

  /** BSON: a BSON document. */
  record BsonType() implements LogicalType {
    public int unionField() {
      return 13;
    }

    public String describe() {
      return "BSON";
    }
  }

  /** UUID: 16 bytes, big-endian. */
  record UuidType() implements LogicalType {
    public int unionField() {
      return 14;
    }

    public String describe() {
      return "UUID";
    }
  }

  /** FLOAT16: an IEEE 754 half float in FIXED_LEN_BYTE_ARRAY(2), little-endian. */
  record Float16Type() implements LogicalType {
    public int unionField() {
      return 15;
    }

    public String describe() {
      return "FLOAT16";
    }
  }

  /**
   * {@code specificationVersion} is null when the writer did not set it.
   *
   * @param specificationVersion the Variant specification's version, or null
   */
  record VariantType(Byte specificationVersion) implements LogicalType {
    public int unionField() {
      return 16;
    }

    public String describe() {
      return specificationVersion == null ? "VARIANT" : "VARIANT(" + specificationVersion + ")";
    }
  }

  /**
   * {@code crs} is null when absent, meaning OGC:CRS84.
   *
   * @param crs the coordinate reference system, or null
   */
  record GeometryType(String crs) implements LogicalType {
    public int unionField() {
      return 17;
    }

    public String describe() {
      return crs == null ? "GEOMETRY" : "GEOMETRY(" + crs + ")";
    }
  }

  /**
   * {@code crs} null means OGC:CRS84; {@code algorithm} null means SPHERICAL.
   *
   * @param crs the coordinate reference system, or null
   * @param algorithm how edges are interpolated, or null
   */
  record GeographyType(String crs, EdgeInterpolationAlgorithm algorithm) implements LogicalType {
    public int unionField() {
      return 18;
    }

    public String describe() {
      if (crs == null && algorithm == null) {
        return "GEOGRAPHY";
      }
      return "GEOGRAPHY("
          + (crs == null ? "OGC:CRS84" : crs)
          + (algorithm == null ? "" : "," + algorithm)
          + ")";
    }
  }

  /** VECTOR: a fixed-size vector of values. */
  record VectorType() implements LogicalType {
    public int unionField() {
      return 19;
    }

    public String describe() {
      return "VECTOR";
    }
  }

  /**
   * A union member this version of Parrow does not know, or a known member whose content it cannot
   * interpret (such as a time unit from a newer format). Readers treat the column as its physical
   * type.
   *
   * @param unionField the member's field id
   */
  record Unknown(int unionField) implements LogicalType {
    public String describe() {
      return "UNKNOWN_LOGICAL_TYPE(" + unionField + ")";
    }
  }
}
