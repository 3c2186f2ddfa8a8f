package dev.parrow.codec.encoding;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.DirectFixedValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * ALP (Adaptive Lossless floating-Point, {@code ALP = 10}) for FLOAT and DOUBLE: a page header, an
 * offset per vector, then vectors of up to {@code 2^log_vector_size} values, each its decimal
 * exponent and factor, a frame of reference, bit-packed deltas from it, and the values that do not
 * round-trip as decimals (exceptions: NaN, infinities, -0.0, full-precision values) stored as their
 * exact bits at their positions. A vector is decoded whole into a scratch array, as the raw bits
 * FLOAT and DOUBLE values are kept as, and handed out from there.
 */
public final class AlpDecoder implements ValuesDecoder {
  private static final VarHandle SHORT_LE =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final byte[] buf;
  private final int end;

  /** 4 for FLOAT, 8 for DOUBLE: the size of an exception value and of the frame of reference. */
  private final int width;

  private final int vectorSize;
  private final int numElements;
  private final int numVectors;

  /** Where the offset array starts: vectors are found at this plus their offset. */
  private final int offsetsStart;

  /** The current vector's values, as raw bits (one of the two, by width). */
  private int[] floatBits;

  private long[] doubleBits;

  /** Bit-packed deltas, unpacked 32 at a time (a multiple of 32 long). */
  private final long[] deltas;

  private int vectorIndex;
  private int vectorLength;
  private int vectorPos;

  /** Values handed out so far, of numElements. */
  private int consumed;

  public AlpDecoder(byte[] buf, int start, int end, int width) {
    if (width != 4 && width != 8) {
      throw new ParquetFormatException(
          "ALP encodes FLOAT and DOUBLE values, not " + width + "-byte ones");
    }
    if (end - start < Alp.PAGE_HEADER_SIZE) {
      throw new ParquetFormatException(
          "ALP page header cut off: " + (end - start) + " bytes, not " + Alp.PAGE_HEADER_SIZE);
    }
    int mode = buf[start] & 0xff;
    int integerEncoding = buf[start + 1] & 0xff;
    int logVectorSize = buf[start + 2] & 0xff;
    int elements = (int) INT_LE.get(buf, start + 3);
    if (mode != Alp.MODE_ALP) {
      throw new ParquetFormatException(
          "ALP compression mode " + mode + " is not supported (only 0)");
    }
    if (integerEncoding != Alp.INTEGER_ENCODING_FOR) {
      throw new ParquetFormatException(
          "ALP integer encoding " + integerEncoding + " is not supported (only 0)");
    }
    if (logVectorSize < Alp.MIN_LOG_VECTOR_SIZE || logVectorSize > Alp.MAX_LOG_VECTOR_SIZE) {
      throw new ParquetFormatException(
          "ALP log_vector_size " + logVectorSize + " is outside [3, 15]");
    }
    if (elements < 0) {
      throw new ParquetFormatException("ALP page of " + elements + " values");
    }
    this.buf = buf;
    this.end = end;
    this.width = width;
    this.vectorSize = 1 << logVectorSize;
    this.numElements = elements;
    this.numVectors = (int) (((long) elements + vectorSize - 1) >>> logVectorSize);
    this.offsetsStart = start + Alp.PAGE_HEADER_SIZE;
    if ((long) numVectors * 4 > end - offsetsStart) {
      throw new ParquetFormatException(
          "ALP offsets of "
              + numVectors
              + " vectors run past the end of the page ("
              + (end - offsetsStart)
              + " bytes left)");
    }
    this.deltas = new long[(Math.min(vectorSize, Math.max(elements, 1)) + 31) & ~31];
  }

  @Override
  public void read(DenseValues out, int n) {
    if (n > numElements - consumed) {
      throw new ParquetFormatException(
          "ALP page holds " + (numElements - consumed) + " more values, not the " + n + " needed");
    }
    int done = 0;
    while (done < n) {
      if (vectorPos == vectorLength) {
        decodeVector(vectorIndex++);
      }
      int k = Math.min(n - done, vectorLength - vectorPos);
      emit(out, vectorPos, k);
      vectorPos += k;
      done += k;
    }
    consumed += n;
  }

  private void emit(DenseValues out, int from, int k) {
    if (width == 4) {
      if (out instanceof Int32Values ints) {
        int at = ints.reserve(k);
        System.arraycopy(floatBits, from, ints.values(), at, k);
        ints.added(k);
      } else {
        ((DirectFixedValues) out).appendInts(floatBits, from, k);
      }
    } else if (out instanceof Int64Values longs) {
      int at = longs.reserve(k);
      System.arraycopy(doubleBits, from, longs.values(), at, k);
      longs.added(k);
    } else {
      ((DirectFixedValues) out).appendLongs(doubleBits, from, k);
    }
  }

