package dev.parrow.codec.encoding;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.DirectFixedValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;

/**
 * DELTA_BINARY_PACKED for INT32 and INT64: a header (block size, miniblocks per block, value count,
 * first value), then blocks of a min delta, one bit width per miniblock and the bit-packed
 * miniblocks. Arithmetic wraps in two's complement at the column's width, as the format requires.
 * Every size and width is checked against the format's rules and the bytes that remain; miniblocks
 * the last block does not need may be absent, their bit widths arbitrary.
 */
public final class DeltaBinaryPackedDecoder implements ValuesDecoder {
  private final byte[] buf;
  private final int end;
  private final boolean int64;
  private int pos;

  private final int blockSize;
  private final int miniblocks;
  private final int valuesPerMiniblock;
  private final long totalValues;
  private long valuesRead;

  private long last;
  private boolean firstPending = true;
  private long minDelta;
  private final int[] bitWidths;
  private int miniblockIndex;
  private final long[] deltas;
  private int deltaPos;
  private int deltaCount;
  private long[] scratch = new long[0];
  private int[] ints = new int[0];

  public DeltaBinaryPackedDecoder(byte[] buf, int start, int end, boolean int64) {
    this.buf = buf;
    this.pos = start;
    this.end = end;
    this.int64 = int64;
    long block = readUleb128();
    long mini = readUleb128();
    totalValues = readUleb128();
    last = readZigzag();
    if (block <= 0 || block % 128 != 0 || block > (1 << 20)) {
      throw new ParquetFormatException(
          "DELTA_BINARY_PACKED block size "
              + block
              + " is not a positive multiple of 128"
              + " (at most 1048576)");
    }
    if (mini <= 0 || block % mini != 0 || (block / mini) % 32 != 0) {
      throw new ParquetFormatException(
          "DELTA_BINARY_PACKED has "
              + mini
              + " miniblocks per block of "
              + block
              + " values: each must hold a multiple of 32");
    }
    if (totalValues < 0 || totalValues > Integer.MAX_VALUE) {
      throw new ParquetFormatException("DELTA_BINARY_PACKED claims " + totalValues + " values");
    }
    blockSize = (int) block;
    miniblocks = (int) mini;
    valuesPerMiniblock = blockSize / miniblocks;
    bitWidths = new int[miniblocks];
    miniblockIndex = miniblocks;
    deltas = new long[valuesPerMiniblock];
    if (!int64) {
      last = (int) last;
    }
  }

  /** How many values the header says the stream holds. */
  public int totalValues() {
    return (int) totalValues;
  }

  /**
   * Reads every remaining value and returns the position just after the stream (where what follows
   * starts).
   */
  public int endPosition() {
    long left = totalValues - valuesRead;
    while (left > 0) {
      int k = (int) Math.min(left, 4096);
      next(ensureScratch(k), 0, k);
      left -= k;
    }
    return pos;
  }

  /**
   * Values decoded for a destination that is not a long array, a chunk at a time: small enough to
   * stay in the cache between the decoding and the copy.
   */
  private static final int CHUNK = 1024;

  @Override
  public void read(DenseValues out, int n) {
    if (out instanceof Int64Values longs) {
      // Straight into the destination: no scratch, no copy.
      int at = longs.reserve(n);
      next(longs.values(), at, n);
      longs.added(n);
      return;
    }
    long[] values = ensureScratch(Math.min(n, CHUNK));
    for (int done = 0; done < n; done += CHUNK) {
      int m = Math.min(CHUNK, n - done);
      next(values, 0, m);
      if (out instanceof Int32Values ints) {
        int at = ints.reserve(m);
        int[] dst = ints.values();
        for (int i = 0; i < m; i++) {
          dst[at + i] = (int) values[i];
        }
        ints.added(m);
      } else {
        DirectFixedValues direct = (DirectFixedValues) out;
        if (direct.width() == 4) {
          if (ints.length < m) {
            ints = new int[CHUNK];
          }
          for (int i = 0; i < m; i++) {
            ints[i] = (int) values[i];
          }
          direct.appendInts(ints, m);
        } else {
          direct.appendLongs(values, m);
        }
      }
    }
  }

