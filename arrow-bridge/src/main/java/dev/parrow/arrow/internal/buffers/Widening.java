package dev.parrow.arrow.internal.buffers;

import dev.parrow.codec.ParquetFormatException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The exact widenings of a fixed-width type into a wider one, shared by a dataset (whose files'
 * types it unifies) and a read as another schema ({@code ReadOptions.readAs}): integers into wider
 * ones (unsigned into signed), floating point into wider, decimals into as many integer digits and
 * at least as many fraction digits (rescaled), dates into timestamps, and, as Delta widens types,
 * integers into decimals of enough integer digits and integers of up to 32 bits into doubles. Which
 * of them a caller allows is its own rule; this is how the values move.
 *
 * <p>The values are widened a chunk at a time: read in bulk into an array of the source's kind,
 * widened there, written in bulk. The kinds of both sides are chosen once, when the widening is
 * made, so the loops over values hold no switch and no call per value. The target vector keeps its
 * own buffers when nobody else holds them and they are big enough (a dataset's and a {@code
 * readAs}'s batches reuse them, as a file's read reuses its own).
 */
public abstract class Widening {
  /** Values per chunk: the scratch arrays stay within the first-level cache. */
  private static final int CHUNK = 2048;

  private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;

  private Widening() {}

  /**
   * How values of {@code from} widen into {@code to}, or null where {@code to} does not hold every
   * value of {@code from} (or the two are the same type: those move, they are not widened).
   */
  public static Widening of(ArrowType from, ArrowType to) {
    if (from instanceof ArrowType.Int f && to instanceof ArrowType.Int t) {
      boolean wider =
          t.getBitWidth() > f.getBitWidth()
              && (f.getIsSigned() == t.getIsSigned() || t.getIsSigned());
      return wider ? new Integers(f.getBitWidth() / 8, f.getIsSigned(), t.getBitWidth() / 8) : null;
    }
    if (from instanceof ArrowType.FloatingPoint f && to instanceof ArrowType.FloatingPoint t) {
      return bits(f.getPrecision()) < bits(t.getPrecision())
          ? new Floats(f.getPrecision(), t.getPrecision())
          : null;
    }
    if (from instanceof ArrowType.Decimal f && to instanceof ArrowType.Decimal t) {
      boolean holds =
          !f.equals(t)
              && t.getScale() >= f.getScale()
              && t.getPrecision() - t.getScale() >= f.getPrecision() - f.getScale()
              && t.getBitWidth() >= f.getBitWidth();
      return holds
          ? new Decimals(f.getBitWidth() / 64, t.getBitWidth() / 64, t.getScale() - f.getScale(), t)
          : null;
    }
    if (from instanceof ArrowType.Date f && to instanceof ArrowType.Timestamp t) {
      return new Dates(f.getUnit(), t.getUnit());
    }
    if (from instanceof ArrowType.Int f && to instanceof ArrowType.Decimal t) {
      // As Delta widens integers: into a decimal of as many integer digits as the type has.
      int digits =
          switch (f.getBitWidth()) {
            case 8 -> 3;
            case 16 -> 5;
            case 32 -> 10;
            default -> f.getIsSigned() ? 19 : 20;
          };
      return t.getPrecision() - t.getScale() >= digits
          ? new IntegersToDecimals(f.getBitWidth() / 8, f.getIsSigned(), t)
          : null;
    }
    if (from instanceof ArrowType.Int f
        && to instanceof ArrowType.FloatingPoint t
        && t.getPrecision() == FloatingPointPrecision.DOUBLE
        && f.getBitWidth() <= 32) {
      // A double holds every integer of up to 53 bits exactly.
      return new IntegersToDoubles(f.getBitWidth() / 8, f.getIsSigned());
    }
    return null;
  }

  /**
   * Integers of {@code inBytes} bytes at {@code [at, at + count)} of {@code in}, sign- or
   * zero-extended into {@code s.longs()} (8-byte ones as they are).
   */
  private static long[] loadIntegers(
      ArrowBuf in, int at, int count, int inBytes, boolean signed, ChunkArrays s) {
    long[] v = s.longs();
    switch (inBytes) {
      case 1 -> {
        byte[] b = s.bytes();
        in.getBytes(at, b, 0, count);
        if (signed) {
          for (int i = 0; i < count; i++) {
            v[i] = b[i];
          }
        } else {
          for (int i = 0; i < count; i++) {
            v[i] = b[i] & 0xFFL;
          }
        }
      }
      case 2 -> {
        short[] h = s.shorts();
        in.nioBuffer((long) at * 2, count * 2).order(LE).asShortBuffer().get(h, 0, count);
        if (signed) {
          for (int i = 0; i < count; i++) {
            v[i] = h[i];
          }
        } else {
          for (int i = 0; i < count; i++) {
            v[i] = h[i] & 0xFFFFL;
          }
        }
      }
      case 4 -> {
        int[] w = s.ints();
        in.nioBuffer((long) at * 4, count * 4).order(LE).asIntBuffer().get(w, 0, count);
        if (signed) {
          for (int i = 0; i < count; i++) {
            v[i] = w[i];
          }
        } else {
          for (int i = 0; i < count; i++) {
            v[i] = w[i] & 0xFFFFFFFFL;
          }
        }
      }
      default -> in.nioBuffer((long) at * 8, count * 8).order(LE).asLongBuffer().get(v, 0, count);
    }
    return v;
  }

