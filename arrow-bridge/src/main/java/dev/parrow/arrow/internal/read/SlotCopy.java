package dev.parrow.arrow.internal.read;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Copies values, one by one, of any type the reader makes into a vector of the same type, filled in
 * increasing slot order with gaps left null: how a fixed-size list's elements are put back at their
 * slots when null lists took none in Parquet (rare, so copied value by value). Containers are
 * copied here, element by element, because Arrow Java cannot copy a fixed-size list at any depth, a
 * list view or the null type.
 */
final class SlotCopy {
  /** Per list view filled: where its next elements go (the end of those copied so far). */
  private final Map<FieldVector, long[]> viewEnds = new IdentityHashMap<>();

  /** Copies value {@code from} of {@code src} to slot {@code to} of {@code dst}. */
  void copy(FieldVector src, int from, FieldVector dst, int to) {
    if (src instanceof FixedSizeListVector s) {
      FixedSizeListVector d = (FixedSizeListVector) dst;
      // Its own validity only (the elements grow as they are copied): a list of the null type
      // has no element capacity to count.
      while (to >= d.getValidityBuffer().capacity() * 8) {
        d.reAlloc();
      }
      if (s.isNull(from)) {
        d.setNull(to);
      } else {
        d.setNotNull(to);
      }
      int size = s.getListSize();
      for (int k = 0; k < size; k++) {
        copy(s.getDataVector(), from * size + k, d.getDataVector(), to * size + k);
      }
    } else if (src instanceof ListVector s) {
      ListVector d = (ListVector) dst;
      if (s.isNull(from)) {
        d.setNull(to);
        return;
      }
      int start = d.startNewValue(to);
      int first = s.getElementStartIndex(from);
      int length = s.getElementEndIndex(from) - first;
      for (int k = 0; k < length; k++) {
        copy(s.getDataVector(), first + k, d.getDataVector(), start + k);
      }
      d.endValue(to, length);
    } else if (src instanceof LargeListVector s) {
      LargeListVector d = (LargeListVector) dst;
      if (s.isNull(from)) {
        d.setNull(to);
        return;
      }
      int start = (int) d.startNewValue(to);
      int first = (int) s.getElementStartIndex(from);
      int length = (int) s.getElementEndIndex(from) - first;
      for (int k = 0; k < length; k++) {
        copy(s.getDataVector(), first + k, d.getDataVector(), start + k);
      }
      d.endValue(to, length);
    } else if (src instanceof ListViewVector || src instanceof LargeListViewVector) {
      copyView(src, from, dst, to);
    } else if (src instanceof StructVector s) {
      StructVector d = (StructVector) dst;
      if (s.isNull(from)) {
        d.setNull(to);
      } else {
        d.setIndexDefined(to);
      }
      List<FieldVector> sources = s.getChildrenFromFields();
      List<FieldVector> targets = d.getChildrenFromFields();
      for (int c = 0; c < sources.size(); c++) {
        copy(sources.get(c), from, targets.get(c), to);
      }
    } else if (!(src instanceof NullVector)) {
      // A null vector has nothing to copy: its count is set with its parent's.
      dst.copyFromSafe(from, to, src);
    }
  }

  /**
   * A list view's value: its elements appended after those copied so far, as a list lays them out;
   * a null view is empty there.
   */
  private void copyView(FieldVector src, int from, FieldVector dst, int to) {
    boolean large = src instanceof LargeListViewVector;
    while (to >= dst.getValueCapacity()) {
      dst.reAlloc();
    }
    long[] end = viewEnds.computeIfAbsent(dst, v -> new long[1]);
    boolean present = !src.isNull(from);
    long first = present ? entry(src.getOffsetBuffer(), from, large) : 0;
    long length = present ? entry(sizes(src), from, large) : 0;
    long start = end[0];
    if (large) {
      dst.getOffsetBuffer().setLong(to * 8L, start);
      sizes(dst).setLong(to * 8L, length);
    } else {
      dst.getOffsetBuffer().setInt(to * 4L, (int) start);
      sizes(dst).setInt(to * 4L, (int) length);
    }
    BitVectorHelper.setValidityBit(dst.getValidityBuffer(), to, present ? 1 : 0);
    FieldVector srcElements = src.getChildrenFromFields().get(0);
    FieldVector dstElements = dst.getChildrenFromFields().get(0);
    for (long k = 0; k < length; k++) {
      copy(srcElements, (int) (first + k), dstElements, (int) (start + k));
    }
    end[0] = start + length;
  }

  private static ArrowBuf sizes(FieldVector view) {
    return view instanceof LargeListViewVector large
        ? large.getSizeBuffer()
        : ((ListViewVector) view).getSizeBuffer();
  }

  private static long entry(ArrowBuf buffer, int index, boolean large) {
    return large ? buffer.getLong(index * 8L) : buffer.getInt(index * 4L);
  }
}
