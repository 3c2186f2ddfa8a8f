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
      checkList(v, ((ListVector) v).getDataVector(), 4);
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
      checkList(v, list.getDataVector(), 8);
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

  /** Offsets of {@code width} bytes: non-decreasing, within the child; then the child. */
  private static void checkList(FieldVector v, FieldVector child, int width) {
    int n = v.getValueCount();
    var offsets = v.getOffsetBuffer();
    check(offsets.capacity() >= (long) (n + 1) * width || n == 0, v, "offset buffer too small");
    long previous = n == 0 ? 0 : offset(offsets, 0, width);
    check(previous >= 0, v, "negative first offset");
    for (int i = 1; i <= n; i++) {
      long offset = offset(offsets, i, width);
      check(offset >= previous, v, "offsets decrease at " + i);
      previous = offset;
    }
    check(
        previous <= child.getValueCount(),
        v,
        "last offset " + previous + " beyond the child's " + child.getValueCount() + " values");
    validityFits(v, n);
    validateFull(child);
  }

  private static long offset(org.apache.arrow.memory.ArrowBuf offsets, int i, int width) {
    return width == 4 ? offsets.getInt((long) i * 4) : offsets.getLong((long) i * 8);
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
