package dev.parrow.codec.encoding;

import dev.parrow.codec.ParquetFormatException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The RLE / bit-packing hybrid of the format: runs of one repeated value, and runs of values
 * bit-packed in groups of eight, least significant bit first. Used for levels, dictionary indices
 * and v2 booleans. Never reads outside {@code [start, end)}: a bit-packed run that the data cuts
 * short yields only the values whose bits are there.
 */
public final class RleBitPackedDecoder implements IntDecoder {
  private final byte[] buf;
  private final int end;
  private final int bitWidth;
  private final int byteWidth;
  private final long mask;
  private int pos;

  private int rleRemaining;
  private int rleValue;
  private int packedRemaining;
  private final int[] group = new int[8];
  private int groupPos = 8;

  public RleBitPackedDecoder(byte[] buf, int start, int end, int bitWidth) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new ParquetFormatException("RLE bit width " + bitWidth + " is outside 0..32");
    }
    if (start < 0 || end > buf.length || start > end) {
      throw new ParquetFormatException("RLE data [" + start + ", " + end + ") outside its buffer");
    }
    this.buf = buf;
    this.pos = start;
    this.end = end;
    this.bitWidth = bitWidth;
    this.byteWidth = (bitWidth + 7) / 8;
    this.mask = (1L << bitWidth) - 1;
  }

  /**
   * The array {@link #threadValues} hands out (for {@link #readValues}, and for the ids a
   * dictionary decoder selects), one per thread rather than per decoder: a decoder lives for one
   * page, and a file of small pages would otherwise allocate one for each.
   */
  private static final ThreadLocal<int[][]> VALUES =
      ThreadLocal.withInitial(() -> new int[][] {new int[0]});

  /**
   * The next {@code n} values, in an array of this thread's (valid until the thread's next call of
   * this method, on any decoder: callers use the values at once); fewer left is an error: the
   * values of a page (dictionary ids, RLE booleans) must all be there.
   */
  public int[] readValues(int n) {
    int[] values = threadValues(n);
    int got = read(values, 0, n);
    if (got < n) {
      throw new ParquetFormatException(
          "the page holds " + got + " encoded values where " + n + " are needed");
    }
    return values;
  }

  /**
   * This thread's array for decoded values, at least {@code n} long: the one {@link #readValues}
   * returns, valid until the thread's next call of either.
   */
  static int[] threadValues(int n) {
    int[][] holder = VALUES.get();
    int[] values = holder[0];
    if (values.length < n) {
      values = new int[Math.max(n, Math.min(2 * values.length, Integer.MAX_VALUE - 16))];
      holder[0] = values;
    }
    return values;
  }

  /**
   * Consumes the next {@code n} values if they all lie in one RLE run of {@code value}, and says
   * whether they did; otherwise consumes nothing. Lets a reader pass over a page part whose levels
   * are all at the maximum (no nulls) without decoding them one by one.
   */
  public boolean skipRepeated(int value, int n) {
    if (rleRemaining == 0 && packedRemaining == 0 && !nextRun()) {
      return false;
    }
    if (rleRemaining >= n && rleValue == value) {
      rleRemaining -= n;
      return true;
    }
    return false;
  }

  @Override
  public int read(int[] out, int offset, int n) {
    int done = 0;
    while (done < n) {
      if (rleRemaining > 0) {
        int k = Math.min(rleRemaining, n - done);
        Arrays.fill(out, offset + done, offset + done + k, rleValue);
        rleRemaining -= k;
        done += k;
      } else if (packedRemaining > 0) {
        done += readPacked(out, offset + done, n - done);
      } else if (!nextRun()) {
        break;
      }
    }
    return done;
  }

  /**
   * Reads {@code n} one-bit values straight into a bitmap (least significant bit first, as Arrow's
   * validity bitmaps are), from bit {@code outBit} of {@code out}, whose bits there must be zero.
   * An RLE run of ones sets a range of bits; bit-packed bytes are the bitmap already and are copied
   * (shifted when the output is not byte-aligned). Only for bit width 1.
   *
   * @return how many values were read (fewer than {@code n} only at the end of the data); {@link
   *     #ones()} then tells how many of them were 1
   */
  public int readBits(byte[] out, int outBit, int n) {
    if (bitWidth != 1) {
      throw new IllegalStateException("readBits needs bit width 1, not " + bitWidth);
    }
    int done = 0;
    int setBits = 0;
    while (done < n) {
      if (rleRemaining > 0) {
        int k = Math.min(rleRemaining, n - done);
        if (rleValue != 0) {
          Bits.setRange(out, outBit + done, k);
          setBits += k;
        }
        rleRemaining -= k;
        done += k;
      } else if (packedRemaining > 0) {
        if (groupPos < 8) {
          int k = Math.min(Math.min(8 - groupPos, packedRemaining), n - done);
          for (int i = 0; i < k; i++) {
            if (group[groupPos + i] != 0) {
              Bits.set(out, outBit + done + i);
              setBits++;
            }
          }
          groupPos += k;
          packedRemaining -= k;
          done += k;
          continue;
        }
        // Whole groups: with width 1 a group of eight is one byte, and that byte is the bitmap;
        // eight of them go in as one word while the run, the read and the bitmap hold them.
        while (packedRemaining >= 64
            && n - done >= 64
            && end - pos >= 8
            && Bits.holdsWord(out, outBit + done)) {
          long w = (long) LONG_LE.get(buf, pos);
          pos += 8;
          Bits.putLong(out, outBit + done, w);
          setBits += Long.bitCount(w);
          packedRemaining -= 64;
          done += 64;
        }
        while (packedRemaining >= 8 && n - done >= 8 && pos < end) {
          int b = buf[pos++] & 0xff;
          Bits.putByte(out, outBit + done, b);
          setBits += Integer.bitCount(b);
          packedRemaining -= 8;
          done += 8;
        }
        if (packedRemaining > 0 && done < n) {
          unpack8(group, 0);
          groupPos = 0;
        }
      } else if (!nextRun()) {
        break;
      }
    }
    ones = setBits;
    return done;
  }

  private int ones;

  /** How many ones the last {@link #readBits} read. */
  public int ones() {
    return ones;
  }

  /**
   * Skips RLE runs without expanding them and whole bit-packed groups of eight without unpacking
   * them; a partly used group is unpacked and dropped.
   */
  @Override
  public int skip(int n) {
    int done = 0;
    while (done < n) {
      if (rleRemaining > 0) {
        int k = Math.min(rleRemaining, n - done);
        rleRemaining -= k;
        done += k;
      } else if (packedRemaining > 0 && groupPos < 8) {
        // The rest of a group already unpacked: passed over in place.
        int k = Math.min(Math.min(8 - groupPos, packedRemaining), n - done);
        groupPos += k;
        packedRemaining -= k;
        done += k;
      } else if (packedRemaining >= 8 && n - done >= 8) {
        int groups = Math.min(packedRemaining, n - done) / 8;
        long bytes = (long) groups * bitWidth;
        if (pos + bytes > end) {
          // A run the data cuts short: let the unpacking path yield what is there.
          unpack8(group, 0);
          groupPos = 0;
          continue;
        }
        pos += (int) bytes;
        packedRemaining -= groups * 8;
        done += groups * 8;
      } else if (packedRemaining > 0) {
        // Fewer than eight to pass over: unpack the group, then pass over part of it.
        unpack8(group, 0);
        groupPos = 0;
      } else if (!nextRun()) {
        break;
      }
    }
    return done;
  }

  /**
   * Consumes the next {@code n} values and keeps the selected ones: {@code out[outOffset + j]} gets
   * the value at {@code selected[j]} (ascending, counted from the first of the {@code n}, each
   * below {@code n}), for {@code j < count}. RLE runs are not expanded, and a bit-packed value is
   * taken straight from its bits, so the values passed over cost nothing but whole groups skipped.
   *
   * @return how many values were consumed: {@code n}, or fewer at the end of the data (the selected
   *     ones past it are then not written)
   */
  public int readSelected(int n, int[] selected, int count, int[] out, int outOffset) {
    int at = 0;
    int j = 0;
    while (at < n) {
      if (rleRemaining > 0) {
        int k = Math.min(rleRemaining, n - at);
        int stop = at + k;
        while (j < count && selected[j] < stop) {
          out[outOffset + j++] = rleValue;
        }
        rleRemaining -= k;
        at += k;
      } else if (packedRemaining > 0 && groupPos < 8) {
        int k = Math.min(Math.min(8 - groupPos, packedRemaining), n - at);
        int stop = at + k;
        while (j < count && selected[j] < stop) {
          out[outOffset + j] = group[groupPos + selected[j] - at];
          j++;
        }
        groupPos += k;
        packedRemaining -= k;
        at += k;
      } else if (packedRemaining > 0) {
        // Whole groups from pos: the run's values all have their bits before end (nextRun).
        int whole = Math.min(packedRemaining, n - at) & ~7;
        if (whole == 0) {
          unpack8(group, 0);
          groupPos = 0;
          continue;
        }
        int stop = at + whole;
        while (j < count && selected[j] < stop) {
          out[outOffset + j] = packedAt(selected[j] - at);
          j++;
        }
        pos += (whole >>> 3) * bitWidth;
        packedRemaining -= whole;
        at += whole;
      } else if (!nextRun()) {
        break;
      }
    }
    return at;
  }

  /** The value {@code index} places after the group boundary at {@link #pos}, from its bits. */
  private int packedAt(int index) {
    long bit = (long) index * bitWidth;
    int from = pos + (int) (bit >>> 3);
    int shift = (int) (bit & 7);
    if (from + 8 <= buf.length) {
      return (int) (((long) LONG_LE.get(buf, from) >>> shift) & mask);
    }
    // Near the array's end: the bytes holding the value only (all before end).
    long word = 0;
    for (int b = 0, p = from; b < 8 && p < end; b++, p++) {
      word |= (long) (buf[p] & 0xff) << (8 * b);
    }
    return (int) ((word >>> shift) & mask);
  }

  private int readPacked(int[] out, int offset, int n) {
    int done = 0;
    while (done < n && packedRemaining > 0) {
      if (groupPos == 8) {
        if (packedRemaining >= 32 && n - done >= 32 && pos + 4 * bitWidth + 8 <= buf.length) {
          // 32 at a time through the width's generated unpacker (the run's bytes are within [pos,
          // end)).
          BitUnpackers.unpack32(buf, pos, out, offset + done, bitWidth);
          pos += 4 * bitWidth;
          done += 32;
          packedRemaining -= 32;
          continue;
        }
        if (packedRemaining >= 8 && n - done >= 8) {
          // Whole groups straight into the output.
          unpack8(out, offset + done);
          done += 8;
          packedRemaining -= 8;
          continue;
        }
        unpack8(group, 0);
        groupPos = 0;
      }
      int k = Math.min(Math.min(8 - groupPos, packedRemaining), n - done);
      System.arraycopy(group, groupPos, out, offset + done, k);
      groupPos += k;
      packedRemaining -= k;
      done += k;
    }
    return done;
  }

  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /**
   * Unpacks eight values. When eight bytes can be loaded from where each value starts without
   * leaving the array, each value is one unaligned little-endian load, a shift and a mask (bits
   * past the group are masked off, never used). Otherwise, near the array's end, byte by byte,
   * missing trailing bytes (a run cut short by the data's end) reading as zero.
   */
  private void unpack8(int[] out, int offset) {
    if (pos + bitWidth <= end && pos + bitWidth + 8 <= buf.length) {
      for (int i = 0, bit = 0; i < 8; i++, bit += bitWidth) {
        long word = (long) LONG_LE.get(buf, pos + (bit >>> 3));
        out[offset + i] = (int) ((word >>> (bit & 7)) & mask);
      }
      pos += bitWidth;
      return;
    }
    long acc = 0;
    int bits = 0;
    int p = pos;
    for (int i = 0; i < 8; i++) {
      while (bits < bitWidth) {
        acc |= (long) (p < end ? buf[p] & 0xff : 0) << bits;
        p++;
        bits += 8;
      }
      out[offset + i] = (int) (acc & mask);
      acc >>>= bitWidth;
      bits -= bitWidth;
    }
    pos = Math.min(pos + bitWidth, end);
  }

  private boolean nextRun() {
    if (pos >= end) {
      return false;
    }
    long header = readUleb128();
    if ((header & 1) == 1) {
      long groups = header >>> 1;
      long values = groups * 8;
      if (bitWidth == 0) {
        packedRemaining = (int) Math.min(values, Integer.MAX_VALUE);
      } else {
        long available = (long) (end - pos) * 8 / bitWidth;
        packedRemaining = (int) Math.min(values, available);
      }
      groupPos = 8;
    } else {
      long count = header >>> 1;
      if (end - pos < byteWidth) {
        throw new ParquetFormatException("RLE run value cut off by the end of the data");
      }
      int value = 0;
      for (int i = 0; i < byteWidth; i++) {
        value |= (buf[pos + i] & 0xff) << (8 * i);
      }
      pos += byteWidth;
      if (bitWidth < 32 && (value & ~mask) != 0) {
        throw new ParquetFormatException(
            "RLE run value "
                + Integer.toUnsignedString(value)
                + " does not fit in "
                + bitWidth
                + " bits");
      }
      rleValue = value;
      rleRemaining = (int) Math.min(count, Integer.MAX_VALUE);
    }
    return true;
  }

  private long readUleb128() {
    long value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (pos >= end) {
        throw new ParquetFormatException("RLE run header cut off by the end of the data");
      }
      int b = buf[pos++] & 0xff;
      value |= (long) (b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        return value;
      }
    }
    throw new ParquetFormatException("RLE run header longer than 5 bytes");
  }
}
