package dev.parrow.arrow.internal.write;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;

/**
 * The bytes rows of a batch hold in their Arrow buffers (values, offsets and views; validity bits
 * left out), counted in longs: a large vector's own {@code getBufferSize} is an int and fails past
 * 2 GiB. The writer cuts a batch into slices of at most {@link #SLICE_LIMIT} bytes, because a
 * slice's values of each column are gathered into arrays (a Java array holds at most 2 GiB) and its
 * levels take memory in proportion.
 */
final class BatchBytes {
  private BatchBytes() {}

  /**
   * The most bytes a slice of a batch holds, unless it is a single row: far below the 2 GiB an
   * array holds, and above any batch of ordinary rows (65,536 rows of 4 KiB each), whose slices
   * stay as they were.
   */
  static final long SLICE_LIMIT = 256L << 20;

  /** {@return the bytes of every row of {@code root}} */
  static long of(VectorSchemaRoot root) {
    return of(root, 0, root.getRowCount());
  }

  /** {@return the bytes of rows [from, to) of {@code root}} */
  static long of(VectorSchemaRoot root, int from, int to) {
    long bytes = 0;
    for (FieldVector v : root.getFieldVectors()) {
      bytes += of(v, from, to);
    }
    return bytes;
  }

  /**
   * {@return how many of the {@code rows} rows from {@code from} a slice takes: all of them when
   * they hold at most {@code limit} bytes, else the most that do (by bisection), at least one}
   */
  static int rowsWithin(VectorSchemaRoot root, int from, int rows, long limit) {
    if (rows <= 1 || of(root, from, from + rows) <= limit) {
      return rows;
    }
    int fits = 1;
    int over = rows;
    while (over - fits > 1) {
      int mid = (int) (((long) fits + over) >>> 1);
      if (of(root, from, from + mid) <= limit) {
        fits = mid;
      } else {
        over = mid;
      }
    }
    return fits;
  }

  /** {@return the bytes of slots [from, to) of {@code v}} */
  static long of(FieldVector v, long from, long to) {
    long n = to - from;
    if (n <= 0) {
      return 0;
    }
    if (v instanceof ExtensionTypeVector<?> ext) {
      return of((FieldVector) ext.getUnderlyingVector(), from, to);
    }
    if (v instanceof BitVector) {
      return (n + 7) / 8;
    }
    if (v instanceof BaseFixedWidthVector fixed) {
      return n * fixed.getTypeWidth();
    }
    if (v instanceof BaseVariableWidthVector || v instanceof BaseLargeVariableWidthVector) {
      int width = v instanceof BaseVariableWidthVector ? 4 : 8;
      ArrowBuf offsets = v.getOffsetBuffer();
      return width * n + offset(offsets, to, width) - offset(offsets, from, width);
    }
    if (v instanceof BaseVariableWidthViewVector) {
      // Values of up to 12 bytes are inside their view; longer ones in a data buffer.
      ArrowBuf views = v.getDataBuffer();
      long bytes = 16 * n;
      for (long i = from; i < to; i++) {
        int length = views.getInt(i * 16);
        if (length > 12) {
          bytes += length;
        }
      }
      return bytes;
    }
    if (v instanceof ListVector || v instanceof LargeListVector) {
      // Maps too (a MapVector is a ListVector).
      int width = v instanceof ListVector ? 4 : 8;
      ArrowBuf offsets = v.getOffsetBuffer();
      FieldVector items = (FieldVector) v.getChildrenFromFields().get(0);
      return width * n + of(items, offset(offsets, from, width), offset(offsets, to, width));
    }
    if (v instanceof FixedSizeListVector list) {
      return of(list.getDataVector(), from * list.getListSize(), to * list.getListSize());
    }
    if (v instanceof ListViewVector || v instanceof LargeListViewVector) {
      // Each view's items on their own (views may overlap: then counted more than once).
      int width = v instanceof ListViewVector ? 4 : 8;
      ArrowBuf offsets = v.getOffsetBuffer();
      ArrowBuf sizes =
          v instanceof ListViewVector l
              ? l.getSizeBuffer()
              : ((LargeListViewVector) v).getSizeBuffer();
      FieldVector items = (FieldVector) v.getChildrenFromFields().get(0);
      long bytes = 2L * width * n;
      for (long i = from; i < to; i++) {
        long start = offset(offsets, i, width);
        bytes += of(items, start, start + offset(sizes, i, width));
      }
      return bytes;
    }
    if (v instanceof NonNullableStructVector struct) {
      long bytes = 0;
      for (FieldVector child : struct.getChildrenFromFields()) {
        bytes += of(child, from, to);
      }
      return bytes;
    }
    // Null vectors hold nothing; unions are refused before a write, run-end encoded vectors
    // expanded.
    return 0;
  }

  /** Entry {@code i} of an offsets (or sizes) buffer of 4- or 8-byte entries. */
  private static long offset(ArrowBuf buffer, long i, int width) {
    return width == 4 ? buffer.getInt(i * 4) : buffer.getLong(i * 8);
  }
}
