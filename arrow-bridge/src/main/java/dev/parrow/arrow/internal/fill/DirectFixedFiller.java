package dev.parrow.arrow.internal.fill;

import dev.parrow.arrow.internal.buffers.Buffers;
import dev.parrow.arrow.internal.buffers.Spread;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.DirectFixedValues;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * INT32/FLOAT (4 bytes) and INT64/DOUBLE (8 bytes) into vectors of the same layout: Int(32), UInt4,
 * Date(DAY), Time(ms), Float4; Int(64), UInt8, Timestamp, Time(us, ns), Float8. The values are
 * decoded straight into the vector's data buffer ({@link #prepare} points the reader there), so a
 * PLAIN page without nulls is one copy from the page into Arrow memory. A batch with nulls is
 * spread to its slots afterwards: the dense values out in bulk, spread in place in a primitive
 * array ({@link Spread#longsInPlace}), back in bulk.
 */
final class DirectFixedFiller implements VectorFiller {
  private final int width;
  private long[] longs = new long[0];
  private int[] ints = new int[0];

  DirectFixedFiller(int width) {
    this.width = width;
  }

  @Override
  public DenseValues newValues(ColumnDescriptor column) {
    return new DirectFixedValues(width);
  }

  @Override
  public void prepare(FieldVector vector, int rows, DenseValues values) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    Buffers.allocate(v, rows);
    // A nested leaf may hold more values than the batch has rows: the data buffer grows, keeping
    // them.
    ((DirectFixedValues) values)
        .target(
            v.getDataBuffer(),
            bytes -> {
              while (v.getDataBuffer().capacity() < bytes) {
                v.reAlloc();
              }
              return v.getDataBuffer();
            });
  }

  @Override
  public void fill(FieldVector vector, int rows, byte[] validity, int present, DenseValues values) {
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    while (v.getValueCapacity() < rows) {
      v.reAlloc();
    }
    Buffers.validity(v.getValidityBuffer(), rows, validity);
    if (present < rows) {
      spread(v.getDataBuffer(), rows, validity, present);
    }
    v.setValueCount(rows);
  }

  /**
   * The present values, read back from the front of the buffer into a primitive array, spread to
   * their slots there in place, and written back: two bulk copies around one pass.
   */
  private void spread(ArrowBuf data, int rows, byte[] validity, int present) {
    if (width == 8) {
      longs = Spread.ensure(longs, rows);
      Buffers.getLongs(data, longs, 0, present);
      Spread.longsInPlace(longs, validity, rows, present);
      Buffers.putLongs(data, longs, rows);
    } else {
      ints = Spread.ensure(ints, rows);
      Buffers.getInts(data, ints, 0, present);
      Spread.intsInPlace(ints, validity, rows, present);
      Buffers.putInts(data, ints, rows);
    }
  }
}
