package dev.parrow.types;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.ConvertedType;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.metadata.TimeUnit;
import dev.parrow.codec.schema.GroupNode;
import dev.parrow.codec.schema.PrimitiveNode;
import dev.parrow.codec.schema.SchemaNode;

/**
 * The layout a VARIANT group must have (VariantShredding.md), checked from the schema before any
 * value is read: a binary {@code metadata}, and a binary {@code value}, a shredded {@code
 * typed_value} or both, where a {@code typed_value} is one of the spec's primitive types, a LIST of
 * required element groups, or a group of required field groups, each again of {@code value} and
 * {@code typed_value}.
 */
final class VariantShredding {
  private VariantShredding() {}

  /** Checks a VARIANT-annotated group; throws naming the offending node. */
  static void check(GroupNode variant) {
    SchemaNode metadata = child(variant, "metadata");
    if (!(metadata instanceof PrimitiveNode m)
        || !plainBinary(m.element())
        || metadata.repetition() == Repetition.REPEATED) {
      throw new ParquetFormatException(
          "VARIANT group '" + variant.name() + "' has no binary 'metadata' field");
    }
    for (SchemaNode child : variant.children()) {
      if (!child.name().equals("metadata")
          && !child.name().equals("value")
          && !child.name().equals("typed_value")) {
        throw new ParquetFormatException(
            "VARIANT group '"
                + variant.name()
                + "' has an unexpected field '"
                + child.name()
                + "'");
      }
    }
    valueAndTyped(variant);
  }

  /** A group of {@code value} and {@code typed_value} (a variant, a field or an element). */
  private static void valueAndTyped(GroupNode group) {
    SchemaNode value = child(group, "value");
    SchemaNode typed = child(group, "typed_value");
    if (value == null && typed == null) {
      throw new ParquetFormatException(
          "shredded variant group '" + group.name() + "' has neither 'value' nor 'typed_value'");
    }
    if (value != null
        && (!(value instanceof PrimitiveNode v)
            || !plainBinary(v.element())
            || value.repetition() == Repetition.REPEATED)) {
      throw new ParquetFormatException(
          "shredded variant group '" + group.name() + "': 'value' must be a binary");
    }
    if (typed != null) {
      typedValue(typed);
    }
  }

  private static void typedValue(SchemaNode typed) {
    if (typed.repetition() == Repetition.REPEATED) {
      throw new ParquetFormatException("a shredded typed_value cannot be repeated");
    }
    if (typed instanceof PrimitiveNode p) {
      if (!shreddable(p.element())) {
        throw new ParquetFormatException(
            "Unsupported shredded value type: " + describe(p.element()));
      }
      return;
    }
    GroupNode group = (GroupNode) typed;
    SchemaElement e = group.element();
    if (e.logicalType() instanceof LogicalType.ListType
        || e.convertedType() == ConvertedType.LIST) {
      if (group.children().size() != 1
          || !(group.children().get(0) instanceof GroupNode repeated)
          || repeated.repetition() != Repetition.REPEATED
          || repeated.children().size() != 1
          || !(repeated.children().get(0) instanceof GroupNode element)
          || element.repetition() != Repetition.REQUIRED) {
        throw new ParquetFormatException(
            "a shredded variant array must be a 3-level LIST of required element groups");
      }
      valueAndTyped(element);
      return;
    }
    if (e.logicalType() != null || e.convertedType() != null) {
      throw new ParquetFormatException("Unsupported shredded value type: group " + describe(e));
    }
    for (SchemaNode field : group.children()) {
      // The spec asks for required field groups; an optional one (as some writers make) reads as
      // missing where it is null.
      if (!(field instanceof GroupNode f) || field.repetition() == Repetition.REPEATED) {
        throw new ParquetFormatException(
            "shredded variant object field '" + field.name() + "' must be a group, not repeated");
      }
      valueAndTyped(f);
    }
  }

  /** Whether a primitive is one of the types VariantShredding.md lets typed_value hold. */
  private static boolean shreddable(SchemaElement e) {
    LogicalType l = e.logicalType();
    ConvertedType c = e.convertedType();
    return switch (e.type()) {
      case BOOLEAN, FLOAT, DOUBLE -> l == null && c == null;
      case INT32 ->
          l == null
              ? c == null
                  || c == ConvertedType.INT_8
                  || c == ConvertedType.INT_16
                  || c == ConvertedType.INT_32
                  || c == ConvertedType.DATE
                  || c == ConvertedType.DECIMAL
              : l instanceof LogicalType.IntType i && i.signed()
                  || l instanceof LogicalType.DateType
                  || l instanceof LogicalType.DecimalType;
      case INT64 ->
          l == null
              ? c == null
                  || c == ConvertedType.INT_64
                  || c == ConvertedType.DECIMAL
                  || c == ConvertedType.TIME_MICROS
                  || c == ConvertedType.TIMESTAMP_MICROS
              : l instanceof LogicalType.IntType i && i.signed()
                  || l instanceof LogicalType.DecimalType
                  || l instanceof LogicalType.TimeType t
                      && !t.adjustedToUtc()
                      && t.unit() == TimeUnit.MICROS
                  || l instanceof LogicalType.TimestampType ts && ts.unit() != TimeUnit.MILLIS;
      case BYTE_ARRAY ->
          l == null
              ? c == null || c == ConvertedType.UTF8 || c == ConvertedType.DECIMAL
              : l instanceof LogicalType.StringType || l instanceof LogicalType.DecimalType;
      case FIXED_LEN_BYTE_ARRAY ->
          l instanceof LogicalType.UuidType && e.typeLength() != null && e.typeLength() == 16
              || l instanceof LogicalType.DecimalType
              || l == null && c == ConvertedType.DECIMAL;
      default -> false;
    };
  }

  /** A BYTE_ARRAY without annotation: the variant's metadata and value blobs. */
  private static boolean plainBinary(SchemaElement e) {
    return e.type() == dev.parrow.codec.metadata.PhysicalType.BYTE_ARRAY
        && e.logicalType() == null
        && e.convertedType() == null;
  }

  private static String describe(SchemaElement e) {
    if (e.logicalType() != null) {
      return e.logicalType().describe();
    }
    String type =
        e.type() == dev.parrow.codec.metadata.PhysicalType.FIXED_LEN_BYTE_ARRAY
            ? "fixed_len_byte_array(" + e.typeLength() + ")"
            : String.valueOf(e.type()).toLowerCase(java.util.Locale.ROOT);
    return (e.convertedType() == null ? "" : e.convertedType() + " ") + type + " " + e.name();
  }

  private static SchemaNode child(GroupNode group, String name) {
    for (SchemaNode c : group.children()) {
      if (c.name().equals(name)) {
        return c;
      }
    }
    return null;
  }
}
