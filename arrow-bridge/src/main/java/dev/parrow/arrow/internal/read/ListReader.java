package dev.parrow.arrow.internal.read;

import dev.parrow.arrow.internal.buffers.Scratch;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.encoding.Bits;
import dev.parrow.types.LevelInfo;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;

/**
 * A list, large list or map (a list of key-value structs): validity and offsets from the repetition
 * levels, 4-byte offsets or 8-byte for a large list.
 */
public final class ListReader implements FieldReader {
  private final LevelInfo levels;
  private final boolean nullable;
  private final FieldReader element;
  private byte[] validity = new byte[0];

  /** Fixed-size lists only: the slots where the list is defined (see LevelConversion). */
  private byte[] defined = new byte[0];

  private int[] offsets = new int[1];

  ListReader(LevelInfo levels, boolean nullable, FieldReader element) {
    this.levels = levels;
    this.nullable = nullable;
    this.element = element;
  }

  @Override
  public void close() {
    element.close();
  }

  @Override
  public LeafReader source() {
    return element.source();
  }

  @Override
  public int build(FieldVector vector, BufferAllocator allocator) {
    LeafReader source = source();
    int n = source.entries();
    validity = Scratch.zeroedBits(validity, n);
    if (offsets.length < n + 1) {
      offsets = new int[Math.max(n + 1, offsets.length * 2)];
    }
    if (vector instanceof FixedSizeListVector fixed) {
      defined = Scratch.zeroedBits(defined, n);
      LevelConversion.Slots slots =
          LevelConversion.defRepLevelsToList(
              source.defs(), source.reps(), n, levels, nullable, offsets, validity, defined);
      return buildFixed(fixed, slots, allocator);
    }
    LevelConversion.Slots slots =
        LevelConversion.defRepLevelsToList(
            source.defs(), source.reps(), n, levels, nullable, offsets, validity);
    if (vector instanceof ListViewVector || vector instanceof LargeListViewVector) {
      loadView(vector, slots, allocator);
    } else {
      loadOffsets(vector, slots, allocator);
    }
    int elements = element.build(dataVector(vector), allocator);
    if (elements != offsets[slots.count()]) {
      throw new ParquetFormatException(
          "list '"
              + vector.getName()
              + "' has "
              + offsets[slots.count()]
              + " elements in this batch but its element column has "
              + elements);
    }
    return slots.count();
  }

  private void loadOffsets(
      FieldVector vector, LevelConversion.Slots slots, BufferAllocator allocator) {
    boolean large = vector instanceof LargeListVector;
    ArrowFieldNode node = new ArrowFieldNode(slots.count(), slots.nulls());
    try (ArrowBuf bits = Scratch.bitsBuffer(allocator, validity, slots.count());
        ArrowBuf offsetBuffer =
            Scratch.offsetsBuffer(
                vector.getOffsetBuffer(), allocator, offsets, slots.count() + 1, large)) {
      if (large) {
        ((LargeListVector) vector).loadFieldBuffers(node, List.of(bits, offsetBuffer));
      } else {
        ((ListVector) vector).loadFieldBuffers(node, List.of(bits, offsetBuffer));
      }
    }
  }

  /**
   * A list view (from the hint): each list's offset and size, laid out as a list's (in order, no
   * overlap), so the elements are read as for a list.
   */
  private void loadView(
      FieldVector vector, LevelConversion.Slots slots, BufferAllocator allocator) {
    int count = slots.count();
    if (sizes.length < count) {
      sizes = new int[Math.max(count, sizes.length * 2)];
    }
    for (int i = 0; i < count; i++) {
      sizes[i] = offsets[i + 1] - offsets[i];
    }
    boolean large = vector instanceof LargeListViewVector;
    ArrowFieldNode node = new ArrowFieldNode(count, slots.nulls());
    try (ArrowBuf bits = Scratch.bitsBuffer(allocator, validity, count);
        ArrowBuf offsetBuffer =
            large
                ? Scratch.longsBuffer(allocator, offsets, count)
                : Scratch.intsBuffer(allocator, offsets, count);
        ArrowBuf sizeBuffer =
            large
                ? Scratch.longsBuffer(allocator, sizes, count)
                : Scratch.intsBuffer(allocator, sizes, count)) {
      if (large) {
        ((LargeListViewVector) vector)
            .loadFieldBuffers(node, List.of(bits, offsetBuffer, sizeBuffer));
      } else {
        ((ListViewVector) vector).loadFieldBuffers(node, List.of(bits, offsetBuffer, sizeBuffer));
      }
    }
  }

