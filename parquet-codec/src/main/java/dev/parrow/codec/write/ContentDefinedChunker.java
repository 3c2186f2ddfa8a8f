package dev.parrow.codec.write;

import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.options.ContentDefinedChunking;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.BooleanValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Finds content-defined page boundaries in one column chunk, by the algorithm Arrow C++ 21
 * publishes (parquet/chunker_internal.cc), so that the same values cut where Arrow C++ cuts them.
 *
 * <p>A gear hash rolls over the bytes of each level entry as Arrow holds it: its definition level
 * and repetition level as 2-byte integers where the column has them, then its value's bytes when it
 * has a value ({@link ValueBytes}; nulls add none). Every byte counts towards the chunk's size;
 * none is hashed before the size reaches the minimum. A match is a hash whose high {@link
 * ContentDefinedChunking#hashMask} bits are zero; eight matches, each under the next of eight gear
 * tables, end a chunk, as does the maximum size. A chunk ends before the entry whose bytes
 * completed the match, and only at a record boundary (an entry of repetition level 0). The state
 * runs on across the batches of a chunk and starts afresh with each chunk (row group), as Arrow's
 * column writer's.
 */
final class ContentDefinedChunker {
  /** Matches in a row that end a chunk; each is sought with its own gear table. */
  private static final int RUNS = 8;

  /** Arrow's gear tables: entry n of table s is the first 8 bytes of MD5(64 × s, 64 × n). */
  private static final long[][] GEARS = gearTables(8);

  private final long mask;
  private final long min;
  private final long max;
  private final int maxDef;
  private final int maxRep;
  private final PhysicalType type;

  private ValueBytes valueBytes = ValueBytes.STORED;

  private long hash;
  private long size;
  private int run;
  private boolean matched;

  /** Chunk ends found by the last {@link #cuts} call (entry indices). */
  private int[] cuts = new int[8];

  ContentDefinedChunker(ColumnDescriptor column, ContentDefinedChunking parameters) {
    this.mask = parameters.hashMask();
    this.min = parameters.minChunkSize();
    this.max = parameters.maxChunkSize();
    this.maxDef = column.maxDefinitionLevel();
    this.maxRep = column.maxRepetitionLevel();
    this.type = column.physicalType();
  }

  /** Hash values as {@code bytes}. */
  void hashValuesAs(ValueBytes bytes) {
    this.valueBytes = bytes;
  }

  /** The chunk ends {@link #cuts(int, int[], int[], DenseValues, int[])} found. */
  int[] ends() {
    return cuts;
  }

  /**
   * Rolls the hash over entries [0, n): their levels ({@code defs} or {@code reps} null where all
   * are at the maximum or 0) and present values ({@code values}, or ids into a dictionary when
   * {@code ids} is not null). Returns how many chunks end among the entries; {@link #ends} holds
   * where, in increasing order: the index of the entry that starts the next chunk (0 when the chunk
   * ended with the previous call's entries). The chunk the entries end in runs on into the next
   * call, so that where pages end does not depend on how the rows came in batches. (Arrow C++
   * forgets a chunk end that falls exactly between two of its write calls.)
   */
  int cuts(int n, int[] defs, int[] reps, DenseValues values, int[] ids) {
    if (maxRep == 0 && ids == null && valueBytes.kind() != ValueBytes.Kind.DECIMAL) {
      if (values instanceof Int64Values l) {
        return flatNumbers(n, defs, null, l.values(), width(8));
      }
      if (values instanceof Int32Values i) {
        return flatNumbers(n, defs, i.values(), null, width(4));
      }
    }
    int found = 0;
    int value = 0;
    for (int i = 0; i < n; i++) {
      int def = defs == null ? maxDef : defs[i];
      int rep = reps == null ? 0 : reps[i];
      if (maxDef > 0) {
        rollLevel(def);
      }
      if (maxRep > 0) {
        rollLevel(rep);
      }
      if (def == maxDef) {
        rollValue(values, ids, value++);
      }
      if (rep == 0 && needNewChunk()) {
        // The chunk ends before the entry whose bytes completed the match (at a record start). At
        // the first entry it ends the page the earlier entries of the chunk left open, if any.
        found = add(found, i);
      }
    }
    return found;
  }

  /** The bytes hashed per value of a stored width: the stored value's, or its low bytes. */
  private int width(int stored) {
    return valueBytes.kind() == ValueBytes.Kind.LOW_BYTES ? valueBytes.width() : stored;
  }

  /**
   * {@link #cuts} for an unrepeated column of INT32/FLOAT ({@code ints}) or INT64/DOUBLE ({@code
   * longs}) values, hashing {@code width} bytes of each: the same steps with the state in locals,
   * since this loop runs over every value written (the general one calls per value and byte).
   */
  private int flatNumbers(int n, int[] defs, int[] ints, long[] longs, int width) {
    long h = hash;
    long sz = size;
    int r = run;
    boolean m = matched;
    long[] gear = GEARS[r];
    final long msk = mask;
    final long least = min;
    final int top = maxDef;
    int found = 0;
    int value = 0;
    for (int i = 0; i < n; i++) {
      int def = defs == null ? top : defs[i];
      if (top > 0) {
        sz += 2;
        if (sz >= least) {
          h = (h << 1) + gear[def & 0xff];
          m |= (h & msk) == 0;
          h = (h << 1) + gear[(def >>> 8) & 0xff];
          m |= (h & msk) == 0;
        }
      }
      if (def == top) {
        long x = longs != null ? longs[value] : ints[value];
        value++;
        sz += width;
        if (sz >= least) {
          for (int b = 0; b < width; b++) {
            h = (h << 1) + gear[(int) (x >>> (b << 3)) & 0xff];
            m |= (h & msk) == 0;
          }
        }
      }
      boolean cut = false;
      if (m) {
        m = false;
        if (++r >= RUNS) {
          r = 0;
          sz = 0;
          cut = true;
        }
        gear = GEARS[r];
      }
      if (!cut && sz >= max) {
        sz = 0;
        cut = true;
      }
      if (cut) {
        found = add(found, i);
      }
    }
    hash = h;
    size = sz;
    run = r;
    matched = m;
    return found;
  }

  private int add(int found, int end) {
    if (found == cuts.length) {
      cuts = java.util.Arrays.copyOf(cuts, found * 2);
    }
    cuts[found] = end;
    return found + 1;
  }

  /** Whether a chunk ends here: an eighth match, or the maximum size. */
  private boolean needNewChunk() {
    if (matched) {
      matched = false;
      if (++run >= RUNS) {
        run = 0;
        size = 0;
        return true;
      }
    }
    if (size >= max) {
      // The hash and the run go on: only the size starts again.
      size = 0;
      return true;
    }
    return false;
  }

  /** A level, as the 2-byte integer Arrow holds it in. */
  private void rollLevel(int level) {
    rollInteger(level, 2);
  }

  private void rollValue(DenseValues values, int[] ids, int v) {
    if (ids != null) {
      rollInteger(ids[v], valueBytes.kind() == ValueBytes.Kind.STORED ? 4 : valueBytes.width());
      return;
    }
    if (values instanceof Int32Values i) {
      rollNumber(i.values()[v]);
    } else if (values instanceof Int64Values l) {
      rollNumber(l.values()[v]);
    } else if (values instanceof BooleanValues b) {
      rollInteger(b.values()[v], 1);
    } else if (values instanceof BinaryValues b) {
      int[] offsets = b.offsets();
      rollBytes(b.bytes(), offsets[v], offsets[v + 1] - offsets[v]);
    } else if (values instanceof FixedWidthValues f) {
      int w = f.width();
      if (valueBytes.kind() == ValueBytes.Kind.DECIMAL) {
        rollBigEndianDecimal(f.bytes(), v * w, w);
      } else {
        rollBytes(f.bytes(), v * w, w);
      }
    } else {
      throw new IllegalArgumentException("no content-defined chunking of " + values.getClass());
    }
  }

  /** An INT32/FLOAT or INT64/DOUBLE value: its own bytes, its low bytes, or as a decimal. */
  private void rollNumber(long value) {
    switch (valueBytes.kind()) {
      case STORED ->
          rollInteger(value, type == PhysicalType.INT64 || type == PhysicalType.DOUBLE ? 8 : 4);
      case LOW_BYTES -> rollInteger(value, valueBytes.width());
      case DECIMAL -> {
        // Sign-extended to Arrow's 16 or 32 bytes.
        size += valueBytes.width();
        if (size < min) {
          return;
        }
        long[] gear = GEARS[run];
        for (int b = 0; b < 8; b++) {
          roll(gear, (int) (value >>> (8 * b)) & 0xff);
        }
        int extension = value < 0 ? 0xff : 0;
        for (int b = 8; b < valueBytes.width(); b++) {
          roll(gear, extension);
        }
      }
    }
  }

  /** The low {@code width} bytes of {@code value}, little-endian. */
  private void rollInteger(long value, int width) {
    size += width;
    if (size < min) {
      return;
    }
    long[] gear = GEARS[run];
    for (int b = 0; b < width; b++) {
      roll(gear, (int) (value >>> (8 * b)) & 0xff);
    }
  }

  private void rollBytes(byte[] bytes, int offset, int length) {
    size += length;
    if (size < min) {
      return;
    }
    long[] gear = GEARS[run];
    for (int b = offset, end = offset + length; b < end; b++) {
      roll(gear, bytes[b] & 0xff);
    }
  }

  /** A big-endian two's complement decimal of {@code length} bytes, as Arrow's little-endian. */
  private void rollBigEndianDecimal(byte[] bytes, int offset, int length) {
    int width = valueBytes.width();
    size += width;
    if (size < min) {
      return;
    }
    long[] gear = GEARS[run];
    for (int b = 0; b < length && b < width; b++) {
      roll(gear, bytes[offset + length - 1 - b] & 0xff);
    }
    int extension = length > 0 && bytes[offset] < 0 ? 0xff : 0;
    for (int b = length; b < width; b++) {
      roll(gear, extension);
    }
  }

  /**
   * One byte into the hash under {@code gear}, the current run's table (the run only moves on in
   * {@link #needNewChunk}, so one value's bytes share a table).
   */
  private void roll(long[] gear, int b) {
    hash = (hash << 1) + gear[b];
    matched |= (hash & mask) == 0;
  }

  private static long[][] gearTables(int tables) {
    MessageDigest md5;
    try {
      md5 = MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no MD5", e);
    }
    long[][] out = new long[tables][256];
    byte[] input = new byte[128];
    for (int seed = 0; seed < tables; seed++) {
      java.util.Arrays.fill(input, 0, 64, (byte) seed);
      for (int n = 0; n < 256; n++) {
        java.util.Arrays.fill(input, 64, 128, (byte) n);
        out[seed][n] = ByteBuffer.wrap(md5.digest(input)).getLong();
      }
    }
    return out;
  }
}
