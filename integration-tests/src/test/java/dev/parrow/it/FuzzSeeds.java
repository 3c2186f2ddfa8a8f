package dev.parrow.it;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.crypto.FileEncryption;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.CompressionCodec;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.thrift.ThriftCodec;
import dev.parrow.storage.OutputFile;
import dev.parrow.types.ArrowSchemaBlob;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Writes the seed corpus of the fuzz targets in {@code dev.parrow.fuzz}: small files Parrow writes
 * (flat and nested, every encoding, pages v1 and v2, several codecs), and from them the inputs of
 * each target, in Jazzer's layout ({@code <Class>Inputs/<method>/}). Run it again when the writer
 * changes what it writes: {@code mvn -B -q -pl integration-tests exec:java@fuzz-seeds}.
 */
public final class FuzzSeeds {
  private FuzzSeeds() {}

  public static void main(String[] args) throws IOException {
    Path out = Path.of(args[0]);
    Map<String, byte[]> files = files(Files.createTempDirectory("fuzz-seeds"));
    Path fileDir = Files.createDirectories(out.resolve("files"));
    int index = 0;
    for (Map.Entry<String, byte[]> file : files.entrySet()) {
      String name = file.getKey();
      byte[] bytes = file.getValue();
      Files.write(fileDir.resolve(name), bytes);
      // WholeFileFuzzTest: the first byte picks one of ten option sets; two per file, and the
      // filtered read (8) for every file.
      for (int option : new int[] {index % 10, (index + 5) % 10, 8}) {
        write(out, "WholeFileFuzzTestInputs/wholeFile", name + "-options" + option, option, bytes);
      }
      FileMetaData meta = footer(bytes);
      write(out, "MetadataFuzzTestInputs/footer", name, -1, footerBytes(bytes));
      ColumnChunk chunk = meta.rowGroups().get(0).columns().get(0);
      ColumnMetaData column = chunk.metaData();
      long firstPage =
          column.dictionaryPageOffset() != null
              ? column.dictionaryPageOffset()
              : column.dataPageOffset();
      write(
          out,
          "MetadataFuzzTestInputs/pageStructures",
          name + "-page",
          0,
          range(bytes, firstPage, 64));
      if (chunk.columnIndexOffset() != null) {
        write(
            out,
            "MetadataFuzzTestInputs/pageStructures",
            name + "-column-index",
            1,
            range(bytes, chunk.columnIndexOffset(), chunk.columnIndexLength()));
        write(
            out,
            "MetadataFuzzTestInputs/pageStructures",
            name + "-offset-index",
            2,
            range(bytes, chunk.offsetIndexOffset(), chunk.offsetIndexLength()));
      }
      index++;
    }
    // HintFuzzTest: each base file's own hint, under each dictionary mode (the first byte).
    String[] bases = {"flat_dictionary.parquet", "flat_encodings.parquet", "nested_v1.parquet"};
    for (int b = 0; b < bases.length; b++) {
      byte[] hint = Base64.getDecoder().decode(hint(footer(files.get(bases[b]))));
      for (int mode = 0; mode < 3; mode++) {
        write(out, "HintFuzzTestInputs/hint", bases[b] + "-mode" + mode, b + 8 * mode, hint);
      }
    }
    // WholeFileFuzzTest#encryptedFile: two files rewritten with each way of encrypting them (the
    // keys its KEYS hold); the first byte picks the options (and its high bit the signature check).
    String[] encrypted = {"flat_pruning.parquet", "nested_v1.parquet"};
    for (String name : encrypted) {
      Map<String, FileEncryption> ways = encryptions(files.get(name));
      int option = 0;
      for (Map.Entry<String, FileEncryption> way : ways.entrySet()) {
        byte[] bytes = encrypt(files.get(name), way.getValue());
        write(
            out,
            "WholeFileFuzzTestInputs/encryptedFile",
            name + "-" + way.getKey(),
            (option * 3) % 12 | (option % 2 == 1 ? 0x80 : 0),
            bytes);
        if (way.getValue().plaintextFooter()) {
          // MetadataFuzzTest#plaintextFooter: the footer without its signature.
          byte[] footer = footerBytes(bytes);
          write(
              out,
              "MetadataFuzzTestInputs/plaintextFooter",
              name,
              -1,
              Arrays.copyOf(footer, footer.length - 28));
        }
        option++;
      }
    }
  }

