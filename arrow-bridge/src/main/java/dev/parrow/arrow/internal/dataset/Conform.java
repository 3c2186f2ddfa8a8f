package dev.parrow.arrow.internal.dataset;

import dev.parrow.arrow.internal.buffers.Buffers;
import dev.parrow.arrow.internal.buffers.Widening;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * One file's batch in the dataset's schema: its vectors' buffers exchanged with the dataset's where
 * the types agree, widened where the dataset's type is wider, nulls for the columns the file lacks,
 * and each partition column filled with the file's value.
 */
public final class Conform {
  private Conform() {}

  /**
   * Fills {@code out} (the dataset's fields) from {@code batch} (one file's) and the file's
   * constant columns. Where the types agree, {@code batch}'s vectors move over, getting {@code
   * out}'s last buffers in exchange ({@link Buffers#exchange}) so that the file's reader decodes
   * its next batch into them: moving the buffers over alone left the reader none, and a dataset
   * read allocated (and the allocator freed, and the kernel zeroed) every batch's memory anew,
   * where a file's read reuses its own. Dictionary-encoded fields of {@code out} are left to the
   * caller, who fills them first (their dictionaries are the reader's).
   *
   * @param partitions the partition values of the file (Long, LocalDate, String or null)
   */
  public static void into(
      VectorSchemaRoot batch, VectorSchemaRoot out, Map<String, Object> partitions) {
    int rows = batch.getRowCount();
    for (FieldVector target : out.getFieldVectors()) {
      if (target.getField().getDictionary() != null) {
        continue;
      }
      String name = target.getName();
      FieldVector source = batch.getVector(name);
      if (source == null) {
        if (partitions.containsKey(name) && partitions.get(name) != null) {
          constant(target, partitions.get(name), rows);
        } else {
          nulls(target, rows);
        }
      } else {
        move(source, target, rows);
      }
    }
    out.setRowCount(rows);
  }

  /**
   * A file's vector into the dataset's: its buffers moved over when the types agree, the dataset's
   * last ones going back to the file's vector ({@link Buffers#exchange}), else its values widened
   * to the dataset's type (integers, dictionary indices among them, floats, decimals: {@link
   * Widening}) into the dataset vector's own buffers.
   */
  public static void move(FieldVector source, FieldVector target, int rows) {
    ArrowType from = source.getField().getType();
    ArrowType to = target.getField().getType();
    if (from.equals(to)) {
      Buffers.exchange(source, target);
      return;
    }
    Widening widening = Widening.of(from, to);
    if (widening == null) {
      // SchemaUnion only unifies types that widen.
      throw new IllegalStateException("no widening from " + from + " to " + to);
    }
    widening.widen(source, target, rows);
  }

  /** {@code rows} nulls. */
  public static void nulls(FieldVector target, int rows) {
    target.setInitialCapacity(rows);
    target.allocateNew();
    target.setValueCount(rows);
  }

  /** {@code rows} copies of one partition value (Long, LocalDate or String). */
  private static void constant(FieldVector target, Object value, int rows) {
    ArrowType type = target.getField().getType();
    if (type instanceof ArrowType.Utf8 && target instanceof BaseVariableWidthVector v) {
      byte[] bytes = ((String) value).getBytes(StandardCharsets.UTF_8);
      v.allocateNew((long) bytes.length * rows, rows);
      ArrowBuf offsets = v.getOffsetBuffer();
      ArrowBuf data = v.getDataBuffer();
      for (int i = 0; i < rows; i++) {
        offsets.setInt((long) (i + 1) * 4, (i + 1) * bytes.length);
        data.setBytes((long) i * bytes.length, bytes);
      }
      allValid(v.getValidityBuffer(), rows);
      v.setLastSet(rows - 1);
      v.setValueCount(rows);
      return;
    }
    BaseFixedWidthVector v = (BaseFixedWidthVector) target;
    // At least one slot: the value is written once, then repeated.
    v.allocateNew(Math.max(rows, 1));
    ArrowBuf data = v.getDataBuffer();
    if (type instanceof ArrowType.Date) {
      data.setInt(0, (int) ((LocalDate) value).toEpochDay());
      repeatFirst(data, 4, rows);
    } else {
      long x = (Long) value;
      switch (((ArrowType.Int) type).getBitWidth()) {
        case 8 -> data.setByte(0, (byte) x);
        case 16 -> data.setShort(0, (short) x);
        case 32 -> data.setInt(0, (int) x);
        default -> data.setLong(0, x);
      }
      repeatFirst(data, v.getTypeWidth(), rows);
    }
    allValid(v.getValidityBuffer(), rows);
    v.setValueCount(rows);
  }

  /**
   * Copies the buffer's first value of {@code width} bytes into the next {@code rows - 1} slots.
   */
  private static void repeatFirst(ArrowBuf data, int width, int rows) {
    // Doubling copies: the filled part is copied after itself until every slot is set.
    for (long filled = width, total = (long) width * rows; filled < total; filled *= 2) {
      data.setBytes(filled, data, 0, Math.min(filled, total - filled));
    }
  }

  private static void allValid(ArrowBuf validity, int rows) {
    int full = rows / 8;
    validity.setOne(0, full);
    for (int i = full * 8; i < rows; i++) {
      BitVectorHelper.setBit(validity, i);
    }
  }
}
