package dev.parrow.arrow.internal.write;

import dev.parrow.types.RunEnds;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.RunEndEncodedVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A batch's run-end encoded vectors expanded into vectors of their values' type, which is how the
 * writer writes them ({@link RunEnds}). Vectors with no run-end encoding in them are the batch's
 * own; a nested vector with one below it is rebuilt around the caller's buffers (shared, not
 * copied), only the run-end encoded parts being expanded into new memory.
 */
public final class RunEndDecoding implements AutoCloseable {
  private final VectorSchemaRoot root;
  private final List<FieldVector> created = new ArrayList<>();

  private RunEndDecoding(VectorSchemaRoot batch, BufferAllocator allocator) {
    List<Field> fields = new ArrayList<>();
    List<FieldVector> vectors = new ArrayList<>();
    for (FieldVector vector : batch.getFieldVectors()) {
      Field field = vector.getField();
      if (!RunEnds.any(field)) {
        fields.add(field);
        vectors.add(vector);
        continue;
      }
      FieldVector out = RunEnds.decoded(field).createVector(allocator);
      created.add(out);
      try {
        fill(vector, out, allocator);
      } catch (RuntimeException e) {
        // Bad run ends: nothing taken for the batch is kept.
        close();
        throw e;
      }
      fields.add(out.getField());
      vectors.add(out);
    }
    this.root = new VectorSchemaRoot(fields, vectors, batch.getRowCount());
  }

  /**
   * {@code batch} with its run-end encoded vectors expanded; {@link #close} frees what that took
   * (the batch's own vectors stay the caller's).
   */
  public static RunEndDecoding of(VectorSchemaRoot batch, BufferAllocator allocator) {
    return new RunEndDecoding(batch, allocator);
  }

  /** The batch as written: no run-end encoded vector in it. */
  public VectorSchemaRoot root() {
    return root;
  }

  @Override
  public void close() {
    for (FieldVector v : created) {
      v.close();
    }
  }

  /** Fills {@code to}, a new vector of {@code from}'s decoded field, from {@code from}. */
  private static void fill(FieldVector from, FieldVector to, BufferAllocator allocator) {
    if (from instanceof RunEndEncodedVector ree) {
      expand(ree, to, allocator);
      return;
    }
    if (from instanceof ExtensionTypeVector<?> ext && to instanceof ExtensionTypeVector<?> toExt) {
      fill(
          (FieldVector) ext.getUnderlyingVector(),
          (FieldVector) toExt.getUnderlyingVector(),
          allocator);
      return;
    }
    // The vector's own buffers (validity, offsets, values) are shared: loading retains them.
    to.loadFieldBuffers(
        new ArrowFieldNode(from.getValueCount(), from.getNullCount()), from.getFieldBuffers());
    List<FieldVector> fromChildren = from.getChildrenFromFields();
    List<FieldVector> toChildren = to.getChildrenFromFields();
    for (int i = 0; i < fromChildren.size(); i++) {
      fill(fromChildren.get(i), toChildren.get(i), allocator);
    }
  }

  /** Each run's value repeated over its rows, into {@code to}. */
  private static void expand(RunEndEncodedVector ree, FieldVector to, BufferAllocator allocator) {
    FieldVector values = ree.getValuesVector();
    FieldVector decodedValues = null;
    try {
      if (RunEnds.any(values.getField())) {
        decodedValues = RunEnds.decoded(values.getField()).createVector(allocator);
        fill(values, decodedValues, allocator);
        values = decodedValues;
      }
      int rows = ree.getValueCount();
      int[] runStarts = runStarts(ree, values.getValueCount(), rows);
      FieldVector source = values;
      FieldVector target = to;
      if (source instanceof ExtensionTypeVector<?> ext
          && target instanceof ExtensionTypeVector<?> toExt) {
        source = (FieldVector) ext.getUnderlyingVector();
        target = (FieldVector) toExt.getUnderlyingVector();
      }
      target.setInitialCapacity(rows);
      if (source instanceof BitVector bits && target instanceof BitVector out) {
        out.allocateNew(rows);
        expandBits(bits, out, runStarts, rows);
      } else if (source instanceof BaseFixedWidthVector fixed
          && target instanceof BaseFixedWidthVector out) {
        out.allocateNew(rows);
        expandFixed(fixed, out, runStarts, rows);
      } else if (source instanceof BaseVariableWidthVector
          && target instanceof BaseVariableWidthVector) {
        expandVariable(source, target, runStarts, rows, 4);
      } else if (source instanceof BaseLargeVariableWidthVector
          && target instanceof BaseLargeVariableWidthVector) {
        expandVariable(source, target, runStarts, rows, 8);
      } else {
        // Views and nested values: value by value (rare enough not to need a bulk path).
        target.allocateNew();
        for (int run = 0; run + 1 < runStarts.length; run++) {
          for (int row = runStarts[run]; row < runStarts[run + 1]; row++) {
            target.copyFromSafe(run, row, source);
          }
        }
      }
      target.setValueCount(rows);
      if (target != to) {
        to.setValueCount(rows);
      }
    } finally {
      if (decodedValues != null) {
        decodedValues.close();
      }
    }
  }

