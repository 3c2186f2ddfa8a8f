package dev.parrow.arrow.internal.read;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A VARIANT column: its stored struct (metadata, value, shredded typed_value) is read into a vector
 * of this reader's own, then reassembled into the unshredded variant ({@link VariantAssembly}).
 */
public final class VariantReader implements FieldReader {
  private final Field storedField;
  private final FieldReader stored;
  private final String path;
  private StructVector scratch;

  /**
   * @param path the variant's dotted path, for errors
   */
  VariantReader(Field storedField, FieldReader stored, String path) {
    this.storedField = storedField;
    this.stored = stored;
    this.path = path;
  }

  @Override
  public LeafReader source() {
    return stored.source();
  }

  @Override
  public void leafVectors(FieldVector vector, List<FieldVector> above, LeafVectors out) {
    if (scratch == null) {
      // Holds no memory until the leaves load their buffers into it.
      scratch = (StructVector) storedField.createVector(vector.getAllocator());
    }
    // The stored struct is the variant's own scratch, not in the batch: the path stops above it.
    stored.leafVectors(scratch, LeafVectors.below(above, vector), out);
  }

  @Override
  public int build(FieldVector vector, BufferAllocator allocator) {
    int slots = stored.build(scratch, allocator);
    scratch.setValueCount(slots);
    try {
      VariantAssembly.assemble(scratch, (StructVector) vector, slots);
    } catch (dev.parrow.codec.ParquetFormatException e) {
      throw e.inColumn(path);
    }
    return slots;
  }

  @Override
  public void close() {
    stored.close();
    if (scratch != null) {
      scratch.close();
      scratch = null;
    }
  }
}
