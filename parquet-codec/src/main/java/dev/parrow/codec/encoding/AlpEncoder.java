package dev.parrow.codec.encoding;

/**
 * Writes FLOAT and DOUBLE values as ALP (see {@link AlpDecoder} for the layout). Only the layout
 * and the decoding are normative; how the exponent and factor are chosen is this encoder's own, the
 * paper's: a sample of a page's vectors picks up to five (exponent, factor) pairs, and each vector
 * takes the one of those that a sample of its own values says is smallest. Every value is checked
 * against the decoding, and one that does not come back bit for bit is an exception, so the choice
 * affects only the size, never the values.
 */
final class AlpEncoder {
  private AlpEncoder() {}

  private static final int VECTOR_SIZE = 1 << Alp.DEFAULT_LOG_VECTOR_SIZE;

  /**
   * Values sampled from a vector to rate a pair, and vectors sampled from a page for the preset.
   */
  private static final int SAMPLE_VALUES = 32;

  private static final int SAMPLE_VECTORS = 8;
  private static final int PRESET_SIZE = 5;

  /** Values [0, n) of {@code bits}, FLOAT values as their raw bits. */
  static byte[] encodeFloats(int[] bits, int n) {
    return new Page(4, n) {
      @Override
      double cost(int from, int length, int step, int exponent, int factor) {
        return floatCost(bits, from, length, step, exponent, factor);
      }

      @Override
      void encode(int from, int length, int exponent, int factor) {
        encodeFloatVector(this, bits, from, length, exponent, factor);
      }

      @Override
      long raw(int i) {
        return bits[i];
      }
    }.write(Alp.FLOAT_MAX_EXPONENT);
  }

  /** Values [0, n) of {@code bits}, DOUBLE values as their raw bits. */
  static byte[] encodeDoubles(long[] bits, int n) {
    return new Page(8, n) {
      @Override
      double cost(int from, int length, int step, int exponent, int factor) {
        return doubleCost(bits, from, length, step, exponent, factor);
      }

      @Override
      void encode(int from, int length, int exponent, int factor) {
        encodeDoubleVector(this, bits, from, length, exponent, factor);
      }

      @Override
      long raw(int i) {
        return bits[i];
      }
    }.write(Alp.DOUBLE_MAX_EXPONENT);
  }

  /**
   * One page being written: the framing both types share, and per vector the integers and
   * exceptions a type's {@code encode} leaves in {@link #encoded}, {@link #exceptionPositions} and
   * {@link #exceptionBits}.
   */
  private abstract static class Page {
    final int width;
    final int n;
    final long[] encoded = new long[VECTOR_SIZE];
    final int[] exceptionPositions = new int[VECTOR_SIZE];
    final long[] exceptionBits = new long[VECTOR_SIZE];
    int exceptions;
    private final ByteSink out;

    Page(int width, int n) {
      this.width = width;
      this.n = n;
      this.out = new ByteSink(Alp.PAGE_HEADER_SIZE + n * (width + 1) / 2 + 64);
    }

    /** The estimated bits of values [from, from + length) sampled every {@code step}th. */
    abstract double cost(int from, int length, int step, int exponent, int factor);

    /** Fills the vector's integers and exceptions. */
    abstract void encode(int from, int length, int exponent, int factor);

    /** The raw bits of value {@code i}. */
    abstract long raw(int i);

    byte[] write(int maxExponent) {
      int numVectors = (n + VECTOR_SIZE - 1) / VECTOR_SIZE;
      out.writeByte(Alp.MODE_ALP);
      out.writeByte(Alp.INTEGER_ENCODING_FOR);
      out.writeByte(Alp.DEFAULT_LOG_VECTOR_SIZE);
      out.writeIntLE(n);
      int offsetsAt = out.size();
      for (int k = 0; k < numVectors; k++) {
        out.writeIntLE(0);
      }
      int[] preset = preset(numVectors, maxExponent);
      for (int k = 0; k < numVectors; k++) {
        int from = k * VECTOR_SIZE;
        int length = Math.min(VECTOR_SIZE, n - from);
        int best = preset[0];
        if (preset.length > 1) {
          int step = Math.max(1, length / SAMPLE_VALUES);
          double bestCost = Double.MAX_VALUE;
          for (int pair : preset) {
            double cost = cost(from, length, step, pair >>> 8, pair & 0xff);
            if (cost < bestCost) {
              bestCost = cost;
              best = pair;
            }
          }
        }
        putInt(offsetsAt + 4 * k, out.size() - offsetsAt);
        exceptions = 0;
        encode(from, length, best >>> 8, best & 0xff);
        writeVector(from, length, best >>> 8, best & 0xff);
      }
      return out.toByteArray();
    }

