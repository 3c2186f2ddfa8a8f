package dev.parrow.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.it.VectorChecks;
import dev.parrow.storage.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;

/**
 * The contract every fuzz target checks: a read succeeds with structurally valid vectors (offsets,
 * child counts, dictionary indices), or fails with a ParquetFormatException that names the file.
 * Anything else (another exception, a leaked buffer found when the allocator closes, an
 * OutOfMemoryError) escapes and is a finding.
 */
final class FuzzChecks {
  /** The name every fuzzed file is read under; format errors must start with it. */
  static final String NAME = "fuzzed.parquet";

  /** Allocator limit per read: a hostile size must fail inside it, not exhaust the heap. */
  static final long ALLOCATOR_LIMIT = 256L << 20;

  private FuzzChecks() {}

  /** Reads every batch of {@code bytes} as a file named {@link #NAME}, checking each batch. */
  static void readAll(byte[] bytes, ReadOptions options) throws IOException {
    readAll(bytes, file -> options);
  }

  /** As {@link #readAll(byte[], ReadOptions)}, with options that may depend on the file. */
  static void readAll(byte[] bytes, Function<ParquetFile, ReadOptions> options) throws IOException {
    readAll(bytes, options, null);
  }

  /** As {@link #readAll(byte[], Function)}, an encrypted file opened with {@code keys}. */
  static void readAll(
      byte[] bytes,
      Function<ParquetFile, ReadOptions> options,
      dev.parrow.codec.crypto.FileDecryption keys)
      throws IOException {
    try {
      try (BufferAllocator allocator = new RootAllocator(ALLOCATOR_LIMIT);
          ParquetFile file =
              keys == null
                  ? ParquetFile.open(InputFile.of(ByteBuffer.wrap(bytes), NAME))
                  : ParquetFile.open(InputFile.of(ByteBuffer.wrap(bytes), NAME), keys);
          ParquetArrowReader reader = file.newReader(allocator, options.apply(file))) {
        while (reader.loadNextBatch()) {
          for (FieldVector v : reader.getVectorSchemaRoot().getFieldVectors()) {
            checkVector(v, reader);
          }
        }
      }
    } catch (ParquetFormatException e) {
      assertNamesFile(e);
    }
  }

  static void assertNamesFile(ParquetFormatException e) {
    assertTrue(
        e.getMessage() != null && e.getMessage().startsWith(NAME),
        () -> "format error without the file name: " + e.getMessage());
  }

  /** Offsets and child counts (VectorChecks), then dictionary indices at every depth. */
  static void checkVector(FieldVector v, ParquetArrowReader reader) {
    VectorChecks.validateFull(v);
    checkDictionaryIds(v, reader);
  }

  private static void checkDictionaryIds(FieldVector v, ParquetArrowReader reader) {
    DictionaryEncoding encoding = v.getField().getDictionary();
    if (encoding != null) {
      Dictionary dictionary = reader.lookup(encoding.getId());
      if (dictionary == null) {
        throw new AssertionError(v.getField() + ": no dictionary with id " + encoding.getId());
      }
      VectorChecks.validateFull(dictionary.getVector());
      int size = dictionary.getVector().getValueCount();
      BaseIntVector ids = (BaseIntVector) v;
      for (int i = 0; i < v.getValueCount(); i++) {
        long id = v.isNull(i) ? 0 : ids.getValueAsLong(i);
        if (id < 0 || id >= size && !v.isNull(i)) {
          throw new AssertionError(
              v.getField() + ": index " + id + " at " + i + " outside a dictionary of " + size);
        }
      }
    }
    for (FieldVector child : v.getChildrenFromFields()) {
      checkDictionaryIds(child, reader);
    }
  }
}
