package dev.parrow.arrow.internal.dataset;

import dev.parrow.arrow.internal.buffers.Buffers;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
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
   * to the dataset's type (integers, dictionary indices among them, floats, decimals) into the
   * dataset vector's own buffers.
   */
  public static void move(FieldVector source, FieldVector target, int rows) {
    if (source.getField().getType().equals(target.getField().getType())) {
      Buffers.exchange(source, target);
    } else {
      widen(source, target, rows);
    }
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
    v.allocateNew(rows);
    ArrowBuf data = v.getDataBuffer();
    if (type instanceof ArrowType.Date) {
      int days = (int) ((LocalDate) value).toEpochDay();
      for (int i = 0; i < rows; i++) {
        data.setInt((long) i * 4, days);
      }
    } else {
      long x = (Long) value;
      int width = ((ArrowType.Int) type).getBitWidth() / 8;
      for (int i = 0; i < rows; i++) {
        switch (width) {
          case 1 -> data.setByte(i, (byte) x);
          case 2 -> data.setShort((long) i * 2, (short) x);
          case 4 -> data.setInt((long) i * 4, (int) x);
          default -> data.setLong((long) i * 8, x);
        }
      }
    }
    allValid(v.getValidityBuffer(), rows);
    v.setValueCount(rows);
  }

  private static void allValid(ArrowBuf validity, int rows) {
    int full = rows / 8;
    validity.setOne(0, full);
    for (int i = full * 8; i < rows; i++) {
      BitVectorHelper.setBit(validity, i);
    }
  }

  /** Values of a narrower type into the dataset's wider one (integers, floats, decimals). */
  private static void widen(FieldVector source, FieldVector target, int rows) {
    BaseFixedWidthVector from = (BaseFixedWidthVector) source;
    BaseFixedWidthVector to = (BaseFixedWidthVector) target;
    Buffers.releaseShared(to);
    Buffers.allocate(to, rows);
    ArrowBuf in = from.getDataBuffer();
    ArrowBuf out = to.getDataBuffer();
    ArrowType fromType = source.getField().getType();
    ArrowType toType = target.getField().getType();
    if (toType instanceof ArrowType.Int t) {
      ArrowType.Int f = (ArrowType.Int) fromType;
      int fw = f.getBitWidth() / 8;
      int tw = t.getBitWidth() / 8;
      boolean signed = f.getIsSigned();
      for (int i = 0; i < rows; i++) {
        long x =
            switch (fw) {
              case 1 -> signed ? in.getByte(i) : in.getByte(i) & 0xFFL;
              case 2 -> signed ? in.getShort((long) i * 2) : in.getShort((long) i * 2) & 0xFFFFL;
              case 4 -> signed ? in.getInt((long) i * 4) : in.getInt((long) i * 4) & 0xFFFFFFFFL;
              default -> in.getLong((long) i * 8);
            };
        switch (tw) {
          case 2 -> out.setShort((long) i * 2, (short) x);
          case 4 -> out.setInt((long) i * 4, (int) x);
          default -> out.setLong((long) i * 8, x);
        }
      }
    } else if (toType instanceof ArrowType.FloatingPoint) {
      int fw = from.getTypeWidth();
      for (int i = 0; i < rows; i++) {
        double x =
            fw == 2
                ? Float16.toFloat(in.getShort((long) i * 2))
                : fw == 4 ? in.getFloat((long) i * 4) : in.getDouble((long) i * 8);
        out.setDouble((long) i * 8, x);
      }
    } else if (toType instanceof ArrowType.Decimal d) {
      // Rare (files written with different precisions), so the exact BigDecimal way.
      for (int i = 0; i < rows; i++) {
        if (!from.isNull(i)) {
          BigDecimal x = (BigDecimal) from.getObject(i);
          BigDecimal scaled = x.setScale(d.getScale(), RoundingMode.UNNECESSARY);
          if (to instanceof DecimalVector dv) {
            dv.set(i, scaled);
          } else {
            ((Decimal256Vector) to).set(i, scaled);
          }
        }
      }
    } else {
      throw new IllegalStateException("no widening from " + fromType + " to " + toType);
    }
    long validityBytes = (rows + 7) / 8;
    to.getValidityBuffer().setBytes(0, from.getValidityBuffer(), 0, validityBytes);
    to.setValueCount(rows);
  }
}