  private static int bits(FloatingPointPrecision p) {
    return switch (p) {
      case HALF -> 16;
      case SINGLE -> 32;
      case DOUBLE -> 64;
    };
  }

  /**
   * Widens the first {@code rows} values of {@code from} into {@code to} (both fixed-width vectors
   * of the types this widening was made for), the validity copied.
   */
  public final void widen(FieldVector from, FieldVector to, int rows) {
    BaseFixedWidthVector in = (BaseFixedWidthVector) from;
    BaseFixedWidthVector out = (BaseFixedWidthVector) to;
    Buffers.releaseShared(out);
    Buffers.allocate(out, rows);
    out.getValidityBuffer().setBytes(0, in.getValidityBuffer(), 0, (rows + 7) / 8);
    ChunkArrays scratch = new ChunkArrays(Math.min(rows, CHUNK));
    for (int at = 0; at < rows; at += CHUNK) {
      chunk(in, out.getDataBuffer(), at, Math.min(CHUNK, rows - at), scratch);
    }
    out.setValueCount(rows);
  }

  /** Widens values {@code [at, at + count)} of {@code in} into {@code out}. */
  abstract void chunk(BaseFixedWidthVector in, ArrowBuf out, int at, int count, ChunkArrays s);

  /** The arrays one widening's chunks pass through, made when first needed. */
  static final class ChunkArrays {
    private final int size;
    private byte[] bytes;
    private short[] shorts;
    private int[] ints;
    private long[] longs;
    private long[] wide;
    private float[] floats;
    private double[] doubles;

    ChunkArrays(int size) {
      this.size = size;
    }

    byte[] bytes() {
      return bytes != null ? bytes : (bytes = new byte[size]);
    }

    short[] shorts() {
      return shorts != null ? shorts : (shorts = new short[size]);
    }

    int[] ints() {
      return ints != null ? ints : (ints = new int[size]);
    }

    long[] longs() {
      return longs != null ? longs : (longs = new long[size]);
    }

    /** Four longs a value: a decimal's limbs. */
    long[] limbs() {
      return wide != null ? wide : (wide = new long[size * 4]);
    }

    float[] floats() {
      return floats != null ? floats : (floats = new float[size]);
    }

    double[] doubles() {
      return doubles != null ? doubles : (doubles = new double[size]);
    }
  }

  /** Integers into wider ones: loaded as longs (sign- or zero-extended), stored narrowed. */
  private static final class Integers extends Widening {
    private final int inBytes;
    private final boolean signed;
    private final int outBytes;

    Integers(int inBytes, boolean signed, int outBytes) {
      this.inBytes = inBytes;
      this.signed = signed;
      this.outBytes = outBytes;
    }

    @Override
    void chunk(BaseFixedWidthVector from, ArrowBuf out, int at, int count, ChunkArrays s) {
      long[] v = loadIntegers(from.getDataBuffer(), at, count, inBytes, signed, s);
      switch (outBytes) {
        case 2 -> {
          short[] h = s.shorts();
          for (int i = 0; i < count; i++) {
            h[i] = (short) v[i];
          }
          out.nioBuffer((long) at * 2, count * 2).order(LE).asShortBuffer().put(h, 0, count);
        }
        case 4 -> {
          int[] w = s.ints();
          for (int i = 0; i < count; i++) {
            w[i] = (int) v[i];
          }
          out.nioBuffer((long) at * 4, count * 4).order(LE).asIntBuffer().put(w, 0, count);
        }
        default ->
            out.nioBuffer((long) at * 8, count * 8).order(LE).asLongBuffer().put(v, 0, count);
      }
    }
  }

  /** Half floats into floats or doubles, floats into doubles. */
  private static final class Floats extends Widening {
    private final boolean fromHalf;
    private final boolean toDouble;

    Floats(FloatingPointPrecision from, FloatingPointPrecision to) {
      this.fromHalf = from == FloatingPointPrecision.HALF;
      this.toDouble = to == FloatingPointPrecision.DOUBLE;
    }

