package dev.parrow.codec.encoding;

import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.codec.values.FixedWidthValues;
import dev.parrow.codec.values.Int32Values;
import dev.parrow.codec.values.Int64Values;
import java.util.Arrays;

/**
 * The dictionary of a column chunk being written, for every physical type but BOOLEAN: its entries
 * in first-seen order, and an open-addressing table of entry ids that looks values up in the
 * entries themselves, so that no object is made per value. Each slot holds the entry's hash beside
 * its id, so a probe touches the entries only when the hashes match (a large dictionary does not
 * fit in the cache). Values are compared by their bits: -0.0 and 0.0, or two NaNs with different
 * payloads, are different entries, and every value reads back exactly.
 */
public final class DictionaryEncoder {
  private final DenseValues entries;
  private final int width;

  /**
   * Per slot, the entry's hash (high half) and id + 1 (low half); 0 when empty. A power of two, at
   * most half full.
   */
  private long[] table = new long[1 << 10];

  /**
   * 32 less the table's bits: a hash's slot is its top bits (a multiplicative hash's best, see
   * {@link #primitive}).
   */
  private int shift = 32 - 10;

  /** INT32/FLOAT and INT64/DOUBLE entries as longs, by id: what a probe compares. */
  private long[] keys = new long[0];

  private long[] widened = new long[0];

  public DictionaryEncoder(ColumnDescriptor column) {
    this.entries = DenseValues.forColumn(column);
    if (column.physicalType() == dev.parrow.codec.metadata.PhysicalType.BOOLEAN) {
      throw new IllegalArgumentException("BOOLEAN columns are not dictionary-encoded");
    }
    this.width = column.byteWidth();
  }

  public DenseValues entries() {
    return entries;
  }

  public int size() {
    return entries.size();
  }

  /** The size of the dictionary page's values, PLAIN-encoded. */
  public long plainBytes() {
    return width < 0 ? ((BinaryValues) entries).byteLength() + 4L * size() : (long) width * size();
  }

  /**
   * Puts the ids of values [0, n) of {@code page} into {@code ids}, adding values not seen before,
   * as long as the dictionary page stays within {@code limitBytes}.
   *
   * @return n, or the index of the first value that did not fit
   */
  public int encode(DenseValues page, int n, int[] ids, long limitBytes) {
    if (page instanceof Int32Values v) {
      widened = widened.length >= n ? widened : new long[Math.max(n, 2 * widened.length)];
      v.toLongs(widened, n);
      return numbers(widened, page, n, ids, limitBytes);
    } else if (page instanceof Int64Values v) {
      return numbers(v.values(), page, n, ids, limitBytes);
    } else if (page instanceof FixedWidthValues v) {
      return fixed(v.bytes(), n, ids, limitBytes);
    }
    return binary((BinaryValues) page, n, ids, limitBytes);
  }

  /**
   * The most slots of {@link #direct}: 256 KiB of ids, about what a page's values take. A page
   * whose values span more is looked up by hashing.
   */
  static final int DIRECT_SLOTS = 1 << 16;

  /**
   * Id + 1 of the entry {@code directBase + k} at slot k (0: none), or null. Values of a narrow
   * range (days, quantities, line numbers, small keys, codes) are looked up here by one read, with
   * no hash and no probe; every entry is also in {@link #table}, so that a page of a wider range is
   * looked up there.
   */
  private int[] direct;

  private long directBase;

  /** Set once a page's values did not fit in {@link #DIRECT_SLOTS}: the chunk hashes from then. */
  private boolean directOff;

  /**
   * INT32/FLOAT (widened) and INT64/DOUBLE values: by {@link #direct} when they fit, else hashed.
   */
  private int numbers(long[] values, DenseValues page, int n, int[] ids, long limit) {
    if (!directOff && n > 0 && fitDirect(values, n)) {
      return directly(values, page, n, ids, limit);
    }
    return primitive(values, page, n, ids, limit);
  }

