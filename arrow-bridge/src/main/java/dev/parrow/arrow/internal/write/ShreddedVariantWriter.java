package dev.parrow.arrow.internal.write;

import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.write.ColumnChunkWriter;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A top-level variant column written shredded: each batch's variant values are shredded ({@link
 * VariantShredder}) into the Arrow form of the shredded layout, which the writer tree of that form
 * writes as any struct.
 */
public final class ShreddedVariantWriter extends FieldWriter {
  private final FieldWriter shreddedForm;
  private final VariantShredder shredder;

  ShreddedVariantWriter(
      Field variant,
      Field shredded,
      java.util.Iterator<dev.parrow.codec.schema.ColumnDescriptor> columns) {
    super(variant);
    this.shreddedForm = FieldWriter.of(shredded, columns);
    this.shredder = new VariantShredder(shredded);
  }

  @Override
  public void write(
      FieldVector vector,
      int rows,
      ColumnChunkWriter[] chunks,
      Map<Long, DenseValues> dictionaries) {
    try (StructVector shredded =
        shredder.shred((StructVector) vector, rows, vector.getAllocator())) {
      shreddedForm.write(shredded, rows, chunks, dictionaries);
    }
  }

  @Override
  void collectLeaves(List<LeafWriter> out) {
    out.addAll(shreddedForm.leaves());
  }

  @Override
  void shred(ValueVector v, int i, int def, int rep, int depth) {
    throw new UnsupportedOperationException("a variant is shredded only as a top-level column");
  }
}
