package dev.parrow.delta;

import io.delta.kernel.data.ArrayValue;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.MapValue;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Kernel's column vectors (of any engine) copied into Arrow vectors for Parrow's writer, value by
 * value through Kernel's getters (the only access Kernel's interface gives); structs, arrays and
 * maps recursively.
 */
final class KernelToArrow {
  private KernelToArrow() {}

  /** Copies {@code n} values of {@code src} from {@code from} into {@code dst} from {@code at}. */
  static void copy(ColumnVector src, int from, int n, FieldVector dst, int at) {
    for (int k = 0; k < n; k++) {
      int r = from + k;
      int i = at + k;
      if (src.isNullAt(r)) {
        setNull(dst, i);
        continue;
      }
      if (dst instanceof StructVector s) {
        s.setIndexDefined(i);
        for (int c = 0; c < s.size(); c++) {
          copy(src.getChild(c), r, 1, (FieldVector) s.getChildByOrdinal(c), i);
        }
      } else if (dst instanceof ListVector list) {
        // Maps are lists of key-value structs.
        int start = list.startNewValue(i);
        int size;
        if (dst instanceof org.apache.arrow.vector.complex.MapVector) {
          MapValue m = src.getMap(r);
          size = m.getSize();
          StructVector entries = (StructVector) list.getDataVector();
          for (int e = 0; e < size; e++) {
            entries.setIndexDefined(start + e);
          }
          copy(m.getKeys(), 0, size, (FieldVector) entries.getChildByOrdinal(0), start);
          copy(m.getValues(), 0, size, (FieldVector) entries.getChildByOrdinal(1), start);
        } else {
          ArrayValue a = src.getArray(r);
          size = a.getSize();
          copy(a.getElements(), 0, size, list.getDataVector(), start);
        }
        list.endValue(i, size);
      } else {
        set(src, r, dst, i);
      }
    }
  }

  private static void setNull(FieldVector dst, int i) {
    if (dst instanceof StructVector s) {
      s.setNull(i);
    } else if (dst instanceof ListVector l) {
      l.setNull(i);
    } else if (dst instanceof BaseFixedWidthVector f) {
      while (i >= f.getValueCapacity()) {
        f.reAlloc();
      }
      f.setNull(i);
    } else {
      BaseVariableWidthVector v = (BaseVariableWidthVector) dst;
      while (i >= v.getValueCapacity()) {
        v.reAlloc();
      }
      v.setNull(i);
    }
  }

  private static void set(ColumnVector src, int r, FieldVector dst, int i) {
    if (dst instanceof BitVector v) {
      v.setSafe(i, src.getBoolean(r) ? 1 : 0);
    } else if (dst instanceof TinyIntVector v) {
      v.setSafe(i, src.getByte(r));
    } else if (dst instanceof SmallIntVector v) {
      v.setSafe(i, src.getShort(r));
    } else if (dst instanceof IntVector v) {
      v.setSafe(i, src.getInt(r));
    } else if (dst instanceof DateDayVector v) {
      v.setSafe(i, src.getInt(r));
    } else if (dst instanceof BigIntVector v) {
      v.setSafe(i, src.getLong(r));
    } else if (dst instanceof TimeStampVector v) {
      v.setSafe(i, src.getLong(r));
    } else if (dst instanceof Float4Vector v) {
      v.setSafe(i, src.getFloat(r));
    } else if (dst instanceof Float8Vector v) {
      v.setSafe(i, src.getDouble(r));
    } else if (dst instanceof DecimalVector v) {
      v.setSafe(i, src.getDecimal(r).setScale(v.getScale()));
    } else if (dst instanceof VarCharVector v) {
      v.setSafe(i, src.getString(r).getBytes(StandardCharsets.UTF_8));
    } else if (dst instanceof BaseVariableWidthVector v) {
      v.setSafe(i, src.getBinary(r));
    } else {
      throw new UnsupportedOperationException(
          "Parrow writes no Delta column of " + dst.getField().getType() + " yet");
    }
  }
}
