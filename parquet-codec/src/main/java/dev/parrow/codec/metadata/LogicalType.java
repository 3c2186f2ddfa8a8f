package dev.parrow.codec.metadata;

/**
 * The {@code LogicalType} union of parquet.thrift: what the physical values of a column mean. One
 * record per union member; a member this version does not know is kept as {@link Unknown} with its
 * field id, so that reading never fails because of it and a footer written back keeps the member.
 */
public sealed interface LogicalType {

  /** The member's field id in the Thrift union. */
  int unionField();

  /**
   * The name Parquet's documentation uses, with parameters, e.g. {@code TIMESTAMP(MICROS,true)}.
   */
  String describe();

  record StringType() implements LogicalType {
    public int unionField() {
      return 1;
    }

    public String describe() {
      return "STRING";
    }
  }

  record MapType() implements LogicalType {
    public int unionField() {
      return 2;
    }

    public String describe() {
      return "MAP";
    }
  }

  record ListType() implements LogicalType {
    public int unionField() {
      return 3;
    }

    public String describe() {
      return "LIST";
    }
  }

  record EnumType() implements LogicalType {
    public int unionField() {
      return 4;
    }

    public String describe() {
      return "ENUM";
    }
  }

  record DecimalType(int scale, int precision) implements LogicalType {
    public int unionField() {
      return 5;
    }

    public String describe() {
      return "DECIMAL(" + precision + "," + scale + ")";
    }
  }

  record DateType() implements LogicalType {
    public int unionField() {
      return 6;
    }

    public String describe() {
      return "DATE";
    }
  }

  record TimeType(boolean adjustedToUtc, TimeUnit unit) implements LogicalType {
    public int unionField() {
      return 7;
    }

    public String describe() {
      return "TIME(" + unit + "," + adjustedToUtc + ")";
    }
  }

  record TimestampType(boolean adjustedToUtc, TimeUnit unit) implements LogicalType {
    public int unionField() {
      return 8;
    }

    public String describe() {
      return "TIMESTAMP(" + unit + "," + adjustedToUtc + ")";
    }
  }

  /** Field 9 is reserved for INTERVAL; INTEGER is field 10. */
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

  record JsonType() implements LogicalType {
    public int unionField() {
      return 12;
    }

    public String describe() {
      return "JSON";
    }
  }

  record BsonType() implements LogicalType {
    public int unionField() {
      return 13;
    }

    public String describe() {
      return "BSON";
    }
  }

  record UuidType() implements LogicalType {
    public int unionField() {
      return 14;
    }

    public String describe() {
      return "UUID";
    }
  }

  record Float16Type() implements LogicalType {
    public int unionField() {
      return 15;
    }

    public String describe() {
      return "FLOAT16";
    }
  }

  /** {@code specificationVersion} is null when the writer did not set it. */
  record VariantType(Byte specificationVersion) implements LogicalType {
    public int unionField() {
      return 16;
    }

    public String describe() {
      return specificationVersion == null ? "VARIANT" : "VARIANT(" + specificationVersion + ")";
    }
  }

  /** {@code crs} is null when absent, meaning OGC:CRS84. */
  record GeometryType(String crs) implements LogicalType {
    public int unionField() {
      return 17;
    }

    public String describe() {
      return crs == null ? "GEOMETRY" : "GEOMETRY(" + crs + ")";
    }
  }

  /** {@code crs} null means OGC:CRS84; {@code algorithm} null means SPHERICAL. */
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
   */
  record Unknown(int unionField) implements LogicalType {
    public String describe() {
      return "UNKNOWN_LOGICAL_TYPE(" + unionField + ")";
    }
  }
}
