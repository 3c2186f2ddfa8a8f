package dev.parrow.arrow.internal.dataset;

import dev.parrow.arrow.VectorExchange;
import dev.parrow.arrow.internal.buffers.Widening;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * One file's batches in the dataset's schema: its vectors' buffers exchanged with the dataset's
 * where the types agree, widened where the dataset's type is wider, nulls for the columns the file
 * lacks, and each partition column filled with the file's value. One per file read; close it when
 * the file's read ends.
 */
public final class Conform implements AutoCloseable {
  /** The partition values of the file (Long, LocalDate, String or null), by column. */
  private final Map<String, Object> partitions;

  /**
   * The file's constant columns (its partition values, and nulls for the columns it lacks) by name,
   * each filled once for as many rows as its largest batch so far and shared into every batch
   * without a copy: filling them anew allocated and wrote every batch's, for columns whose values
   * never change within the file.
   */
  private final Map<String, FieldVector> filled = new HashMap<>();

  /**
   * @param partitions the partition values of the file (Long, LocalDate, String or null)
   */
  public Conform(Map<String, Object> partitions) {
    this.partitions = partitions;
  }

  /**
   * Fills {@code out} (the dataset's fields) from {@code batch} (one file's) and the file's
   * constant columns. Where the types agree, {@code batch}'s vectors move over, getting {@code
   * out}'s last buffers in exchange ({@link VectorExchange#move}) so that the file's reader decodes
   * its next batch into them: moving the buffers over alone left the reader none, and a dataset
   * read allocated (and the allocator freed, and the kernel zeroed) every batch's memory anew,
   * where a file's read reuses its own. Dictionary-encoded fields of {@code out} are left to the
   * caller, who fills them first (their dictionaries are the reader's).
   */
  public void into(VectorSchemaRoot batch, VectorSchemaRoot out) {
    int rows = batch.getRowCount();
    for (FieldVector target : out.getFieldVectors()) {
      if (target.getField().getDictionary() != null) {
        continue;
      }
      FieldVector source = batch.getVector(target.getName());
      if (source == null) {
        shareConstant(target, rows);
      } else {
        move(source, target, rows);
      }
    }
    out.setRowCount(rows);
  }

  /**
   * The first {@code rows} of the file's filled column for {@code target} (its partition value, or
   * nulls) shared into {@code target}: its buffers sliced, never written again, so that a consumer
   * may hold them.
   */
  private void shareConstant(FieldVector target, int rows) {
    String name = target.getName();
    FieldVector column = filled.get(name);
    if (column == null || column.getValueCount() < rows) {
      if (column != null) {
        column.close();
      }
      column = target.getField().createVector(target.getAllocator());
      filled.put(name, column);
      Object value = partitions.get(name);
      if (value != null) {
        constant(column, value, rows);
      } else {
        nulls(column, rows);
      }
    }
    column.makeTransferPair(target).splitAndTransfer(0, rows);
  }

  /** Frees the file's filled constant columns (batches that share them keep their slices). */
  @Override
  public void close() {
    filled.values().forEach(FieldVector::close);
    filled.clear();
  }

  /**
   * A file's vector into the dataset's: its buffers moved over when the types agree, the dataset's
   * last ones going back to the file's vector ({@link VectorExchange#move}), else its values
   * widened to the dataset's type (integers, dictionary indices among them, floats, decimals:
   * {@link Widening}) into the dataset vector's own buffers.
   */
  public static void move(FieldVector source, FieldVector target, int rows) {
    ArrowType from = source.getField().getType();
    ArrowType to = target.getField().getType();
    if (from.equals(to)) {
      VectorExchange.move(source, target);
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
