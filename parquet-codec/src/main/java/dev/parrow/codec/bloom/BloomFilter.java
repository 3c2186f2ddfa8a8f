package dev.parrow.codec.bloom;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.crypto.ChunkCrypto;
import dev.parrow.codec.metadata.BloomFilterHeader;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.thrift.ThriftCodec;
import dev.parrow.storage.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jpountz.xxhash.XXHash64;
import net.jpountz.xxhash.XXHashFactory;

/**
 * The split-block Bloom filter of the Parquet format (BloomFilter.md): blocks of eight 32-bit
 * words; a value's XXH64 hash (seed 0, over its PLAIN encoding without a length prefix) picks a
 * block with its upper half and sets one bit in each word with its lower half and eight salts.
 */
public final class BloomFilter {
  private static final int[] SALT = {
    0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b, 0x9efc4947, 0x5c6bfb31
  };

  /** The bytes of one block: eight 32-bit words. */
  public static final int BLOCK_BYTES = 32;

  /** The smallest and largest bitsets written, as parquet-java bounds them. */
  public static final int MIN_BYTES = 32;

  /** The largest bitset written or read: 128 MiB. */
  public static final int MAX_BYTES = 128 * 1024 * 1024;

  private static final XXHash64 XXH64 = XXHashFactory.fastestJavaInstance().hash64();

  private final int[] words;
  private final int blocks;

  private BloomFilter(int[] words) {
    this.words = words;
    this.blocks = words.length / 8;
  }

  /**
   * An empty filter of {@code bytes} (a power of two between 32 bytes and 128 MiB).
   *
   * @param bytes the bitset's size
   * @return the filter, with no bit set
   */
  public static BloomFilter empty(int bytes) {
    if (bytes < MIN_BYTES || bytes > MAX_BYTES || Integer.bitCount(bytes) != 1) {
      throw new IllegalArgumentException("a Bloom filter of " + bytes + " bytes");
    }
    return new BloomFilter(new int[bytes / 4]);
  }

  /**
   * The bitset size for {@code ndv} distinct values at false-positive rate {@code fpp}: the formula
   * of the spec, rounded up to a power of two.
   *
   * @param ndv the number of distinct values expected
   * @param fpp the false-positive probability wanted, in (0, 1)
   * @return the bitset's size in bytes, between {@link #MIN_BYTES} and {@link #MAX_BYTES}
   */
  public static int optimalBytes(long ndv, double fpp) {
    if (!(fpp > 0 && fpp < 1)) {
      throw new IllegalArgumentException("false-positive probability " + fpp + " not in (0, 1)");
    }
    double bits = -8.0 * Math.max(ndv, 1) / Math.log(1 - Math.pow(fpp, 1.0 / 8));
    long bytes = Math.max(MIN_BYTES, (long) Math.ceil(bits / 8));
    bytes = Long.highestOneBit(bytes) == bytes ? bytes : Long.highestOneBit(bytes) << 1;
    return (int) Math.min(MAX_BYTES, bytes);
  }

  /**
   * The chunk's filter, or null when it has none or one of a kind this version does not know
   * (another algorithm, hash or compression). A bitset that does not fit the file is an error.
   *
   * @param file the file
   * @param meta the chunk's metadata, which says where its filter is
   * @return the filter, or null
   * @throws IOException if the file cannot be read
   */
  public static BloomFilter read(InputFile file, ColumnMetaData meta) throws IOException {
    return read(file, meta, null);
  }

  /**
   * The filter of a chunk that may be encrypted: its header and bitset are then two modules, one
   * after the other.
   *
   * @param file the file
   * @param meta the chunk's metadata
   * @param crypto how the chunk's modules are decrypted, or null for a plaintext chunk
   * @return the filter, or null
   * @throws IOException if the file cannot be read
   */
  public static BloomFilter read(InputFile file, ColumnMetaData meta, ChunkCrypto crypto)
      throws IOException {
    if (crypto != null && meta.bloomFilterOffset() != null) {
      return readEncrypted(file, meta, crypto);
    }
    Long offset = meta.bloomFilterOffset();
    if (offset == null) {
      return null;
    }
    long fileLength = file.length();
    if (offset < 4 || offset >= fileLength) {
      throw new ParquetFormatException(
          "the Bloom filter offset " + offset + " is outside the file of " + fileLength + " bytes");
    }
    Integer length = meta.bloomFilterLength();
    int headerRead = (int) Math.min(fileLength - offset, length != null ? length : 256);
    if (headerRead < 0) {
      throw new ParquetFormatException("a Bloom filter length of " + length);
    }
    ByteBuffer head = file.read(offset, headerRead);
    int start = head.position();
    BloomFilterHeader header = ThriftCodec.readBloomFilterHeader(head);
    int headerBytes = head.position() - start;
    if (!header.isSupported()) {
      return null;
    }
    int bytes = header.numBytes();
    if (bytes < BLOCK_BYTES
        || bytes > MAX_BYTES
        || bytes % BLOCK_BYTES != 0
        || offset + headerBytes + (long) bytes > fileLength
        || (length != null && headerBytes + (long) bytes > length)) {
      throw new ParquetFormatException(
          "a Bloom filter bitset of " + bytes + " bytes that does not fit where it is");
    }
    ByteBuffer bitset;
    if (head.remaining() >= bytes) {
      bitset = head.slice();
      bitset.limit(bytes);
    } else {
      bitset = file.read(offset + headerBytes, bytes);
    }
    bitset.order(ByteOrder.LITTLE_ENDIAN);
    int[] words = new int[bytes / 4];
    bitset.asIntBuffer().get(words);
    return new BloomFilter(words);
  }

