package dev.parrow.codec.encoding;

/**
 * What the ALP encoding's reader and writer share (parquet-format's AlpEncoding.md): the page and
 * vector layout's sizes and limits, and the decimal decoding every reader must reproduce bit for
 * bit, {@code encoded * 10^factor * 10^-exponent}, two multiplications in the value's own precision
 * by the correctly rounded constants below (Java's literals are correctly rounded, as the format
 * requires; none is computed at run time).
 */
final class Alp {
  private Alp() {}

  /** compression_mode, integer_encoding, log_vector_size and num_elements (int32). */
  static final int PAGE_HEADER_SIZE = 7;

  /** The only modes the format defines so far: ALP, with frame of reference and bit-packing. */
  static final int MODE_ALP = 0;

  static final int INTEGER_ENCODING_FOR = 0;

  static final int MIN_LOG_VECTOR_SIZE = 3;
  static final int MAX_LOG_VECTOR_SIZE = 15;
  static final int DEFAULT_LOG_VECTOR_SIZE = 10;

  /** exponent, factor (one byte each) and num_exceptions (uint16). */
  static final int ALP_INFO_SIZE = 4;

  static final int FLOAT_MAX_EXPONENT = 10;
  static final int DOUBLE_MAX_EXPONENT = 18;

  static final float[] FLOAT_POW10 = {
    1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f
  };
  static final float[] FLOAT_NEG_POW10 = {
    1e0f, 1e-1f, 1e-2f, 1e-3f, 1e-4f, 1e-5f, 1e-6f, 1e-7f, 1e-8f, 1e-9f, 1e-10f
  };
  static final double[] DOUBLE_POW10 = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18
  };
  static final double[] DOUBLE_NEG_POW10 = {
    1e0, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11, 1e-12, 1e-13, 1e-14,
    1e-15, 1e-16, 1e-17, 1e-18
  };

  /**
   * The frame of reference and bit width after AlpInfo: 4 + 1 bytes for FLOAT, 8 + 1 for DOUBLE.
   */
  static int forInfoSize(int width) {
    return width + 1;
  }

  static float decodeFloat(int encoded, int exponent, int factor) {
    return (float) encoded * FLOAT_POW10[factor] * FLOAT_NEG_POW10[exponent];
  }

  static double decodeDouble(long encoded, int exponent, int factor) {
    // The cast, which the encoder's checks afford (toDouble measured slower there: the loop's
    // other steps hide the cast's dependency).
    return (double) encoded * DOUBLE_POW10[factor] * DOUBLE_NEG_POW10[exponent];
  }

  /** 2^52 and its bits: non-negative integers below 2^52 are exact beside it. */
  static final double LOW_MAGIC = 4503599627370496.0;

  static final long LOW_MAGIC_BITS = 0x4330000000000000L;

  /** 1.5 * 2^52 and its bits: integers of magnitude below 2^51 are exact beside it. */
  static final double DOUBLE_MAGIC = 6755399441055744.0;

  static final long DOUBLE_MAGIC_BITS = 0x4338000000000000L;

  /**
   * {@code (double) v}, the nearest double, without the cast: its instruction (cvtsi2sd) depends on
   * its register's last value, which chains a loop's iterations (four times slower in
   * AlpBenchmark). Each 32-bit half is exact through its bits beside a power of two, and their sum
   * is rounded once, as the cast rounds.
   */
  static double toDouble(long v) {
    double high = Double.longBitsToDouble(DOUBLE_MAGIC_BITS + (v >> 32)) - DOUBLE_MAGIC;
    double low = Double.longBitsToDouble(LOW_MAGIC_BITS + (v & 0xFFFFFFFFL)) - LOW_MAGIC;
    return high * 4294967296.0 + low;
  }
}