  /** The seed's keys for {@code WholeFileFuzzTest#encryptedFile}. */
  public static final byte[] FOOTER_KEY =
      "0123456789012345".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  public static final byte[] COLUMN_KEY =
      "1234567890123450".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  /** The ways a seed is encrypted: uniform, column keys under a plaintext footer, AAD prefix. */
  private static Map<String, FileEncryption> encryptions(byte[] file) {
    String first = footer(file).schema().get(1).name();
    Map<String, FileEncryption> out = new LinkedHashMap<>();
    out.put("uniform", FileEncryption.builder(FOOTER_KEY).footerKeyMetadata(kf()).build());
    out.put(
        "ctr-plaintext-footer",
        FileEncryption.builder(FOOTER_KEY)
            .footerKeyMetadata(kf())
            .algorithm(FileEncryption.Algorithm.AES_GCM_CTR_V1)
            .plaintextFooter(true)
            .columnKey(first, COLUMN_KEY, "kc".getBytes(java.nio.charset.StandardCharsets.US_ASCII))
            .build());
    out.put(
        "column-key-aad",
        FileEncryption.builder(FOOTER_KEY)
            .footerKeyMetadata(kf())
            .columnKey(first, COLUMN_KEY, "kc".getBytes(java.nio.charset.StandardCharsets.US_ASCII))
            .footerKeyForOtherColumns()
            .aadPrefix("fuzz".getBytes(java.nio.charset.StandardCharsets.US_ASCII), true)
            .build());
    return out;
  }

  private static byte[] kf() {
    return "kf".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }

  /** The file rewritten, encrypted; Bloom filters and the page index as the writer makes them. */
  private static byte[] encrypt(byte[] file, FileEncryption encryption) throws IOException {
    Path target = Files.createTempFile("seed", ".parquet");
    try (BufferAllocator allocator = new RootAllocator();
        dev.parrow.arrow.ParquetFile parquet =
            dev.parrow.arrow.ParquetFile.open(
                dev.parrow.storage.InputFile.of(ByteBuffer.wrap(file), "seed"));
        dev.parrow.arrow.ParquetArrowReader reader = parquet.newReader(allocator)) {
      ParquetArrowWriter.writeAll(
          reader,
          OutputFile.of(target),
          WriteOptions.builder()
              .rowGroupRows(10)
              .pageRows(4)
              .column(footer(file).schema().get(1).name(), c -> c.bloomFilter())
              .encryption(encryption)
              .build(),
          rows -> {});
      return Files.readAllBytes(target);
    } finally {
      Files.deleteIfExists(target);
    }
  }