  /**
   * Whether {@link #direct} covers values [0, n), made or widened to do so when it and they span at
   * most {@link #DIRECT_SLOTS}; turns it off for the chunk when they do not.
   */
  private boolean fitDirect(long[] values, int n) {
    long min = values[0];
    long max = values[0];
    for (int i = 1; i < n; i++) {
      min = Math.min(min, values[i]);
      max = Math.max(max, values[i]);
    }
    // Differences of longs that overflow come out negative.
    long reach = max - directBase;
    if (direct != null && min >= directBase && reach >= 0 && reach < direct.length) {
      return true;
    }
    long lo = direct == null ? min : Math.min(min, directBase);
    long hi = direct == null ? max : Math.max(max, directBase + direct.length - 1);
    long span = hi - lo + 1;
    if (span <= 0 || span > DIRECT_SLOTS) {
      directOff = true;
      direct = null;
      return false;
    }
    // Room above the values for those to come (keys and dates that grow); below them a wider
    // window is made when a value comes.
    int[] d = new int[(int) Math.min(DIRECT_SLOTS, Math.max(256, Long.highestOneBit(span) << 1))];
    for (int id = 0; id < size(); id++) {
      long k = keys[id] - lo;
      if (k >= 0 && k < d.length) {
        d[(int) k] = id + 1;
      }
    }
    direct = d;
    directBase = lo;
    return true;
  }

  /** {@link #primitive} by {@link #direct}, which covers every value of the page. */
  private int directly(long[] values, DenseValues page, int n, int[] ids, long limit) {
    int[] d = direct;
    long base = directBase;
    for (int i = 0; i < n; i++) {
      long v = values[i];
      int slot = (int) (v - base);
      int id = d[slot] - 1;
      if (id < 0) {
        if (plainBytes() + width > limit) {
          return i;
        }
        int hash = fibonacci(v);
        id = add(page, i, v, emptySlot(table, hash >>> shift), hash);
        d[slot] = id + 1;
      }
      ids[i] = id;
    }
    return n;
  }

  /**
   * Adds value {@code i} of the page ({@code v} as a long) as a new entry at table slot {@code
   * slot}.
   */
  private int add(DenseValues page, int i, long v, int slot, int hash) {
    int id = size();
    entries.appendRange(page, i, 1);
    if (id == keys.length) {
      keys = Arrays.copyOf(keys, Math.max(64, 2 * keys.length));
    }
    keys[id] = v;
    insert(slot, id, hash);
    return id;
  }

  /** INT32/FLOAT (widened) and INT64/DOUBLE values, compared as longs with {@link #keys}. */
  private int primitive(long[] values, DenseValues page, int n, int[] ids, long limit) {
    for (int i = 0; i < n; i++) {
      long v = values[i];
      if (i > 0 && v == values[i - 1]) {
        // A run of one value (a clustered key, a low-cardinality column in order) costs no probe:
        // the table's random reads are what this loop spends its time on.
        ids[i] = ids[i - 1];
        continue;
      }
      int hash = fibonacci(v);
      int slot = hash >>> shift;
      int id;
      while ((id = id(table[slot])) >= 0 && (hashOf(table[slot]) != hash || keys[id] != v)) {
        slot = (slot + 1) & (table.length - 1);
      }
      if (id < 0) {
        if (plainBytes() + width > limit) {
          return i;
        }
        id = add(page, i, v, slot, hash);
      }
      ids[i] = id;
    }
    return n;
  }