  private int[] sizes = new int[0];

  /**
   * A fixed-size list (from the hint): every defined list must have the size's elements. A null
   * list, or one under a null ancestor, has none in Parquet but takes that many (null) element
   * slots in Arrow, so when there are such lists the elements are moved out and copied back with
   * those gaps.
   */
  private int buildFixed(
      FixedSizeListVector fixed, LevelConversion.Slots slots, BufferAllocator allocator) {
    int size = fixed.getListSize();
    int undefined = 0;
    for (int i = 0; i < slots.count(); i++) {
      int length = offsets[i + 1] - offsets[i];
      if (!Bits.get(defined, i)) {
        undefined++;
      } else if (length != size) {
        throw new ParquetFormatException(
            "list '"
                + fixed.getName()
                + "' has a list of "
                + length
                + " elements where "
                + "ARROW:schema says fixed size "
                + size
                + "; read it with ReadOptions.useArrowSchemaHint(false) (--no-arrow-schema in the CLI)");
      }
    }
    try (ArrowBuf bits = Scratch.bitsBuffer(allocator, validity, slots.count())) {
      fixed.loadFieldBuffers(new ArrowFieldNode(slots.count(), slots.nulls()), List.of(bits));
    }
    FieldVector child = fixed.getDataVector();
    int elements = element.build(child, allocator);
    if (elements != offsets[slots.count()]) {
      throw new ParquetFormatException(
          "list '"
              + fixed.getName()
              + "' has "
              + offsets[slots.count()]
              + " elements in this batch but its element column has "
              + elements);
    }
    if (undefined > 0) {
      // Null lists take slots the file does not pay for: a hint's size times them is bounded as
      // the level entries are, before anything is allocated.
      long elementSlots = (long) slots.count() * size;
      int most = source().maxLevelsPerBatch();
      if (elementSlots > most) {
        throw new ParquetFormatException(
            "list '"
                + fixed.getName()
                + "' has "
                + slots.count()
                + " lists in this batch of the fixed size "
                + size
                + " ARROW:schema says: "
                + elementSlots
                + " element slots, more than the "
                + most
                + " a batch may take (ReadOptions.maxLevelsPerBatch; --max-levels-per-batch in the"
                + " CLI); read fewer rows per batch (ReadOptions.batchSize; --batch-size), or"
                + " read it with ReadOptions.useArrowSchemaHint(false) (--no-arrow-schema in the"
                + " CLI)");
      }
      try (FieldVector dense = child.getField().createVector(allocator)) {
        child.makeTransferPair(dense).transfer();
        // Sized for this batch: a bare allocateNew starts from the sizes the vector grew to
        // before, which then double again, batch after batch.
        child.setInitialCapacity(slots.count() * size);
        child.allocateNew();
        SlotCopy copy = new SlotCopy();
        for (int i = 0, from = 0; i < slots.count(); i++) {
          if (Bits.get(defined, i)) {
            for (int k = 0; k < size; k++) {
              copy.copy(dense, from++, child, i * size + k);
            }
          }
        }
        child.setValueCount(slots.count() * size);
      }
    }
    return slots.count();
  }

  @Override
  public void leafVectors(FieldVector vector, List<FieldVector> above, LeafVectors out) {
    element.leafVectors(dataVector(vector), LeafVectors.below(above, vector), out);
  }

  private static FieldVector dataVector(FieldVector vector) {
    if (vector instanceof FixedSizeListVector fixed) {
      return fixed.getDataVector();
    }
    if (vector instanceof ListViewVector view) {
      return view.getDataVector();
    }
    if (vector instanceof LargeListViewVector view) {
      return view.getDataVector();
    }
    return vector instanceof LargeListVector large
        ? large.getDataVector()
        : ((ListVector) vector).getDataVector();
  }
}