    /**
     * Up to {@link #PRESET_SIZE} (exponent, factor) pairs, each {@code exponent << 8 | factor}:
     * those that were best for most of up to {@link #SAMPLE_VECTORS} vectors spread over the page,
     * each rated on a sample of its values against every pair.
     */
    private int[] preset(int numVectors, int maxExponent) {
      int pairs = (maxExponent + 1) * (maxExponent + 2) / 2;
      int[] wins = new int[pairs];
      int sampled = Math.min(SAMPLE_VECTORS, numVectors);
      for (int s = 0; s < sampled; s++) {
        int k = (int) ((long) s * numVectors / sampled);
        int from = k * VECTOR_SIZE;
        int length = Math.min(VECTOR_SIZE, n - from);
        int step = Math.max(1, length / SAMPLE_VALUES);
        int best = 0;
        double bestCost = Double.MAX_VALUE;
        for (int e = 0, index = 0; e <= maxExponent; e++) {
          for (int f = 0; f <= e; f++, index++) {
            double cost = cost(from, length, step, e, f);
            if (cost < bestCost) {
              bestCost = cost;
              best = index;
            }
          }
        }
        wins[best]++;
      }
      int count = 0;
      for (int w : wins) {
        count += w > 0 ? 1 : 0;
      }
      int[] preset = new int[Math.max(1, Math.min(PRESET_SIZE, count))];
      for (int p = 0; p < preset.length; p++) {
        int top = 0;
        for (int i = 1; i < pairs; i++) {
          if (wins[i] > wins[top]) {
            top = i;
          }
        }
        wins[top] = -1;
        preset[p] = pairOf(top);
      }
      return preset;
    }

    /** The pair at {@code index} in the order e = 0.., f = 0..e. */
    private static int pairOf(int index) {
      int e = 0;
      while (index > e) {
        index -= e + 1;
        e++;
      }
      return e << 8 | index;
    }

    /**
     * AlpInfo, ForInfo, the packed deltas and the exceptions of the vector in {@link #encoded}; or,
     * where that would be larger, every value an exception (the decoding patches whatever positions
     * are listed), so that a vector of values that are no decimals (full-precision measurements)
     * costs its exceptions only, not a wide frame beside them.
     */
    private void writeVector(int from, int length, int exponent, int factor) {
      long[] values = encoded;
      long min = values[0];
      long max = values[0];
      for (int i = 1; i < length; i++) {
        min = Math.min(min, values[i]);
        max = Math.max(max, values[i]);
      }
      // Unsigned: a DOUBLE vector's range may exceed Long.MAX_VALUE.
      long range = max - min;
      int bitWidth = 64 - Long.numberOfLeadingZeros(range);
      long size = (((long) length * bitWidth + 7) >>> 3) + (long) exceptions * (2 + width);
      if ((long) length * (2 + width) < size) {
        for (int i = 0; i < length; i++) {
          values[i] = 0;
          exceptionPositions[i] = i;
          exceptionBits[i] = raw(from + i);
        }
        exceptions = length;
        min = 0;
        bitWidth = 0;
      }
      out.writeByte(exponent);
      out.writeByte(factor);
      out.writeByte(exceptions);
      out.writeByte(exceptions >>> 8);
      if (width == 4) {
        out.writeIntLE((int) min);
      } else {
        out.writeIntLE((int) min);
        out.writeIntLE((int) (min >>> 32));
      }
      out.writeByte(bitWidth);
      pack(values, length, min, bitWidth);
      for (int j = 0; j < exceptions; j++) {
        out.writeByte(exceptionPositions[j]);
        out.writeByte(exceptionPositions[j] >>> 8);
      }
      for (int j = 0; j < exceptions; j++) {
        out.writeIntLE((int) exceptionBits[j]);
        if (width == 8) {
          out.writeIntLE((int) (exceptionBits[j] >>> 32));
        }
      }
    }

    /** {@code values[i] - min} in {@code bitWidth} bits each, least significant bit first. */
    private void pack(long[] values, int length, long min, int bitWidth) {
      int bytes = (int) (((long) length * bitWidth + 7) >>> 3);
      out.reserve(bytes + 8);
      byte[] b = out.array();
      int at = out.size();
      long acc = 0;
      int bits = 0;
      for (int i = 0; i < length && bitWidth > 0; i++) {
        long delta = values[i] - min;
        acc |= delta << bits;
        if (bits + bitWidth >= 64) {
          putLong(b, at, acc);
          at += 8;
          int used = 64 - bits;
          acc = used == 64 ? 0 : delta >>> used;
          bits = bitWidth - used;
        } else {
          bits += bitWidth;
        }
      }
      for (; bits > 0; bits -= 8, acc >>>= 8) {
        b[at++] = (byte) acc;
      }
      out.added(bytes);
    }

    private void putInt(int at, int v) {
      byte[] b = out.array();
      b[at] = (byte) v;
      b[at + 1] = (byte) (v >>> 8);
      b[at + 2] = (byte) (v >>> 16);
      b[at + 3] = (byte) (v >>> 24);
    }

    private static void putLong(byte[] b, int at, long v) {
      for (int i = 0; i < 8; i++) {
        b[at + i] = (byte) (v >>> (8 * i));
      }
    }
  }

  // The FLOAT and DOUBLE loops below are written once per type: one loop for both would box each
  // value or call through an interface per value.

  /** -2^31 and 2^31, both exact floats: a scaled FLOAT value in [LOW, HIGH) fits an int. */
  private static final float INT_LOW = -2147483648f;

