package dev.parrow.cli;

/** IEEE 754 binary16 to float (Float.float16ToFloat arrives only in Java 20). */
final class HalfFloat {
  private HalfFloat() {}

  static float toFloat(short bits) {
    int sign = (bits >>> 15) & 0x1;
    int exponent = (bits >>> 10) & 0x1f;
    int mantissa = bits & 0x3ff;
    float magnitude;
    if (exponent == 0x1f) {
      magnitude = mantissa == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
    } else if (exponent == 0) {
      magnitude = mantissa * 0x1p-24f;
    } else {
      magnitude = (1 + mantissa / 1024f) * (float) Math.pow(2, exponent - 15);
    }
    return sign == 1 ? -magnitude : magnitude;
  }
}