  private int fixed(byte[] values, int n, int[] ids, long limit) {
    FixedWidthValues d = (FixedWidthValues) entries;
    for (int i = 0; i < n; i++) {
      int start = i * width;
      // As strings are (a UUID, a 16-byte decimal): word by word.
      long first = Bits.firstWord(values, start, width);
      int hash = width <= 8 ? fibonacci(first) : longHash(values, start, width, first);
      int slot = hash >>> shift;
      int id;
      while ((id = id(table[slot])) >= 0
          && (hashOf(table[slot]) != hash
              || (width < 8
                  ? !Arrays.equals(
                      d.bytes(), id * width, id * width + width, values, start, start + width)
                  : !sameBytes(d.bytes(), id * width, values, start, width)))) {
        slot = (slot + 1) & (table.length - 1);
      }
      if (id < 0) {
        if (plainBytes() + width > limit) {
          return i;
        }
        id = d.size();
        int at = d.reserve(1);
        System.arraycopy(values, start, d.bytes(), at, width);
        d.added(1);
        insert(slot, id, hash);
      }
      ids[i] = id;
    }
    return n;
  }

  /** Byte strings of up to this many bytes are keyed by their two words ({@link #firstWords}). */
  static final int SHORT = 16;

  private int binary(BinaryValues values, int n, int[] ids, long limit) {
    BinaryValues d = (BinaryValues) entries;
    byte[] bytes = values.bytes();
    int[] offsets = values.offsets();
    for (int i = 0; i < n; i++) {
      int start = offsets[i];
      int end = offsets[i + 1];
      int length = end - start;
      // A value of up to sixteen bytes (most dictionary values are) is its two words, zero past
      // its end: equal to an entry with the same words and length, without reading the entry's
      // bytes, and hashed without a loop. A longer one is compared with the entry's bytes at once
      // (a first word alone would be one more read of memory the cache may not hold).
      boolean isShort = length <= SHORT;
      long w0 = 0;
      long w1 = 0;
      int mixed;
      if (length <= 8) {
        // One word (the second is zero): codes, flags, short names.
        w0 = Bits.firstWord(bytes, start, length);
        mixed = fibonacci(w0);
      } else if (isShort) {
        w0 = (long) LONGS.get(bytes, start);
        // The second word read whole and masked where it can be: no branch on the length.
        w1 =
            start + SHORT <= bytes.length
                ? (long) LONGS.get(bytes, start + 8) & lowBytes(length - 8)
                : Bits.firstWord(bytes, start + 8, length - 8);
        mixed = fibonacci(w0 ^ Long.rotateLeft(w1 * 0x9e3779b97f4a7c15L, 29));
      } else {
        mixed = longHash(bytes, start, length, (long) LONGS.get(bytes, start));
      }
      // The stored hash's low byte is the length (up to 255): equal hashes mean equal lengths, so
      // that a short value is decided by its words alone.
      int hash = (mixed & ~0xff) | Math.min(length, 255);
      int slot = hash >>> shift;
      int id;
      while ((id = id(table[slot])) >= 0
          && (hashOf(table[slot]) != hash
              || (length <= 8
                  ? firstWords[id] != w0
                  : isShort
                      ? ((firstWords[id] ^ w0) | (secondWords[id] ^ w1)) != 0
                      : !sameValue(d, id, bytes, start, length)))) {
        slot = (slot + 1) & (table.length - 1);
      }
      if (id < 0) {
        if (plainBytes() + 4 + length > limit) {
          return i;
        }
        id = d.size();
        d.append(bytes, start, length);
        if (id == firstWords.length) {
          firstWords = Arrays.copyOf(firstWords, Math.max(64, 2 * firstWords.length));
          secondWords = Arrays.copyOf(secondWords, firstWords.length);
        }
        firstWords[id] = w0;
        secondWords[id] = w1;
        insert(slot, id, hash);
      }
      ids[i] = id;
    }
    return n;
  }

  /**
   * Per BYTE_ARRAY entry of up to {@link #SHORT} bytes, by id, its first and second eight bytes,
   * little-endian, zero past its end (zeros for a longer entry). Two arrays: a dictionary of values
   * of up to eight bytes reads only the first, half the memory for the cache to hold.
   */
  private long[] firstWords = new long[0];

  private long[] secondWords = new long[0];

  /** A mask of the low {@code k} bytes of a long, {@code k} from 1 to 8. */
  private static long lowBytes(int k) {
    return -1L >>> (64 - 8 * k);
  }