  /** No Bloom filter header (a few fields) comes near this, encrypted or not. */
  private static final int MAX_HEADER_MODULE = 1 << 16;

  private static BloomFilter readEncrypted(InputFile file, ColumnMetaData meta, ChunkCrypto crypto)
      throws IOException {
    long offset = meta.bloomFilterOffset();
    long fileLength = file.length();
    if (offset < 4 || offset + 4 > fileLength) {
      throw new ParquetFormatException(
          "the Bloom filter offset " + offset + " is outside the file of " + fileLength + " bytes");
    }
    long available = fileLength - offset;
    int headerModule = ChunkCrypto.moduleLength(file.read(offset, 4), available);
    if (headerModule > MAX_HEADER_MODULE) {
      throw new ParquetFormatException(
          "a Bloom filter header module of " + headerModule + " bytes, more than any header");
    }
    BloomFilterHeader header =
        ThriftCodec.readBloomFilterHeader(
            ByteBuffer.wrap(crypto.bloomFilterHeader(file.read(offset, headerModule))));
    if (!header.isSupported()) {
      return null;
    }
    long bitsetAt = offset + headerModule;
    if (bitsetAt + 4 > fileLength) {
      throw new ParquetFormatException("the Bloom filter's bitset is outside the file");
    }
    int bitsetModule = ChunkCrypto.moduleLength(file.read(bitsetAt, 4), fileLength - bitsetAt);
    if (bitsetModule > MAX_BYTES + 64) {
      throw new ParquetFormatException(
          "a Bloom filter bitset module of " + bitsetModule + " bytes, more than any filter");
    }
    byte[] bits = crypto.bloomFilterBitset(file.read(bitsetAt, bitsetModule));
    int bytes = header.numBytes();
    if (bits.length != bytes || bytes < BLOCK_BYTES || bytes % BLOCK_BYTES != 0) {
      throw new ParquetFormatException(
          "a Bloom filter bitset of " + bits.length + " bytes where its header says " + bytes);
    }
    int[] words = new int[bytes / 4];
    ByteBuffer.wrap(bits).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words);
    return new BloomFilter(words);
  }

  /**
   * XXH64 (seed 0) of a value's PLAIN bytes.
   *
   * @param plain the bytes
   * @param offset where the value starts
   * @param length the value's length
   * @return the hash
   */
  public static long hash(byte[] plain, int offset, int length) {
    return XXH64.hash(plain, offset, length, 0);
  }

  /**
   * XXH64 (seed 0) of a value's PLAIN bytes.
   *
   * @param plain the value's bytes, whole
   * @return the hash
   */
  public static long hash(byte[] plain) {
    return hash(plain, 0, plain.length);
  }

  /**
   * Whether a value with this hash may have been inserted: false means certainly not.
   *
   * @param hash the value's {@link #hash}
   * @return false only if no value with this hash was inserted
   */
  public boolean mightContain(long hash) {
    int block = block(hash);
    int key = (int) hash;
    for (int i = 0; i < 8; i++) {
      if ((words[block + i] & (1 << ((key * SALT[i]) >>> 27))) == 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Sets the value's bits.
   *
   * @param hash the value's {@link #hash}
   */
  public void insert(long hash) {
    int block = block(hash);
    int key = (int) hash;
    for (int i = 0; i < 8; i++) {
      words[block + i] |= 1 << ((key * SALT[i]) >>> 27);
    }
  }

  private int block(long hash) {
    return (int) (((hash >>> 32) * blocks) >>> 32) * 8;
  }

  /**
   * The bitset's size in bytes.
   *
   * @return the size in bytes
   */
  public int bytes() {
    return words.length * 4;
  }

  /**
   * The bitset as stored: little-endian words.
   *
   * @return a new array of {@link #bytes()} bytes
   */
  public byte[] bitset() {
    ByteBuffer out = ByteBuffer.allocate(words.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    out.asIntBuffer().put(words);
    return out.array();
  }
}