  /**
   * Decodes vector {@code k} whole: unpack, add the frame of reference, scale, patch exceptions.
   */
  private void decodeVector(int k) {
    int length = k == numVectors - 1 ? numElements - k * vectorSize : vectorSize;
    long offset = (int) INT_LE.get(buf, offsetsStart + 4 * k) & 0xffffffffL;
    long at = offsetsStart + offset;
    int headerSize = Alp.ALP_INFO_SIZE + Alp.forInfoSize(width);
    if (at + headerSize > end) {
      throw vectorError(k, "its header at offset " + offset + " lies past the end of the page");
    }
    int p = (int) at;
    int exponent = buf[p] & 0xff;
    int factor = buf[p + 1] & 0xff;
    int exceptions = (short) SHORT_LE.get(buf, p + 2) & 0xffff;
    int maxExponent = width == 4 ? Alp.FLOAT_MAX_EXPONENT : Alp.DOUBLE_MAX_EXPONENT;
    if (exponent > maxExponent || factor > exponent) {
      throw vectorError(
          k,
          "exponent "
              + exponent
              + " and factor "
              + factor
              + " (0 <= factor <= exponent <= "
              + maxExponent
              + ")");
    }
    if (exceptions > length) {
      throw vectorError(k, exceptions + " exceptions among " + length + " values");
    }
    p += Alp.ALP_INFO_SIZE;
    long reference = width == 4 ? (int) INT_LE.get(buf, p) : (long) LONG_LE.get(buf, p);
    int bitWidth = buf[p + width] & 0xff;
    if (bitWidth > width * 8) {
      throw vectorError(k, "bit width " + bitWidth + " of " + width + "-byte values");
    }
    p += Alp.forInfoSize(width);
    long packedBytes = ((long) length * bitWidth + 7) >>> 3;
    long size = packedBytes + (long) exceptions * (2 + width);
    if (size > end - p) {
      throw vectorError(
          k,
          "its " + size + " bytes of data run past the end of the page (" + (end - p) + " left)");
    }
    PackedLongs.unpack(buf, p, end, deltas, length, bitWidth);
    int exceptionsAt = p + (int) packedBytes;
    if (width == 4) {
      decodeFloats(length, (int) reference, bitWidth, exponent, factor);
    } else {
      decodeDoubles(length, reference, bitWidth, exponent, factor);
    }
    patchExceptions(k, length, exceptions, exceptionsAt);
    vectorLength = length;
    vectorPos = 0;
  }

  /**
   * The vector's values from its deltas: {@code (reference + delta) * 10^factor * 10^-exponent} in
   * single precision.
   */
  private void decodeFloats(int length, int reference, int bitWidth, int exponent, int factor) {
    if (floatBits == null) {
      floatBits = new int[deltas.length];
    }
    int[] out = floatBits;
    long[] d = deltas;
    float up = Alp.FLOAT_POW10[factor];
    float down = Alp.FLOAT_NEG_POW10[exponent];
    if (within(reference, bitWidth, FLOAT_EXACT_BITS)) {
      // The integers as floats through their bits (as decodeDoubles does): exact below 2^22.
      int base = FLOAT_MAGIC_BITS + reference;
      for (int i = 0; i < length; i++) {
        float x = Float.intBitsToFloat(base + (int) d[i]) - FLOAT_MAGIC;
        out[i] = Float.floatToRawIntBits(x * up * down);
      }
    } else {
      for (int i = 0; i < length; i++) {
        out[i] = Float.floatToRawIntBits((float) (reference + (int) d[i]) * up * down);
      }
    }
  }

  /** As {@link #decodeFloats}, in double precision. */
  private void decodeDoubles(int length, long reference, int bitWidth, int exponent, int factor) {
    if (doubleBits == null) {
      doubleBits = new long[deltas.length];
    }
    long[] out = doubleBits;
    long[] d = deltas;
    double up = Alp.DOUBLE_POW10[factor];
    double down = Alp.DOUBLE_NEG_POW10[exponent];
    if (within(reference, bitWidth, DOUBLE_EXACT_BITS)) {
      // The integers as doubles through their bits, in one step (Alp.toDouble takes two): 1.5 *
      // 2^52 plus an integer below 2^51 in magnitude is a double whose last bits are that integer,
      // and subtracting 1.5 * 2^52 leaves it exactly, the value a cast gives.
      long base = Alp.DOUBLE_MAGIC_BITS + reference;
      for (int i = 0; i < length; i++) {
        double x = Double.longBitsToDouble(base + d[i]) - Alp.DOUBLE_MAGIC;
        out[i] = Double.doubleToRawLongBits(x * up * down);
      }
    } else {
      for (int i = 0; i < length; i++) {
        out[i] = Double.doubleToRawLongBits(Alp.toDouble(reference + d[i]) * up * down);
      }
    }
  }

  /** Integers of magnitude below 2^51 are exact beside {@link Alp#DOUBLE_MAGIC}. */
  private static final int DOUBLE_EXACT_BITS = 51;

  /** 1.5 * 2^23 and its bits; integers of magnitude below 2^22 are exact beside it. */
  private static final float FLOAT_MAGIC = 12582912f;

  private static final int FLOAT_MAGIC_BITS = 0x4B400000;
  private static final int FLOAT_EXACT_BITS = 22;

  /**
   * Whether every integer of the vector, from {@code reference} to {@code reference + 2^bitWidth -
   * 1}, lies in {@code [-2^bits, 2^bits)}.
   */
  private static boolean within(long reference, int bitWidth, int bits) {
    long limit = 1L << bits;
    return bitWidth < bits && reference >= -limit && reference < limit - ((1L << bitWidth) - 1);
  }

  /** The exceptions' exact bits over the decoded values at their positions. */
  private void patchExceptions(int k, int length, int exceptions, int at) {
    int valuesAt = at + 2 * exceptions;
    for (int j = 0; j < exceptions; j++) {
      int position = exceptionPosition(k, at + 2 * j, length);
      if (width == 4) {
        floatBits[position] = (int) INT_LE.get(buf, valuesAt + 4 * j);
      } else {
        doubleBits[position] = (long) LONG_LE.get(buf, valuesAt + 8 * j);
      }
    }
  }

  private int exceptionPosition(int k, int at, int length) {
    int position = (short) SHORT_LE.get(buf, at) & 0xffff;
    if (position >= length) {
      throw vectorError(k, "exception position " + position + " in a vector of " + length);
    }
    return position;
  }

  private ParquetFormatException vectorError(int k, String what) {
    return new ParquetFormatException("ALP vector " + k + " of " + numVectors + ": " + what);
  }
}