  /** Whether entry {@code id} has this length (more than {@link #SHORT}) and these bytes. */
  private static boolean sameValue(BinaryValues d, int id, byte[] bytes, int start, int length) {
    int from = d.offsets()[id];
    return d.offsets()[id + 1] - from == length && sameBytes(d.bytes(), from, bytes, start, length);
  }

  /**
   * Whether two values of the same length, eight bytes or more, are equal: a word at a time, the
   * last word read where the values end (overlapping the word before it), so that no byte is
   * compared alone.
   */
  static boolean sameBytes(byte[] a, int aFrom, byte[] b, int bFrom, int length) {
    for (int i = 0; i < length - 8; i += 8) {
      if ((long) LONGS.get(a, aFrom + i) != (long) LONGS.get(b, bFrom + i)) {
        return false;
      }
    }
    return (long) LONGS.get(a, aFrom + length - 8) == (long) LONGS.get(b, bFrom + length - 8);
  }

  /**
   * The hash of a value of more than eight bytes whose first word is {@code first}: a word at a
   * time (a byte at a time was a quarter of a string column's dictionary lookups), the last word
   * read where the value ends, the words folded by multiplications.
   */
  private static int longHash(byte[] b, int start, int length, long first) {
    long h = first * 0x9e3779b97f4a7c15L + length;
    for (int i = 8; i < length - 8; i += 8) {
      h = Long.rotateLeft(h, 29) ^ (long) LONGS.get(b, start + i);
      h *= 0x9e3779b97f4a7c15L;
    }
    h = Long.rotateLeft(h, 29) ^ (long) LONGS.get(b, start + length - 8);
    return fibonacci(h);
  }

  /** A 64-bit value's bits folded and spread into an int (murmur3's 64-bit finaliser). */
  /**
   * Fibonacci hashing: one multiplication, whose top bits (a slot is the hash's top bits) depend on
   * every bit below them. Close values (dates, small counts, ids, one-letter codes) land in slots
   * spread evenly, where a mixing function's random slots collide, and each collision is a probe
   * the processor mispredicts: that was half the time of a low-cardinality column's lookups. The
   * high bits are folded in first, so that values that differ there only (doubles of whole numbers,
   * two equal halves) spread as well.
   */
  private static int fibonacci(long v) {
    return (int) (((v ^ (v >>> 29)) * 0x9e3779b97f4a7c15L) >>> 32);
  }

  private static final java.lang.invoke.VarHandle LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

  private static int id(long slot) {
    return (int) slot - 1;
  }

  private static int hashOf(long slot) {
    return (int) (slot >>> 32);
  }

  /** The first empty slot of {@code table} from {@code slot} on (a value known to be absent). */
  private static int emptySlot(long[] table, int slot) {
    while (table[slot] != 0) {
      slot = (slot + 1) & (table.length - 1);
    }
    return slot;
  }

  private void insert(int slot, int id, int hash) {
    table[slot] = ((long) hash << 32) | (id + 1L);
    if (2 * (id + 1) > table.length) {
      rehash(table.length * 2);
    }
  }

  private void rehash(int capacity) {
    long[] old = table;
    table = new long[capacity];
    shift = 32 - Integer.numberOfTrailingZeros(capacity);
    for (long entry : old) {
      if (entry != 0) {
        table[emptySlot(table, hashOf(entry) >>> shift)] = entry;
      }
    }
  }

  /**
   * Whether {@code d} (a dictionary of the same type) starts with this dictionary's entries, so
   * that ids into it are ids into an extension of this one.
   */
  public boolean isPrefixOf(DenseValues d) {
    return entries.isPrefixOf(d);
  }

  /**
   * Appends the entries of {@code d} past this dictionary's (which {@link #isPrefixOf} it), without
   * hashing: a caller-supplied dictionary is used by its ids only.
   */
  public void extendWith(DenseValues d) {
    int from = size();
    int n = d.size() - from;
    if (n <= 0) {
      return;
    }
    entries.appendRange(d, from, n);
  }
}
