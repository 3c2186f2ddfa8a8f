package dev.parrow.it;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A whole table read by some reader, column by column, as canonical values (see {@link Canonical}).
 */
final class Columns {
  final Map<String, List<Object>> values = new LinkedHashMap<>();
  final Map<String, ArrowType> types = new LinkedHashMap<>();
  final Map<String, org.apache.arrow.vector.types.pojo.Field> fields = new LinkedHashMap<>();
  long rows;

  /** Records the columns (so that a table with no rows still has them). */
  void start(org.apache.arrow.vector.types.pojo.Schema schema) {
    for (var field : schema.getFields()) {
      types.putIfAbsent(field.getName(), field.getType());
      fields.putIfAbsent(field.getName(), field);
      values.computeIfAbsent(field.getName(), k -> new ArrayList<>());
    }
  }

  /** Appends one column's values under {@code name} (call {@link #added} once per batch). */
  void append(String name, FieldVector v, int rows) {
    types.putIfAbsent(name, v.getField().getType());
    fields.putIfAbsent(name, v.getField());
    List<Object> column = values.computeIfAbsent(name, k -> new ArrayList<>());
    for (int i = 0; i < rows; i++) {
      column.add(Canonical.value(v, i));
    }
  }

  void added(int rows) {
    this.rows += rows;
  }

  /**
   * Appends a batch whose dictionary-encoded vectors, at any depth, are decoded through {@code
   * provider}.
   */
  void append(
      VectorSchemaRoot root, org.apache.arrow.vector.dictionary.DictionaryProvider provider) {
    for (FieldVector v : root.getFieldVectors()) {
      String name = v.getField().getName();
      types.putIfAbsent(name, v.getField().getType());
      fields.putIfAbsent(name, v.getField());
      List<Object> column = values.computeIfAbsent(name, k -> new ArrayList<>());
      for (int i = 0; i < root.getRowCount(); i++) {
        column.add(Canonical.value(v, i, provider));
      }
    }
    rows += root.getRowCount();
  }

  void append(VectorSchemaRoot root) {
    for (FieldVector v : root.getFieldVectors()) {
      String name = v.getField().getName();
      types.putIfAbsent(name, v.getField().getType());
      fields.putIfAbsent(name, v.getField());
      List<Object> column = values.computeIfAbsent(name, k -> new ArrayList<>());
      for (int i = 0; i < root.getRowCount(); i++) {
        column.add(Canonical.value(v, i));
      }
    }
    rows += root.getRowCount();
  }
}
