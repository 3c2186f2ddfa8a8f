package dev.parrow.arrow;

import dev.parrow.types.VariantArrow;
import dev.parrow.types.VariantShreddingSchema;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;

/**
 * {@link WriteOptions#inferVariantShredding}: each top-level variant column without a schema of the
 * caller's is shredded as {@link VariantShreddingSchema#infer} proposes from a batch's values.
 */
final class VariantShreddingInference {
  /** The most fields shredded per object, and the most levels of nesting. */
  static final int MAX_FIELDS = 64;

  static final int MAX_DEPTH = 8;

  private VariantShreddingInference() {}

  /** {@code options} with a shredding schema for each variant column of {@code batch} it lacks. */
  static WriteOptions options(VectorSchemaRoot batch, WriteOptions options) {
    WriteOptions.Builder b = options.toBuilder();
    for (FieldVector v : batch.getFieldVectors()) {
      if (!VariantArrow.isVariant(v.getField())
          || options.variantShredding().containsKey(v.getField().getName())) {
        continue;
      }
      StructVector struct = (StructVector) v;
      VarBinaryVector metadata = (VarBinaryVector) struct.getChild("metadata");
      VarBinaryVector value = (VarBinaryVector) struct.getChild("value");
      List<byte[]> metadatas = new ArrayList<>();
      List<byte[]> values = new ArrayList<>();
      for (int i = 0; i < batch.getRowCount(); i++) {
        boolean absent = struct.isNull(i);
        metadatas.add(absent ? null : metadata.get(i));
        values.add(absent ? null : value.get(i));
      }
      var schema = VariantShreddingSchema.infer(metadatas, values, MAX_FIELDS, MAX_DEPTH);
      if (schema != null) {
        b.variantShredding(v.getField().getName(), schema);
      }
    }
    return b.build();
  }
}
