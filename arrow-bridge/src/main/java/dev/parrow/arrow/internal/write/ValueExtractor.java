package dev.parrow.arrow.internal.write;

import dev.parrow.arrow.internal.buffers.Buffers;
import dev.parrow.arrow.internal.buffers.Validity;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.BooleanValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import dev.parrow.codec.values.Int96;
import dev.parrow.types.UnitRescale;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The present values of a primitive Arrow vector in the Parquet form its column is written as,
 * densely, and a definition level per slot (1 present, 0 null). It serves top-level columns as they
 * are, the leaf vectors of nested fields (whose present values are then gathered by {@link
 * LeafWriter}) and dictionaries (whose values become a dictionary page). Values a column cannot
 * hold as written (a date64 that is not a whole day, an interval that is negative or whose
 * nanoseconds are not whole milliseconds, a timestamp in seconds past the millisecond range: the
 * rescaling rules are {@link UnitRescale}'s) are errors naming the field and the row.
 */
public final class ValueExtractor {
  private final ColumnDescriptor column;
  private final DenseValues values;
  private int[] defs = new int[0];

  public ValueExtractor(ColumnDescriptor column) {
    this.column = column;
    this.values = DenseValues.forColumn(column);
  }

  public DenseValues values() {
    return values;
  }

  /** Definition levels of the last extraction (1 or 0 per row), or null for a required column. */
  public int[] defs() {
    return column.maxDefinitionLevel() == 0 ? null : defs;
  }

  /**
   * Definition levels of the last extraction of a top-level column, or null when every slot was
   * present (then each is the column's maximum level, which the chunk writer fills in itself).
   */
  public int[] defsUnlessAllPresent() {
    return allPresent ? null : defs();
  }

  /** Whether every slot of the last extraction was present. */
  private boolean allPresent;

  /**
   * Definition levels of the last extraction, 1 or 0 per slot, whether or not the column is
   * required.
   */
  int[] slotLevels() {
    return defs;
  }

  static IllegalArgumentException notNullable(FieldVector vector, long nulls) {
    return new IllegalArgumentException(
        "field '" + vector.getName() + "' is not nullable but has " + nulls + " nulls");
  }

  /** Extracts rows [0, rows) of {@code vector}. */
  public void extract(FieldVector vector, int rows) {
    if (vector instanceof ExtensionTypeVector<?> ext) {
      vector = (FieldVector) ext.getUnderlyingVector();
    }
    values.clear();
    if (defs.length < rows) {
      defs = new int[Math.max(rows, defs.length * 2)];
    }
    ArrowType type = vector.getField().getType();
    if (type instanceof ArrowType.Null) {
      java.util.Arrays.fill(defs, 0, rows, 0);
      allPresent = rows == 0;
      return;
    }
    int present = Validity.toDefinitionLevels(vector.getValidityBuffer(), rows, defs);
    allPresent = present == rows;
    if (column.maxDefinitionLevel() == 0 && present != rows) {
      throw notNullable(vector, rows - present);
    }
    if (column.physicalType() == dev.parrow.codec.metadata.PhysicalType.INT96) {
      int96(vector, rows, ((ArrowType.Timestamp) type).getUnit());
      return;
    }
    UnitRescale rescale = UnitRescale.of(type);
    if (rescale != null) {
      rescaled(vector, rows, rescale);
      return;
    }
    switch (type.getTypeID()) {
      case Bool -> bools(vector, rows);
      case Int ->
          ints(
              vector,
              rows,
              ((ArrowType.Int) type).getBitWidth(),
              ((ArrowType.Int) type).getIsSigned());
      case FloatingPoint -> {
        switch (((ArrowType.FloatingPoint) type).getPrecision()) {
          case HALF -> fixed(vector, rows, 2);
          case SINGLE -> fixedInts(vector, rows);
          case DOUBLE -> fixedLongs(vector, rows);
        }
      }
      case Decimal -> decimals(vector, rows, (ArrowType.Decimal) type);
      case Utf8, Binary -> binary(vector, rows, 4);
      case LargeUtf8, LargeBinary -> binary(vector, rows, 8);
      case Utf8View, BinaryView -> views(vector, rows);
      case FixedSizeBinary ->
          fixed(vector, rows, ((ArrowType.FixedSizeBinary) type).getByteWidth());
      case Date -> fixedInts(vector, rows);
      case Time -> {
        if (((ArrowType.Time) type).getBitWidth() == 32) {
          fixedInts(vector, rows);
        } else {
          fixedLongs(vector, rows);
        }
      }
      case Timestamp, Duration -> fixedLongs(vector, rows);
      case Interval -> intervals(vector, rows);
      default ->
          throw new UnsupportedOperationException(
              "field '" + vector.getName() + "' is " + type + ", which Parrow cannot write yet");
    }
  }

  private boolean present(int i) {
    return column.maxDefinitionLevel() == 0 || defs[i] == 1;
  }

  private void bools(FieldVector v, int rows) {
    BooleanValues out = (BooleanValues) values;
    ArrowBuf data = v.getDataBuffer();
    int at = out.reserve(rows);
    int n = 0;
    for (int i = 0; i < rows; i++) {
      if (present(i)) {
        out.values()[at + n++] = (byte) ((data.getByte(i >>> 3) >>> (i & 7)) & 1);
      }
    }
    out.added(n);
  }

  private void ints(FieldVector v, int rows, int bits, boolean signed) {
    if (bits == 64) {
      fixedLongs(v, rows);
      return;
    }
    if (bits == 32) {
      fixedInts(v, rows);
      return;
    }
    Int32Values out = (Int32Values) values;
    ArrowBuf data = v.getDataBuffer();
    int at = out.reserve(rows);
    int n = 0;
    for (int i = 0; i < rows; i++) {
      if (present(i)) {
        int x = bits == 8 ? data.getByte(i) : data.getShort((long) i * 2);
        out.values()[at + n++] = signed ? x : bits == 8 ? x & 0xff : x & 0xffff;
      }
    }
    out.added(n);
  }

  /** 4-byte values as they are. */
  private void fixedInts(FieldVector v, int rows) {
    Int32Values out = (Int32Values) values;
    int at = out.reserve(rows);
    int[] dst = out.values();
    Buffers.getInts(v.getDataBuffer(), dst, at, rows);
    out.added(compact(dst, at, rows));
  }

  /** 8-byte values as they are. */
  private void fixedLongs(FieldVector v, int rows) {
    Int64Values out = (Int64Values) values;
    int at = out.reserve(rows);
    long[] dst = out.values();
    Buffers.getLongs(v.getDataBuffer(), dst, at, rows);
    int n = 0;
    for (int i = 0; i < rows; i++) {
      if (present(i)) {
        dst[at + n++] = dst[at + i];
      }
    }
    out.added(n);
  }

  /**
   * Values Parquet stores in another unit ({@link UnitRescale}): converted exactly, or an error
   * naming the row.
   */
  private void rescaled(FieldVector v, int rows, UnitRescale rescale) {
    ArrowBuf data = v.getDataBuffer();
    int width = rescale.arrowWidth();
    long multiplier = rescale.multiplier();
    long divisor = rescale.divisor();
    boolean int32 = values instanceof Int32Values;
    long[] stored = wide(rows);
    int n = 0;
    for (int i = 0; i < rows; i++) {
      if (!present(i)) {
        continue;
      }
      long x = width == 4 ? data.getInt((long) i * 4) : data.getLong((long) i * 8);
      try {
        if (Math.floorMod(x, divisor) != 0) {
          throw new ArithmeticException();
        }
        long s = Math.multiplyExact(Math.floorDiv(x, divisor), multiplier);
        stored[n++] = int32 ? Math.toIntExact(s) : s;
      } catch (ArithmeticException e) {
        throw unfit(
            v,
            i,
            x,
            "does not fit the "
                + rescale.storedType(v.getField().getType())
                + " Parquet stores it as"
                + (divisor != 1 ? " (only whole units of " + divisor + " do)" : ""));
      }
    }
    addWide(n);
  }

  /**
   * Timestamps of any unit as INT96 (WriteOptions.int96Timestamps): the nanoseconds within the day,
   * then the Julian day, little-endian; a day a 32-bit Julian day cannot hold is an error naming
   * the row.
   */
  private void int96(FieldVector v, int rows, org.apache.arrow.vector.types.TimeUnit unit) {
    long nanosPerUnit = dev.parrow.types.ParquetToArrow.nanos(unit);
    long unitsPerDay = Int96.NANOS_PER_DAY / nanosPerUnit;
    long[] counts = wide(rows);
    Buffers.getLongs(v.getDataBuffer(), counts, 0, rows);
    FixedWidthValues out = (FixedWidthValues) values;
    int at = out.reserve(rows);
    int n = 0;
    for (int i = 0; i < rows; i++) {
      if (!present(i)) {
        continue;
      }
      long x = counts[i];
      long julianDay = Math.floorDiv(x, unitsPerDay) + Int96.JULIAN_EPOCH_DAY;
      if (julianDay != (int) julianDay) {
        throw unfit(
            v,
            i,
            x,
            "is beyond the days INT96 holds (a 32-bit Julian day); write it without"
                + " WriteOptions.int96Timestamps");
      }
      Int96.put(
          out.bytes(),
          at + n * Int96.WIDTH,
          (int) julianDay,
          Math.floorMod(x, unitsPerDay) * nanosPerUnit);
      n++;
    }
    out.added(n);
  }

  /** A value the column cannot hold as written: the field, the row, the value and why. */
  private static IllegalArgumentException unfit(FieldVector v, int row, long value, String why) {
    return new IllegalArgumentException(
        "field '"
            + v.getName()
            + "' row "
            + row
            + ": "
            + v.getField().getType()
            + " value "
            + value
            + " "
            + why);
  }

  private long[] wide = new long[0];

  /** A scratch array of at least n longs, for values computed before they are stored. */
  private long[] wide(int n) {
    if (wide.length < n) {
      wide = new long[Math.max(n, 2 * wide.length)];
    }
    return wide;
  }

  /** Stores the first n of {@link #wide} as the column's values: narrowed for an INT32 column. */
  private void addWide(int n) {
    if (values instanceof Int32Values ints) {
      int at = ints.reserve(n);
      for (int k = 0; k < n; k++) {
        ints.values()[at + k] = (int) wide[k];
      }
      ints.added(n);
    } else {
      Int64Values longs = (Int64Values) values;
      int at = longs.reserve(n);
      System.arraycopy(wide, 0, longs.values(), at, n);
      longs.added(n);
    }
  }

  /** Moves the present ones of {@code rows} ints at {@code at} to the front; returns how many. */
  private int compact(int[] dst, int at, int rows) {
    if (column.maxDefinitionLevel() == 0) {
      return rows;
    }
    int n = 0;
    for (int i = 0; i < rows; i++) {
      if (defs[i] == 1) {
        dst[at + n++] = dst[at + i];
      }
    }
    return n;
  }

  private void fixed(FieldVector v, int rows, int width) {
    FixedWidthValues out = (FixedWidthValues) values;
    ArrowBuf data = v.getDataBuffer();
    int at = out.reserve(rows);
    int n = 0;
    for (int i = 0; i < rows; i++) {
      if (present(i)) {
        data.getBytes((long) i * width, out.bytes(), at + n * width, width);
        n++;
      }
    }
    out.added(n);
  }

  private void decimals(FieldVector v, int rows, ArrowType.Decimal type) {
    int arrowWidth = type.getBitWidth() / 8;
    ArrowBuf data = v.getDataBuffer();
    byte[] le = new byte[arrowWidth];
    if (type.getPrecision() <= 18) {
      // INT32 (precision up to 9) or INT64: the low 8 bytes are the unscaled value.
      long[] unscaled = wide(rows);
      int n = 0;
      for (int i = 0; i < rows; i++) {
        if (present(i)) {
          unscaled[n++] = data.getLong((long) i * arrowWidth);
        }
      }
      addWide(n);
      return;
    }
    FixedWidthValues out = (FixedWidthValues) values;
    int width = out.width();
    int at = out.reserve(rows);
    int n = 0;
    for (int i = 0; i < rows; i++) {
      if (present(i)) {
        data.getBytes((long) i * arrowWidth, le, 0, arrowWidth);
        // Little-endian two's complement to big-endian, keeping the low {@code width} bytes.
        for (int k = 0; k < width; k++) {
          out.bytes()[at + n * width + k] = le[width - 1 - k];
        }
        n++;
      }
    }
    out.added(n);
  }

  /**
   * Utf8View and BinaryView: each present value's bytes, inline in its 16-byte view (up to 12) or
   * in the data buffer the view names.
   */
  private void views(FieldVector v, int rows) {
    BinaryValues out = (BinaryValues) values;
    ArrowBuf views = ((org.apache.arrow.vector.BaseVariableWidthViewVector) v).getDataBuffer();
    List<ArrowBuf> data =
        ((org.apache.arrow.vector.BaseVariableWidthViewVector) v).getDataBuffers();
    for (int i = 0; i < rows; i++) {
      if (present(i)) {
        long view = (long) i * 16;
        int length = views.getInt(view);
        int at = out.reserveBytes(length);
        if (length <= 12) {
          views.getBytes(view + 4, out.bytes(), at, length);
        } else {
          ArrowBuf buffer = data.get(views.getInt(view + 8));
          buffer.getBytes(Integer.toUnsignedLong(views.getInt(view + 12)), out.bytes(), at, length);
        }
        out.addValue(length);
      }
    }
  }

  /**
   * Utf8/Binary (4-byte offsets) or their Large forms (8-byte offsets): the present values' bytes.
   */
  private void binary(FieldVector v, int rows, int offsetWidth) {
    BinaryValues out = (BinaryValues) values;
    ArrowBuf offsets = v.getOffsetBuffer();
    ArrowBuf data = v.getDataBuffer();
    if (rows == 0) {
      return;
    }
    long first = offset(offsets, 0, offsetWidth);
    long last = offset(offsets, rows, offsetWidth);
    // Usually null slots hold no bytes: then the values are one range, copied at once.
    boolean contiguous = true;
    for (int i = 0; i < rows && contiguous; i++) {
      contiguous =
          present(i) || offset(offsets, i, offsetWidth) == offset(offsets, i + 1, offsetWidth);
    }
    if (contiguous && last - first <= Integer.MAX_VALUE - 16) {
      int length = (int) (last - first);
      int at = out.reserveBytes(length);
      data.getBytes(first, out.bytes(), at, length);
      long base = first - at;
      int[] ends = out.offsetsFor(out.size() + rows);
      int n = out.size();
      if (allPresent && offsetWidth == 4) {
        // Every slot a value: the ends are the vector's offsets less one base, copied at once
        // (ends[n], the end so far, becomes first - base, which it is).
        Buffers.getInts(offsets, ends, n, rows + 1);
        int shift = (int) base;
        for (int j = n + 1; j <= n + rows; j++) {
          ends[j] -= shift;
        }
        ends[n] = at;
        out.added(rows);
        return;
      }
      for (int i = 0; i < rows; i++) {
        if (present(i)) {
          ends[++n] = (int) (offset(offsets, i + 1, offsetWidth) - base);
        }
      }
      out.added(n - out.size());
      return;
    }
    for (int i = 0; i < rows; i++) {
      if (present(i)) {
        long start = offset(offsets, i, offsetWidth);
        int length = Math.toIntExact(offset(offsets, i + 1, offsetWidth) - start);
        int at = out.reserveBytes(length);
        data.getBytes(start, out.bytes(), at, length);
        out.addValue(length);
      }
    }
  }

  private static long offset(ArrowBuf offsets, int i, int width) {
    return width == 4 ? offsets.getInt((long) i * 4) : offsets.getLong((long) i * 8);
  }

  private void intervals(FieldVector v, int rows) {
    IntervalUnit unit = ((ArrowType.Interval) v.getField().getType()).getUnit();
    if (unit == IntervalUnit.MONTH_DAY_NANO && column.typeLength() == 16) {
      // The lossless form: the Arrow value's 16 bytes as they are.
      fixed(v, rows, 16);
      return;
    }
    FixedWidthValues out = (FixedWidthValues) values;
    ArrowBuf data = v.getDataBuffer();
    int at = out.reserve(rows);
    ByteBuffer dst = ByteBuffer.wrap(out.bytes()).order(ByteOrder.LITTLE_ENDIAN);
    if (unit != IntervalUnit.MONTH_DAY_NANO) {
      // YEAR_MONTH (months) and DAY_TIME (days, milliseconds) fit INTERVAL exactly; negative
      // counts are stored as their two's complement, as Arrow writers store them and Parrow reads.
      boolean yearMonth = unit == IntervalUnit.YEAR_MONTH;
      int n = 0;
      for (int i = 0; i < rows; i++) {
        if (present(i)) {
          int base = at + n * 12;
          if (yearMonth) {
            dst.putInt(base, data.getInt((long) i * 4)).putInt(base + 4, 0).putInt(base + 8, 0);
          } else {
            dst.putInt(base, 0)
                .putInt(base + 4, data.getInt((long) i * 8))
                .putInt(base + 8, data.getInt((long) i * 8 + 4));
          }
          n++;
        }
      }
      out.added(n);
      return;
    }
    int n = 0;
    for (int i = 0; i < rows; i++) {
      if (present(i)) {
        int months = data.getInt((long) i * 16);
        int days = data.getInt((long) i * 16 + 4);
        long nanos = data.getLong((long) i * 16 + 8);
        // Counts are stored as Arrow writers store them and Parrow reads them: signed 32 bits.
        if (nanos % 1_000_000L != 0
            || nanos / 1_000_000L > Integer.MAX_VALUE
            || nanos / 1_000_000L < Integer.MIN_VALUE) {
          throw new IllegalArgumentException(
              "field '"
                  + v.getName()
                  + "' row "
                  + i
                  + ": the interval "
                  + months
                  + " months "
                  + days
                  + " days "
                  + nanos
                  + " ns does not fit a Parquet INTERVAL (months, days and whole milliseconds"
                  + " in 32 bits); without WriteOptions.monthDayNanoAsInterval it is written"
                  + " exactly");
        }
        int base = at + n * 12;
        dst.putInt(base, months)
            .putInt(base + 4, days)
            .putInt(base + 8, (int) (nanos / 1_000_000L));
        n++;
      }
    }
    out.added(n);
  }
}
