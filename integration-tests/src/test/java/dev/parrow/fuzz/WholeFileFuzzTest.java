package dev.parrow.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.RowSelection;
import dev.parrow.arrow.filter.Filter;
import dev.parrow.codec.metadata.LogicalType;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.types.DictionaryMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.Function;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Whole files read through the public API, every column, under one of several option sets. The
 * first byte picks the options; the rest is the file. Seeds: small files Parrow writes in every
 * encoding, page version and codec, flat and nested ({@code FuzzSeeds}).
 */
class WholeFileFuzzTest {
  private static final List<Function<ParquetFile, ReadOptions>> OPTIONS =
      List.of(
          file -> ReadOptions.defaults(),
          file ->
              ReadOptions.builder()
                  .verifyCrc(false)
                  .types(t -> t.int96OutOfRangeAsNull(true))
                  .build(),
          file -> ReadOptions.builder().batchSize(7).maxLevelsPerBatch(64).build(),
          file ->
              ReadOptions.builder()
                  .types(t -> t.dictionaryMode(DictionaryMode.PER_ROW_GROUP))
                  .build(),
          file ->
              ReadOptions.builder()
                  .types(t -> t.dictionaryMode(DictionaryMode.UNIFY))
                  .batchSize(50)
                  .build(),
          WholeFileFuzzTest::lastColumnOnly,
          file ->
              ReadOptions.builder()
                  .parallelism(2)
                  .batchSize(100)
                  .types(t -> t.uuidAsExtension(false))
                  .build(),
          file ->
              ReadOptions.builder()
                  .types(
                      t ->
                          t.useArrowSchemaHint(false)
                              .decimalsAsDouble(true)
                              .uuidAsString(true)
                              .binaryAsString(true)
                              .float16AsFloat(true))
                  .build(),
          WholeFileFuzzTest::filtered,
          file -> ReadOptions.builder().rowOffset(3).rowLimit(50).batchSize(16).build(),
          file ->
              ReadOptions.builder()
                  .rowNumbers("__row")
                  .select(RowSelection.allBut(WholeFileFuzzTest.DELETED))
                  .batchSize(64)
                  .build(),
          WholeFileFuzzTest::readAsWidened);

  /** A deletion vector: every third row, and rows 100 to 1,999. */
  private static final BitSet DELETED = new BitSet();

  static {
    for (int i = 0; i < 3_000; i += 3) {
      DELETED.set(i);
    }
    DELETED.set(100, 2_000);
  }

  /**
   * The file read as its own schema with 32-bit integers and floats widened at the top level: the
   * schema evolution's matching, conversions and moves over hostile files.
   */
  private static ReadOptions readAsWidened(ParquetFile file) {
    ReadOptions plain =
        ReadOptions.builder().types(t -> t.dictionaryMode(DictionaryMode.DECODE)).build();
    Schema own = file.arrowSchema(plain);
    List<Field> fields = new ArrayList<>();
    java.util.Set<String> names = new java.util.HashSet<>();
    for (Field f : own.getFields()) {
      if (!names.add(f.getName())) {
        // Two fields of one name: matching by name cannot tell them apart.
        return plain;
      }
      ArrowType type = f.getType();
      if (type instanceof ArrowType.Int i && i.getBitWidth() == 32 && i.getIsSigned()) {
        type = new ArrowType.Int(64, true);
      } else if (type instanceof ArrowType.FloatingPoint p
          && p.getPrecision() == FloatingPointPrecision.SINGLE) {
        type = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      }
      fields.add(
          new Field(
              f.getName(),
              new FieldType(f.isNullable(), type, null, f.getMetadata()),
              f.getChildren()));
    }
    return plain.toBuilder().readAs(new Schema(fields)).batchSize(100).build();
  }

