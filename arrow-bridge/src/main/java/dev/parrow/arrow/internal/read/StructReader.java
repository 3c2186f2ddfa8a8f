package dev.parrow.arrow.internal.read;

import dev.parrow.arrow.internal.buffers.Scratch;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.types.LevelInfo;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;

/** A struct: one slot per slot of its parent, null where the levels stop above it. */
public final class StructReader implements FieldReader {
  private final LevelInfo levels;
  private final List<FieldReader> children;
  private final LeafReader source;
  private byte[] validity = new byte[0];

  StructReader(LevelInfo levels, List<FieldReader> children) {
    this.levels = levels;
    this.children = List.copyOf(children);
    this.source = children.get(0).source();
  }

  @Override
  public LeafReader source() {
    return source;
  }

  @Override
  public int build(FieldVector vector, BufferAllocator allocator) {
    int n = source.entries();
    validity = Scratch.zeroedBits(validity, n);
    // Entries of a list below this struct continue one of its slots: filtered by repetition level.
    int[] reps = source.maxRepetitionLevel() > levels.repLevel() ? source.reps() : null;
    LevelConversion.Slots slots =
        LevelConversion.defLevelsToValidity(source.defs(), reps, n, levels, validity);
    StructVector struct = (StructVector) vector;
    try (ArrowBuf bits = Scratch.bitsBuffer(allocator, validity, slots.count())) {
      struct.loadFieldBuffers(new ArrowFieldNode(slots.count(), slots.nulls()), List.of(bits));
    }
    for (int i = 0; i < children.size(); i++) {
      FieldVector child = (FieldVector) struct.getChildByOrdinal(i);
      int childSlots = children.get(i).build(child, allocator);
      if (childSlots != slots.count()) {
        throw new ParquetFormatException(
            "struct '"
                + vector.getName()
                + "' has "
                + slots.count()
                + " slots in this batch but its field '"
                + child.getName()
                + "' has "
                + childSlots);
      }
    }
    return slots.count();
  }

  @Override
  public void close() {
    children.forEach(FieldReader::close);
  }

  @Override
  public void leafVectors(FieldVector vector, List<FieldVector> above, LeafVectors out) {
    StructVector struct = (StructVector) vector;
    List<FieldVector> path = LeafVectors.below(above, struct);
    for (int i = 0; i < children.size(); i++) {
      children.get(i).leafVectors((FieldVector) struct.getChildByOrdinal(i), path, out);
    }
  }
}