    @Override
    void chunk(BaseFixedWidthVector from, ArrowBuf out, int at, int count, ChunkArrays s) {
      ArrowBuf in = from.getDataBuffer();
      float[] f = s.floats();
      if (fromHalf) {
        short[] h = s.shorts();
        in.nioBuffer((long) at * 2, count * 2).order(LE).asShortBuffer().get(h, 0, count);
        for (int i = 0; i < count; i++) {
          f[i] = Float16.toFloat(h[i]);
        }
      } else {
        in.nioBuffer((long) at * 4, count * 4).order(LE).asFloatBuffer().get(f, 0, count);
      }
      if (!toDouble) {
        out.nioBuffer((long) at * 4, count * 4).order(LE).asFloatBuffer().put(f, 0, count);
        return;
      }
      double[] d = s.doubles();
      for (int i = 0; i < count; i++) {
        d[i] = f[i];
      }
      out.nioBuffer((long) at * 8, count * 8).order(LE).asDoubleBuffer().put(d, 0, count);
    }
  }

  /** Days (date32) or milliseconds (date64) into a timestamp's unit. */
  private static final class Dates extends Widening {
    private final boolean days;
    private final long perSecond;

    Dates(DateUnit from, org.apache.arrow.vector.types.TimeUnit to) {
      this.days = from == DateUnit.DAY;
      this.perSecond =
          switch (to) {
            case SECOND -> 1;
            case MILLISECOND -> 1_000;
            case MICROSECOND -> 1_000_000;
            case NANOSECOND -> 1_000_000_000;
          };
    }

    @Override
    void chunk(BaseFixedWidthVector from, ArrowBuf out, int at, int count, ChunkArrays s) {
      ArrowBuf in = from.getDataBuffer();
      long[] v = s.longs();
      if (days) {
        int[] d = s.ints();
        in.nioBuffer((long) at * 4, count * 4).order(LE).asIntBuffer().get(d, 0, count);
        long perDay = 86_400L * perSecond;
        for (int i = 0; i < count; i++) {
          v[i] = d[i] * perDay;
        }
      } else {
        in.nioBuffer((long) at * 8, count * 8).order(LE).asLongBuffer().get(v, 0, count);
        if (perSecond >= 1_000) {
          long perMilli = perSecond / 1_000;
          for (int i = 0; i < count; i++) {
            v[i] *= perMilli;
          }
        } else {
          // A date64 holds whole days of milliseconds: whole seconds.
          for (int i = 0; i < count; i++) {
            v[i] = Math.floorDiv(v[i], 1_000L);
          }
        }
      }
      out.nioBuffer((long) at * 8, count * 8).order(LE).asLongBuffer().put(v, 0, count);
    }
  }

  /** Integers of up to 32 bits into doubles, exactly. */
  private static final class IntegersToDoubles extends Widening {
    private final int inBytes;
    private final boolean signed;

    IntegersToDoubles(int inBytes, boolean signed) {
      this.inBytes = inBytes;
      this.signed = signed;
    }

    @Override
    void chunk(BaseFixedWidthVector from, ArrowBuf out, int at, int count, ChunkArrays s) {
      long[] v = loadIntegers(from.getDataBuffer(), at, count, inBytes, signed, s);
      double[] d = s.doubles();
      for (int i = 0; i < count; i++) {
        d[i] = v[i];
      }
      out.nioBuffer((long) at * 8, count * 8).order(LE).asDoubleBuffer().put(d, 0, count);
    }
  }

  /**
   * Integers into decimals of enough integer digits: each value sign- (or, unsigned, zero-)
   * extended to four limbs and multiplied by ten to the decimal's scale.
   */
  private static final class IntegersToDecimals extends Widening {
    private final int inBytes;
    private final boolean signed;
    private final int outLimbs;
    private final int scale;

    IntegersToDecimals(int inBytes, boolean signed, ArrowType.Decimal target) {
      this.inBytes = inBytes;
      this.signed = signed;
      this.outLimbs = target.getBitWidth() / 64;
      this.scale = target.getScale();
    }

    @Override
    void chunk(BaseFixedWidthVector from, ArrowBuf out, int at, int count, ChunkArrays s) {
      long[] v = loadIntegers(from.getDataBuffer(), at, count, inBytes, signed, s);
      long[] limbs = s.limbs();
      long[] x = new long[4];
      for (int i = 0; i < count; i++) {
        // Only a uint64 may hold a value whose top bit is set: zero-extended.
        long sign = signed || inBytes < 8 ? v[i] >> 63 : 0;
        x[0] = v[i];
        x[1] = sign;
        x[2] = sign;
        x[3] = sign;
        // Enough integer digits: ten to the scale never overflows the target.
        Decimals.scaleUp(x, sign < 0, scale);
        System.arraycopy(x, 0, limbs, i * outLimbs, outLimbs);
      }
      out.nioBuffer((long) at * outLimbs * 8, count * outLimbs * 8)
          .order(LE)
          .asLongBuffer()
          .put(limbs, 0, count * outLimbs);
    }
  }