  @FuzzTest
  void wholeFile(byte[] input) throws Exception {
    if (input.length == 0) {
      return;
    }
    FuzzChecks.readAll(
        Arrays.copyOfRange(input, 1, input.length),
        OPTIONS.get((input[0] & 0xff) % OPTIONS.size()));
  }

  /** The keys of the encrypted seeds, found by their key metadata ({@code FuzzSeeds}). */
  private static final dev.parrow.codec.crypto.FileDecryption.KeyRetriever KEYS =
      metadata ->
          switch (new String(metadata, java.nio.charset.StandardCharsets.ISO_8859_1)) {
            case "kf" -> dev.parrow.it.FuzzSeeds.FOOTER_KEY;
            case "kc" -> dev.parrow.it.FuzzSeeds.COLUMN_KEY;
            default -> null;
          };

  /**
   * Encrypted files (Parquet Modular Encryption) read with their keys: module lengths, crypto
   * metadata, encrypted column metadata, a plaintext footer's fields. The first byte picks the
   * options; its high bit turns a plaintext footer's signature check off, so that changes to the
   * footer are read rather than refused at the signature. A changed module fails its tag.
   */
  @FuzzTest
  void encryptedFile(byte[] input) throws Exception {
    if (input.length == 0) {
      return;
    }
    FuzzChecks.readAll(
        Arrays.copyOfRange(input, 1, input.length),
        OPTIONS.get((input[0] & 0x7f) % OPTIONS.size()),
        dev.parrow.codec.crypto.FileDecryption.builder()
            .keyRetriever(KEYS)
            .checkFooterSignature((input[0] & 0x80) == 0)
            .build());
  }

  /**
   * A filter on the first leaf outside lists (of a name no other has): = and IN for integer and
   * string columns, LIKE for strings (statistics, Bloom filters, dictionaries, the page index, late
   * materialisation), IS NOT NULL for others.
   */
  private static ReadOptions filtered(ParquetFile file) {
    ColumnDescriptor first = null;
    java.util.Map<String, Long> testable =
        file.parquetSchema().columns().stream()
            .filter(c -> c.maxRepetitionLevel() == 0)
            .collect(
                java.util.stream.Collectors.groupingBy(
                    ColumnDescriptor::dottedPath, java.util.stream.Collectors.counting()));
    for (ColumnDescriptor c : file.parquetSchema().columns()) {
      if (c.maxRepetitionLevel() > 0 || testable.get(c.dottedPath()) > 1) {
        // In a list, or of a name that another testable column has (which a filter refuses).
        continue;
      }
      first = first == null ? c : first;
      LogicalType logical = c.logicalType();
      String name = c.dottedPath();
      boolean plainInt = logical == null || logical instanceof LogicalType.IntType;
      if (c.convertedType() == null
          && plainInt
          && (c.physicalType() == PhysicalType.INT32 || c.physicalType() == PhysicalType.INT64)) {
        return options(Filter.or(Filter.in(name, 0L, 1L, 7L), Filter.gt(name, 1000L)));
      }
      if (c.physicalType() == PhysicalType.BYTE_ARRAY
          && logical instanceof LogicalType.StringType) {
        return options(
            Filter.or(Filter.eq(name, "w7"), Filter.lt(name, "b"), Filter.like(name, "w%1_")));
      }
      if (c.physicalType() == PhysicalType.BYTE_ARRAY && logical == null) {
        return options(Filter.or(Filter.eq(name, "w7"), Filter.lt(name, "b")));
      }
    }
    return first == null ? ReadOptions.defaults() : options(Filter.isNotNull(first.dottedPath()));
  }

  private static ReadOptions options(Filter filter) {
    return ReadOptions.builder().filter(filter).batchSize(64).build();
  }

  /** A projection: the last leaf column alone. */
  private static ReadOptions lastColumnOnly(ParquetFile file) {
    int leaves = file.parquetSchema().columnCount();
    return leaves == 0
        ? ReadOptions.defaults()
        : ReadOptions.builder().columnIndices(leaves - 1).build();
  }
}
