package dev.parrow.arrow.internal.read;

import dev.parrow.arrow.internal.fill.Fillers;
import dev.parrow.arrow.internal.fill.VectorFiller;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.types.TypeOptions;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A primitive column to read: its descriptor, the Arrow field it becomes, and the filler that
 * writes it ({@link Fillers} chooses it).
 */
public record LeafColumn(ColumnDescriptor column, Field field, VectorFiller filler) {

  /**
   * The column read as {@code field} (as the schema derivation named and typed it, perhaps upgraded
   * by the ARROW:schema hint from {@code plain}, the type the mapping alone gives); a dictionary
   * field with one dictionary for the file when {@code unifyDictionaries}, else one per row group.
   */
  public static LeafColumn of(
      ColumnDescriptor column,
      Field field,
      ArrowType plain,
      TypeOptions options,
      boolean unifyDictionaries) {
    return new LeafColumn(
        column, field, Fillers.of(column, field, plain, options, unifyDictionaries));
  }
}