  /**
   * Where each run starts, and after the last run the row count: run ends must increase and reach
   * the vector's length, with a value for each run used.
   */
  private static int[] runStarts(RunEndEncodedVector ree, int valueCount, int rows) {
    FieldVector ends = ree.getRunEndsVector();
    if (!(ends instanceof BaseIntVector endValues)) {
      throw invalid(ree, "its run ends are " + ends.getField().getType() + ", not integers");
    }
    List<Integer> starts = new ArrayList<>();
    long previous = 0;
    for (int run = 0; previous < rows; run++) {
      if (run >= ends.getValueCount() || ends.isNull(run)) {
        throw invalid(ree, "its run ends stop at row " + previous + " of " + rows);
      }
      long end = endValues.getValueAsLong(run);
      if (end <= previous) {
        throw invalid(ree, "run end " + run + " (" + end + ") does not follow " + previous);
      }
      if (run >= valueCount) {
        throw invalid(ree, "run " + run + " has no value (" + valueCount + " values)");
      }
      starts.add((int) previous);
      previous = Math.min(end, rows);
    }
    int[] out = new int[starts.size() + 1];
    for (int i = 0; i < starts.size(); i++) {
      out[i] = starts.get(i);
    }
    out[starts.size()] = rows;
    return out;
  }

  private static IllegalArgumentException invalid(RunEndEncodedVector ree, String why) {
    return new IllegalArgumentException("run-end encoded field '" + ree.getName() + "': " + why);
  }

  private static void expandBits(BitVector from, BitVector to, int[] starts, int rows) {
    ArrowBuf validity = to.getValidityBuffer();
    ArrowBuf data = to.getDataBuffer();
    for (int run = 0; run + 1 < starts.length; run++) {
      if (from.isNull(run)) {
        continue;
      }
      int bit = from.get(run);
      for (int row = starts[run]; row < starts[run + 1]; row++) {
        BitVectorHelper.setBit(validity, row);
        if (bit != 0) {
          BitVectorHelper.setBit(data, row);
        }
      }
    }
  }

  private static void expandFixed(
      BaseFixedWidthVector from, BaseFixedWidthVector to, int[] starts, int rows) {
    int width = from.getTypeWidth();
    ArrowBuf validity = to.getValidityBuffer();
    ArrowBuf data = to.getDataBuffer();
    ArrowBuf source = from.getDataBuffer();
    for (int run = 0; run + 1 < starts.length; run++) {
      if (from.isNull(run)) {
        continue;
      }
      for (int row = starts[run]; row < starts[run + 1]; row++) {
        BitVectorHelper.setBit(validity, row);
        data.setBytes((long) row * width, source, (long) run * width, width);
      }
    }
  }

  /** Strings and binaries, with 4-byte offsets or, for the large types, 8-byte ones. */
  private static void expandVariable(
      FieldVector from, FieldVector to, int[] starts, int rows, int offsetWidth) {
    ArrowBuf fromOffsets = from.getOffsetBuffer();
    long bytes = 0;
    for (int run = 0; run + 1 < starts.length; run++) {
      if (!from.isNull(run)) {
        long length =
            offset(fromOffsets, run + 1, offsetWidth) - offset(fromOffsets, run, offsetWidth);
        bytes += length * (starts[run + 1] - starts[run]);
      }
    }
    if (offsetWidth == 4 && bytes > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "run-end encoded field '"
              + to.getName()
              + "' expands to "
              + bytes
              + " bytes, more than a "
              + to.getField().getType()
              + " vector holds; use a large type");
    }
    if (to instanceof BaseVariableWidthVector v) {
      v.allocateNew(Math.max(bytes, 1), rows);
    } else {
      ((BaseLargeVariableWidthVector) to).allocateNew(Math.max(bytes, 1), rows);
    }
    ArrowBuf validity = to.getValidityBuffer();
    ArrowBuf offsets = to.getOffsetBuffer();
    ArrowBuf data = to.getDataBuffer();
    ArrowBuf source = from.getDataBuffer();
    long at = 0;
    setOffset(offsets, 0, offsetWidth, 0);
    for (int run = 0; run + 1 < starts.length; run++) {
      boolean present = !from.isNull(run);
      long start = offset(fromOffsets, run, offsetWidth);
      long length = present ? offset(fromOffsets, run + 1, offsetWidth) - start : 0;
      for (int row = starts[run]; row < starts[run + 1]; row++) {
        if (present) {
          BitVectorHelper.setBit(validity, row);
          data.setBytes(at, source, start, length);
          at += length;
        }
        setOffset(offsets, row + 1, offsetWidth, at);
      }
    }
    // Else setValueCount would take the slots after the last one set for empty ones.
    if (to instanceof BaseVariableWidthVector v) {
      v.setLastSet(rows - 1);
    } else {
      ((BaseLargeVariableWidthVector) to).setLastSet(rows - 1);
    }
  }

  private static long offset(ArrowBuf offsets, int i, int width) {
    return width == 4 ? offsets.getInt((long) i * 4) : offsets.getLong((long) i * 8);
  }

  private static void setOffset(ArrowBuf offsets, int i, int width, long value) {
    if (width == 4) {
      offsets.setInt((long) i * 4, (int) value);
    } else {
      offsets.setLong((long) i * 8, value);
    }
  }
}