  private static final float INT_HIGH = 2147483648f;

  /** -2^63 and 2^63, both exact doubles. */
  private static final double LONG_LOW = -9223372036854775808.0;

  private static final double LONG_HIGH = 9223372036854775808.0;

  /**
   * Whether the FLOAT of bits {@code raw}, scaled to {@code scaled} and rounded to {@code enc}, is
   * no exception: the scaled value fits an int and decodes back bit for bit. The one rule both the
   * estimate of a pair and the encoding of a vector apply.
   */
  private static boolean roundTrips(int raw, float scaled, int enc, int e, int f) {
    return scaled >= INT_LOW
        && scaled < INT_HIGH
        && Float.floatToRawIntBits(Alp.decodeFloat(enc, e, f)) == raw;
  }

  /** As {@link #roundTrips(int, float, int, int, int)}, for a DOUBLE and a long. */
  private static boolean roundTrips(long raw, double scaled, long enc, int e, int f) {
    return scaled >= LONG_LOW
        && scaled < LONG_HIGH
        && Double.doubleToRawLongBits(Alp.decodeDouble(enc, e, f)) == raw;
  }

  /** The bits of a sampled vector: its range's bit width per value plus each exception's bits. */
  private static double floatCost(int[] bits, int from, int length, int step, int e, int f) {
    float up = Alp.FLOAT_POW10[e];
    float down = Alp.FLOAT_NEG_POW10[f];
    int exceptions = 0;
    int sampled = 0;
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int i = from; i < from + length; i += step, sampled++) {
      float v = Float.intBitsToFloat(bits[i]);
      float scaled = v * up * down;
      int enc = (int) Math.rint(scaled);
      if (roundTrips(bits[i], scaled, enc, e, f)) {
        min = Math.min(min, enc);
        max = Math.max(max, enc);
      } else {
        exceptions++;
      }
    }
    int bitWidth = exceptions == sampled ? 0 : 64 - Long.numberOfLeadingZeros(max - min);
    return (double) sampled * bitWidth + exceptions * (16.0 + 32.0);
  }

  private static double doubleCost(long[] bits, int from, int length, int step, int e, int f) {
    double up = Alp.DOUBLE_POW10[e];
    double down = Alp.DOUBLE_NEG_POW10[f];
    int exceptions = 0;
    int sampled = 0;
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int i = from; i < from + length; i += step, sampled++) {
      double v = Double.longBitsToDouble(bits[i]);
      double scaled = v * up * down;
      long enc = (long) Math.rint(scaled);
      if (roundTrips(bits[i], scaled, enc, e, f)) {
        min = Math.min(min, enc);
        max = Math.max(max, enc);
      } else {
        exceptions++;
      }
    }
    int bitWidth = exceptions == sampled ? 0 : 64 - Long.numberOfLeadingZeros(max - min);
    return (double) sampled * bitWidth + exceptions * (16.0 + 64.0);
  }

  /**
   * The vector's integers (exceptions in their place get the first other value's, so that they do
   * not widen the frame) and its exceptions.
   */
  private static void encodeFloatVector(Page page, int[] bits, int from, int length, int e, int f) {
    float up = Alp.FLOAT_POW10[e];
    float down = Alp.FLOAT_NEG_POW10[f];
    long[] encoded = page.encoded;
    int exceptions = 0;
    long placeholder = 0;
    boolean placed = false;
    for (int i = 0; i < length; i++) {
      int raw = bits[from + i];
      float scaled = Float.intBitsToFloat(raw) * up * down;
      int enc = (int) Math.rint(scaled);
      if (roundTrips(raw, scaled, enc, e, f)) {
        encoded[i] = enc;
        if (!placed) {
          placeholder = enc;
          placed = true;
        }
      } else {
        page.exceptionPositions[exceptions] = i;
        page.exceptionBits[exceptions++] = raw;
      }
    }
    fillExceptions(page, exceptions, placeholder);
  }

  private static void encodeDoubleVector(
      Page page, long[] bits, int from, int length, int e, int f) {
    double up = Alp.DOUBLE_POW10[e];
    double down = Alp.DOUBLE_NEG_POW10[f];
    long[] encoded = page.encoded;
    int exceptions = 0;
    long placeholder = 0;
    boolean placed = false;
    for (int i = 0; i < length; i++) {
      long raw = bits[from + i];
      double scaled = Double.longBitsToDouble(raw) * up * down;
      long enc = (long) Math.rint(scaled);
      if (roundTrips(raw, scaled, enc, e, f)) {
        encoded[i] = enc;
        if (!placed) {
          placeholder = enc;
          placed = true;
        }
      } else {
        page.exceptionPositions[exceptions] = i;
        page.exceptionBits[exceptions++] = raw;
      }
    }
    fillExceptions(page, exceptions, placeholder);
  }

  private static void fillExceptions(Page page, int exceptions, long placeholder) {
    for (int j = 0; j < exceptions; j++) {
      page.encoded[page.exceptionPositions[j]] = placeholder;
    }
    page.exceptions = exceptions;
  }
}
