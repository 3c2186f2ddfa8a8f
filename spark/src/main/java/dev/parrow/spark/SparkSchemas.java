package dev.parrow.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.ArrowUtils;

/**
 * Arrow schemas as Spark's, by Spark's own mapping ({@code ArrowUtils}), which is also the one
 * {@code ArrowColumnVector} reads: a timestamp with a zone is TimestampType, one without is
 * TimestampNTZType, decimals, binary, structs, lists and maps map to their kind. A type Spark has
 * no counterpart for fails with the column's name.
 */
final class SparkSchemas {
  private SparkSchemas() {}

  static StructType toSpark(Schema arrow) {
    List<Field> fields = new ArrayList<>();
    for (Field f : arrow.getFields()) {
      try {
        ArrowUtils.fromArrowField(f);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(
            "column '"
                + f.getName()
                + "' of type "
                + f.getType()
                + " has no Spark type: "
                + e.getMessage(),
            e);
      }
      fields.add(f);
    }
    return ArrowUtils.fromArrowSchema(new Schema(fields));
  }
}
