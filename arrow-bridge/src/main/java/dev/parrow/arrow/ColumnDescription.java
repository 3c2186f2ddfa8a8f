package dev.parrow.arrow;

import dev.parrow.codec.schema.ColumnDescriptor;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * How one leaf column is read, like nanoparquet's {@code read_parquet_schema()}: the column as the
 * file declares it (path, physical type, length, repetition, converted and logical type are in
 * {@code column}), the Arrow field Parrow reads it into (dictionary encoding included), and whether
 * the file's ARROW:schema hint changed that field from what the Parquet schema alone gives.
 *
 * @param column the leaf as the file declares it
 * @param arrowField the Arrow field a reader with default options gives it
 * @param changedByHint whether the ARROW:schema hint changed that field
 */
public record ColumnDescription(ColumnDescriptor column, Field arrowField, boolean changedByHint) {

  /**
   * The Arrow type as a person reads it, a dictionary as {@code Dictionary<index, value[,
   * ordered]>}.
   *
   * @return the type as Arrow prints it
   */
  public String arrowTypeText() {
    var d = arrowField.getDictionary();
    String type = arrowField.getType().toString();
    return d == null
        ? type
        : "Dictionary<" + d.getIndexType() + ", " + type + (d.isOrdered() ? ", ordered" : "") + ">";
  }
}