  /** The seed files, by name. */
  static Map<String, byte[]> files(Path dir) throws IOException {
    Map<String, byte[]> files = new LinkedHashMap<>();
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot all = WriteReadBackIT.data(allocator);
        VectorSchemaRoot sliced = all.slice(0, 24);
        NestedData nestedData = new NestedData(allocator);
        VectorSchemaRoot nested = nestedData.root.slice(0, 30)) {
      VectorSchemaRoot flat = fewDecimals(sliced);
      WriteOptions.Builder encodings =
          WriteOptions.builder()
              .dictionary(false)
              .dataPageVersion(WriteOptions.DataPageVersion.V2)
              .compression(CompressionCodec.ZSTD)
              .pageSizeBytes(256)
              .rowGroupRows(10);
      WriteReadBackIT.ENCODINGS.forEach(
          (column, encoding) -> {
            if (flat.getVector(column) != null) {
              encodings.column(column, c -> c.encoding(encoding));
            }
          });
      files.put(
          "flat_dictionary.parquet",
          write(
              dir,
              flat,
              null,
              WriteOptions.builder()
                  .compression(CompressionCodec.SNAPPY)
                  .pageSizeBytes(256)
                  .rowGroupRows(10)
                  .writeCrc(true)
                  .build()));
      files.put("flat_encodings.parquet", write(dir, flat, null, encodings.build()));
      // ALP (FLOAT and DOUBLE), which no peer writes yet: its vectors, exceptions and offsets.
      files.put(
          "flat_alp.parquet",
          write(
              dir,
              flat,
              null,
              WriteOptions.builder()
                  .dictionary(false)
                  .compression(CompressionCodec.UNCOMPRESSED)
                  .pageSizeBytes(256)
                  .rowGroupRows(10)
                  .column("f32", c -> c.encoding(dev.parrow.codec.metadata.Encoding.ALP))
                  .column("f64", c -> c.encoding(dev.parrow.codec.metadata.Encoding.ALP))
                  .build()));
      // Small pages with a page index and Bloom filters, for the filtered reads.
      files.put(
          "flat_pruning.parquet",
          write(
              dir,
              flat,
              null,
              WriteOptions.builder()
                  .pageRows(4)
                  .rowGroupRows(12)
                  .column("i32", c -> c.bloomFilter(16, 0.05))
                  .column("i64", c -> c.bloomFilter(16, 0.05))
                  .column("utf8", c -> c.bloomFilter(16, 0.05))
                  .build()));
      files.put(
          "flat_plain_lz4.parquet",
          write(
              dir,
              flat,
              null,
              WriteOptions.builder()
                  .dictionary(false)
                  .compression(CompressionCodec.LZ4_RAW)
                  .statistics(false)
                  .build()));
      files.put(
          "nested_v1.parquet",
          write(
              dir,
              nested,
              nestedData.provider,
              WriteOptions.builder()
                  .compression(CompressionCodec.UNCOMPRESSED)
                  .pageSizeBytes(256)
                  .rowGroupRows(12)
                  .build()));
      files.put(
          "nested_v2_gzip.parquet",
          write(
              dir,
              nested,
              nestedData.provider,
              WriteOptions.builder()
                  .dataPageVersion(WriteOptions.DataPageVersion.V2)
                  .dictionary(false)
                  .compression(CompressionCodec.GZIP)
                  .writeCrc(true)
                  .build()));
    }
    return files;
  }

  /**
   * The table's columns with four of its 76 decimal columns (one of each physical type and the
   * widest), so that a seed stays small enough to mutate quickly. Shares the vectors of {@code
   * root}.
   */
  private static VectorSchemaRoot fewDecimals(VectorSchemaRoot root) {
    java.util.List<org.apache.arrow.vector.FieldVector> kept = new java.util.ArrayList<>();
    for (var v : root.getFieldVectors()) {
      String name = v.getName();
      if (!name.matches("dec[0-9]+")
          || java.util.Set.of("dec5", "dec12", "dec30", "dec76").contains(name)) {
        kept.add(v);
      }
    }
    return new VectorSchemaRoot(kept);
  }

  private static byte[] write(
      Path dir, VectorSchemaRoot root, DictionaryProvider provider, WriteOptions options)
      throws IOException {
    Path file = Files.createTempFile(dir, "seed", ".parquet");
    try (ParquetArrowWriter writer =
        provider == null
            ? ParquetArrowWriter.create(file, root.getSchema(), options)
            : ParquetArrowWriter.create(OutputFile.of(file), root.getSchema(), options, provider)) {
      writer.write(root);
    }
    return Files.readAllBytes(file);
  }

  private static void write(Path out, String dir, String name, int firstByte, byte[] bytes)
      throws IOException {
    Path target = Files.createDirectories(out.resolve(dir)).resolve(name);
    byte[] content = bytes;
    if (firstByte >= 0) {
      content = new byte[bytes.length + 1];
      content[0] = (byte) firstByte;
      System.arraycopy(bytes, 0, content, 1, bytes.length);
    }
    Files.write(target, content);
  }

  private static byte[] footerBytes(byte[] file) {
    int length = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).getInt(file.length - 8);
    return Arrays.copyOfRange(file, file.length - 8 - length, file.length - 8);
  }

  private static FileMetaData footer(byte[] file) {
    return ThriftCodec.readFileMetaData(ByteBuffer.wrap(footerBytes(file)));
  }

  private static String hint(FileMetaData meta) {
    return java.util.Objects.requireNonNull(meta.keyValue(ArrowSchemaBlob.KEY), "ARROW:schema");
  }

  private static byte[] range(byte[] file, long offset, int length) {
    int from = (int) offset;
    return Arrays.copyOfRange(file, from, Math.min(file.length, from + length));
  }
}
