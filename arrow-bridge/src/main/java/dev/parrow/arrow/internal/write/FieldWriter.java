package dev.parrow.arrow.internal.write;

import dev.parrow.arrow.internal.read.FieldReader;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.write.ColumnChunkWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One node of the tree that writes an Arrow field to its column chunks, mirroring its type (leaf,
 * struct, list or map), as {@link FieldReader} does on the read side. A nested field is shredded
 * row by row into the definition and repetition levels of every leaf below it (the record shredding
 * of the Dremel paper): each node adds its own level and hands its children their slots. A slot
 * under a null parent is not visited, so values Arrow keeps under null structs or beyond list ends
 * never reach the file.
 */
public abstract sealed class FieldWriter
    permits LeafWriter, StructWriter, ListWriter, ShreddedVariantWriter {
  final boolean nullable;
  private final List<LeafWriter> leaves = new ArrayList<>();

  FieldWriter(Field field) {
    this.nullable = field.isNullable();
  }

  /** The writer tree of {@code field}, whose leaf columns are the next ones of {@code columns}. */
  public static FieldWriter of(Field field, Iterator<ColumnDescriptor> columns) {
    FieldWriter writer;
    ArrowType type = field.getType();
    if (field.getDictionary() != null || field.getChildren().isEmpty()) {
      writer = new LeafWriter(field, columns.next());
    } else if (type instanceof ArrowType.Struct) {
      List<FieldWriter> children = new ArrayList<>();
      for (Field child : field.getChildren()) {
        children.add(of(child, columns));
      }
      writer = new StructWriter(field, children);
    } else {
      writer = new ListWriter(field, of(field.getChildren().get(0), columns));
    }
    return writer;
  }

  /**
   * The writer of a top-level variant column written shredded as {@code shredded} ({@link
   * dev.parrow.types.VariantShreddingSchema#shreddedField}), whose leaf columns are the next ones
   * of {@code columns}.
   */
  public static FieldWriter shreddedVariant(
      Field variant, Field shredded, Iterator<ColumnDescriptor> columns) {
    return new ShreddedVariantWriter(variant, shredded, columns);
  }

  /** The leaves below this node (this node, for a leaf), in column order. */
  public final List<LeafWriter> leaves() {
    if (leaves.isEmpty()) {
      collectLeaves(leaves);
    }
    return leaves;
  }

  abstract void collectLeaves(List<LeafWriter> out);

  /**
   * Writes rows [0, rows) of {@code vector}, this top-level field's vector, to the chunks of its
   * leaves ({@code chunks}, by column index); dictionary leaves take their batch dictionary from
   * {@code dictionaries}, by id.
   */
  public void write(
      FieldVector vector,
      int rows,
      ColumnChunkWriter[] chunks,
      Map<Long, DenseValues> dictionaries) {
    shredRows(vector, rows);
    for (LeafWriter leaf : leaves()) {
      leaf.writeLevels(chunks, dictionaries);
    }
  }

  /** Shreds rows [0, rows) of this top-level field's vector into its leaves' levels. */
  final void shredRows(FieldVector vector, int rows) {
    for (LeafWriter leaf : leaves()) {
      leaf.clear();
    }
    if (!shredInBulk(vector, rows)) {
      shredEachRow(vector, rows);
    }
  }

  /** Shreds row by row, down the writer tree: the way for every shape. */
  final void shredEachRow(FieldVector vector, int rows) {
    for (int i = 0; i < rows; i++) {
      shred(vector, i, 0, 0, 0);
    }
  }

  /**
   * Shreds rows [0, rows) in one pass over the vector's buffers, when this node knows how for the
   * vector at hand; returns false, having done nothing, when not.
   */
  boolean shredInBulk(FieldVector vector, int rows) {
    return false;
  }

  /**
   * Slot {@code i} of {@code v} (this node's vector), reached at definition level {@code def} with
   * repetition level {@code rep} for its first entry, under {@code depth} repeated ancestors.
   */
  abstract void shred(ValueVector v, int i, int def, int rep, int depth);

  /**
   * The definition level of slot {@code i} of {@code v}, reached at {@code def}: one more when this
   * field is nullable; -1 when the slot is null, whose entries are then added.
   */
  final int enter(ValueVector v, int i, int def, int rep) {
    if (!nullable) {
      return def;
    }
    if (v.isNull(i)) {
      addEmpty(def, rep);
      return -1;
    }
    return def + 1;
  }

  /** A null or empty slot: one entry at these levels for every leaf below, with no value. */
  final void addEmpty(int def, int rep) {
    for (LeafWriter leaf : leaves()) {
      leaf.add(def, rep, -1);
    }
  }
}
