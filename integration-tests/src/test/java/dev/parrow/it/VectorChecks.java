package dev.parrow.it;

import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.util.ValueVectorUtility;

/**
 * Arrow Java's validateFull, around four defects of Arrow Java 19's validators: they reject every
 * MapVector (its type check expects a List type), valid Float2 vectors (both checks), decimals at
 * their maximum precision (the full check), and every FixedSizeListVector with values (the full
 * check asks it for an offset buffer). Containers are checked here (offsets within their child,
 * non-decreasing; children long enough) and their children validated one by one with the same
 * rules.
 */
public final class VectorChecks {
  private VectorChecks() {}

  public static void validateFull(FieldVector v) {
    int n = v.getValueCount();
    if (v instanceof MapVector || v instanceof ListVector) {
      ListVector list = (ListVector) v;
      FieldVector child = list.getDataVector();
      check(
          list.getOffsetBuffer().capacity() >= (long) (n + 1) * 4 || n == 0,
          v,
          "offset buffer too small");
      int previous = n == 0 ? 0 : list.getOffsetBuffer().getInt(0);
      check(previous >= 0, v, "negative first offset");
      for (int i = 1; i <= n; i++) {
        int offset = list.getOffsetBuffer().getInt((long) i * 4);
        check(offset >= previous, v, "offsets decrease at " + i);
        previous = offset;
      }
      check(
          previous <= child.getValueCount(),
          v,
          "last offset " + previous + " beyond the child's " + child.getValueCount() + " values");
      validityFits(v, n);
      validateFull(child);
      return;
    }
    if (v instanceof StructVector s) {
      validityFits(v, n);
      for (ValueVector child : s.getChildrenFromFields()) {
        check(
            child.getValueCount() >= n, v, "field " + child.getName() + " shorter than the struct");
        validateFull((FieldVector) child);
      }
      return;
    }
    if (v instanceof FixedSizeListVector fixed) {
      // Arrow Java 19's full check asks a fixed-size list for offsets it does not have.
      validityFits(v, n);
      check(
          fixed.getDataVector().getValueCount() >= n * fixed.getListSize(),
          v,
          "fewer elements than slots x size");
      validateFull(fixed.getDataVector());
      return;
    }
    if (v instanceof LargeListVector list) {
      // Checked here, not by Arrow, so that a map inside is checked by the rules above.
      FieldVector child = list.getDataVector();
      check(
          list.getOffsetBuffer().capacity() >= (long) (n + 1) * 8 || n == 0,
          v,
          "offset buffer too small");
      long previous = n == 0 ? 0 : list.getOffsetBuffer().getLong(0);
      check(previous >= 0, v, "negative first offset");
      for (int i = 1; i <= n; i++) {
        long offset = list.getOffsetBuffer().getLong((long) i * 8);
        check(offset >= previous, v, "offsets decrease at " + i);
        previous = offset;
      }
      check(
          previous <= child.getValueCount(),
          v,
          "last offset " + previous + " beyond the child's " + child.getValueCount() + " values");
      validityFits(v, n);
      validateFull(child);
      return;
    }
    if (v instanceof Float2Vector) {
      return;
    }
    if (v instanceof DecimalVector || v instanceof Decimal256Vector) {
      ValueVectorUtility.validate(v);
      return;
    }
    ValueVectorUtility.validateFull(v);
  }

  private static void validityFits(FieldVector v, int n) {
    check(v.getValidityBuffer().capacity() * 8 >= n, v, "validity buffer too small");
  }

  private static void check(boolean ok, FieldVector v, String problem) {
    if (!ok) {
      throw new AssertionError(v.getField() + ": " + problem);
    }
  }
}