  /**
   * Decimals into one of as many integer digits, at least as many fraction digits and at least as
   * wide: each unscaled value (two's complement, 2 or 4 little-endian 64-bit limbs) sign-extended
   * to four limbs, multiplied by ten to the difference of the scales, stored in the target's limbs.
   * A value that no longer fits (a file holding more digits than its type says) is an error, unless
   * its slot is null.
   */
  private static final class Decimals extends Widening {
    private static final long[] POWERS_OF_TEN = new long[19];

    static {
      POWERS_OF_TEN[0] = 1;
      for (int i = 1; i < POWERS_OF_TEN.length; i++) {
        POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
      }
    }

    private final int inLimbs;
    private final int outLimbs;
    private final int rescale;
    private final ArrowType.Decimal target;

    Decimals(int inLimbs, int outLimbs, int rescale, ArrowType.Decimal target) {
      this.inLimbs = inLimbs;
      this.outLimbs = outLimbs;
      this.rescale = rescale;
      this.target = target;
    }

    @Override
    void chunk(BaseFixedWidthVector from, ArrowBuf out, int at, int count, ChunkArrays s) {
      long[] in = s.limbs();
      from.getDataBuffer()
          .nioBuffer((long) at * inLimbs * 8, count * inLimbs * 8)
          .order(LE)
          .asLongBuffer()
          .get(in, 0, count * inLimbs);
      // Widened in place, from the last value back: the output's limbs never overtake the
      // input's not yet read (outLimbs >= inLimbs).
      long[] x = new long[4];
      for (int i = count - 1; i >= 0; i--) {
        long sign = in[i * inLimbs + inLimbs - 1] >> 63;
        for (int j = 0; j < 4; j++) {
          x[j] = j < inLimbs ? in[i * inLimbs + j] : sign;
        }
        if (rescale > 0 && !scaleUp(x, sign < 0, rescale) || !fits(x)) {
          if (!from.isNull(at + i)) {
            throw tooWide(from, at + i);
          }
          java.util.Arrays.fill(x, 0);
        }
        System.arraycopy(x, 0, in, i * outLimbs, outLimbs);
      }
      out.nioBuffer((long) at * outLimbs * 8, count * outLimbs * 8)
          .order(LE)
          .asLongBuffer()
          .put(in, 0, count * outLimbs);
    }

    /**
     * Multiplies the four-limb value by ten to {@code rescale}; false when it overflows 255 bits.
     */
    static boolean scaleUp(long[] x, boolean negative, int rescale) {
      if (negative) {
        negate(x);
      }
      for (int left = rescale; left > 0; left -= 18) {
        long factor = POWERS_OF_TEN[Math.min(left, 18)];
        long carry = 0;
        for (int j = 0; j < 4; j++) {
          long low = x[j] * factor;
          long high = unsignedMultiplyHigh(x[j], factor);
          long sum = low + carry;
          if (Long.compareUnsigned(sum, low) < 0) {
            high++;
          }
          x[j] = sum;
          carry = high;
        }
        if (carry != 0 || x[3] < 0) {
          return false;
        }
      }
      if (negative) {
        negate(x);
      }
      return true;
    }

    /** Whether the four-limb value fits the target's limbs (its upper ones only the sign). */
    private boolean fits(long[] x) {
      if (outLimbs == 4) {
        return true;
      }
      long sign = x[1] >> 63;
      return x[2] == sign && x[3] == sign;
    }

    private static void negate(long[] x) {
      long carry = 1;
      for (int j = 0; j < 4; j++) {
        long v = ~x[j] + carry;
        carry = carry != 0 && v == 0 ? 1 : 0;
        x[j] = v;
      }
    }

    /** {@code Math.unsignedMultiplyHigh}, which Java 17 lacks. */
    private static long unsignedMultiplyHigh(long a, long b) {
      return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
    }

    private ParquetFormatException tooWide(BaseFixedWidthVector from, int row) {
      ArrowBuf data = from.getDataBuffer();
      byte[] bytes = new byte[inLimbs * 8];
      data.getBytes((long) row * bytes.length, bytes);
      byte[] bigEndian = new byte[bytes.length];
      for (int i = 0; i < bytes.length; i++) {
        bigEndian[i] = bytes[bytes.length - 1 - i];
      }
      ArrowType.Decimal source = (ArrowType.Decimal) from.getField().getType();
      BigDecimal value = new BigDecimal(new BigInteger(bigEndian), source.getScale());
      return new ParquetFormatException(
              "decimal "
                  + value.toPlainString()
                  + " at row "
                  + row
                  + " of the batch does not fit "
                  + target
                  + " (the file holds more digits than its type "
                  + source
                  + " says)")
          .inColumn(from.getName());
    }
  }
}