  /** The next {@code n} values, as longs (INT32 values sign-extended). */
  public void next(long[] out, int offset, int n) {
    if (n > totalValues - valuesRead) {
      throw new ParquetFormatException(
          "DELTA_BINARY_PACKED holds "
              + (totalValues - valuesRead)
              + " more values, not the "
              + n
              + " the page needs");
    }
    int i = 0;
    if (firstPending && n > 0) {
      firstPending = false;
      out[offset] = last;
      valuesRead++;
      i = 1;
    }
    while (i < n) {
      if (deltaPos == deltaCount) {
        nextMiniblock();
      }
      // One tight loop per run of deltas already unpacked: no branch per value.
      int k = Math.min(n - i, deltaCount - deltaPos);
      long acc = last;
      long min = minDelta;
      int from = deltaPos;
      if (int64) {
        for (int j = 0; j < k; j++) {
          acc += min + deltas[from + j];
          out[offset + i + j] = acc;
        }
      } else {
        for (int j = 0; j < k; j++) {
          acc = (int) (acc + min + deltas[from + j]);
          out[offset + i + j] = acc;
        }
      }
      last = acc;
      deltaPos += k;
      valuesRead += k;
      i += k;
    }
  }

  private void nextMiniblock() {
    if (miniblockIndex == miniblocks) {
      minDelta = readZigzag();
      if (end - pos < miniblocks) {
        throw new ParquetFormatException(
            "DELTA_BINARY_PACKED block header cut off by the end of the page");
      }
      for (int m = 0; m < miniblocks; m++) {
        bitWidths[m] = buf[pos++] & 0xff;
      }
      miniblockIndex = 0;
    }
    int width = bitWidths[miniblockIndex++];
    // The format caps INT32 widths at 32, but DuckDB computes INT32 deltas in 64 bits and writes
    // widths
    // up to 33. Sums are taken in 64 bits and cut to 32 afterwards, which is exact for both kinds
    // of
    // writer, so widths up to 64 are accepted for either column type.
    if (width > 64) {
      throw new ParquetFormatException("DELTA_BINARY_PACKED bit width " + width + " is above 64");
    }
    // The values still to come: the last miniblock may hold just those (writers should pad it).
    long needed = Math.min(valuesPerMiniblock, totalValues - valuesRead);
    long fullBytes = (long) valuesPerMiniblock * width / 8;
    long neededBytes = (needed * width + 7) / 8;
    long available = end - pos;
    if (neededBytes > available) {
      throw new ParquetFormatException(
          "DELTA_BINARY_PACKED miniblock of "
              + neededBytes
              + " bytes runs past the end of the page ("
              + available
              + " left)");
    }
    int count = (int) Math.min(valuesPerMiniblock, needed);
    PackedLongs.unpack(buf, pos, end, deltas, count, width);
    pos += (int) Math.min(fullBytes, available);
    deltaPos = 0;
    deltaCount = count;
  }

  private long[] ensureScratch(int n) {
    if (scratch.length < n) {
      scratch = new long[Math.max(n, 64)];
    }
    return scratch;
  }

  private long readUleb128() {
    long value = 0;
    for (int shift = 0; shift < 70; shift += 7) {
      if (pos >= end) {
        throw new ParquetFormatException(
            "DELTA_BINARY_PACKED header cut off by the end of the page");
      }
      int b = buf[pos++] & 0xff;
      value |= (long) (b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        return value;
      }
    }
    throw new ParquetFormatException("DELTA_BINARY_PACKED varint longer than 10 bytes");
  }

  private long readZigzag() {
    long raw = readUleb128();
    return (raw >>> 1) ^ -(raw & 1);
  }
}
