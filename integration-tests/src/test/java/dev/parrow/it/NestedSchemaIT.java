package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.footer.FooterReader;
import dev.parrow.storage.InputFile;
import dev.parrow.types.NestedSchema;
import dev.parrow.types.TypeOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The Arrow schema Parrow derives for every corpus file, nested groups included, has the shape
 * Arrow C++ gives the same file: the same fields, the same kinds of type at every level (list, map,
 * struct, leaf) and the same nullability. Names of list children and map entries, leaf details that
 * TYPE-MAPPING.md sets on purpose (INT96's zone, integer widths), and Large variants (from the
 * ARROW:schema hint, a later issue) are not compared.
 */
class NestedSchemaIT {
  private static final Map<String, String> NOT_COMPARED = new TreeMap<>();

  @TestFactory
  Stream<DynamicTest> everyCorpusFile() {
    return Corpus.allParquetFiles().stream()
        .filter(f -> !Corpus.isEncrypted(f))
        .map(f -> DynamicTest.dynamicTest(Corpus.name(f), () -> compare(f)));
  }

  /**
   * Every arrow-rs case: the derived shape equals the shape of the Arrow table the file was written
   * from, where that shape survives without the ARROW:schema hint (see {@link #withoutHint}).
   */
  @TestFactory
  Stream<DynamicTest> everyArrowRsCase() throws Exception {
    try (Stream<Path> files = java.nio.file.Files.list(ArrowRsInteropIT.folder())) {
      return files.filter(p -> p.toString().endsWith(".parquet")).sorted().toList().stream()
          .filter(p -> !p.getFileName().toString().equals("a_decimal32_64.parquet"))
          .map(
              p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> compareWithSource(p)));
    }
  }

  private static void compareWithSource(Path parquet) throws Exception {
    Schema ours;
    try (InputFile in = InputFile.of(parquet)) {
      ours =
          NestedSchema.arrowSchema(
              FooterReader.read(in).schema(), TypeOptions.defaults(), new ArrayList<>());
    }
    Path arrow =
        parquet.resolveSibling(parquet.getFileName().toString().replace(".parquet", ".arrow"));
    List<Field> source = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(arrow);
        org.apache.arrow.vector.ipc.ArrowFileReader reader =
            new org.apache.arrow.vector.ipc.ArrowFileReader(channel, allocator)) {
      for (Field f : reader.getVectorSchemaRoot().getSchema().getFields()) {
        source.add(withoutHint(f, reader.getDictionaryVectors()));
      }
    }
    assertEquals(shape(source), shape(ours.getFields()));
  }

  /**
   * A source field as the Parquet data holds it without the ARROW:schema hint (a later issue
   * restores the rest): dictionaries as their value type; time32[s], timestamp[s], date64 and
   * durations, which arrow-rs stores as bare integers, as integers; large, view and fixed-size
   * variants as the plain ones.
   */
  private static Field withoutHint(
      Field f, Map<Long, org.apache.arrow.vector.dictionary.Dictionary> dictionaries) {
    ArrowType t = f.getType();
    if (f.getDictionary() != null) {
      t = dictionaries.get(f.getDictionary().getId()).getVector().getField().getType();
    }
    if (t instanceof ArrowType.Time time
            && time.getUnit() == org.apache.arrow.vector.types.TimeUnit.SECOND
        || t instanceof ArrowType.Timestamp ts
            && ts.getUnit() == org.apache.arrow.vector.types.TimeUnit.SECOND
        || t instanceof ArrowType.Date d
            && d.getUnit() == org.apache.arrow.vector.types.DateUnit.MILLISECOND
        || t instanceof ArrowType.Duration) {
      t = new ArrowType.Int(64, true);
    } else if (t instanceof ArrowType.LargeUtf8 || t instanceof ArrowType.Utf8View) {
      t = ArrowType.Utf8.INSTANCE;
    } else if (t instanceof ArrowType.LargeBinary || t instanceof ArrowType.BinaryView) {
      t = ArrowType.Binary.INSTANCE;
    }
    List<Field> children = new ArrayList<>();
    for (Field child : f.getChildren()) {
      children.add(withoutHint(child, dictionaries));
    }
    return new Field(
        f.getName(),
        new org.apache.arrow.vector.types.pojo.FieldType(f.isNullable(), t, null),
        children);
  }

  @AfterAll
  static void summary() {
    System.out.println("Schemas not compared (" + NOT_COMPARED.size() + "):");
    NOT_COMPARED.forEach((f, why) -> System.out.println("  " + f + ": " + why));
  }

  @SuppressWarnings("try")
  private static void compare(Path file) throws Exception {
    Schema ours;
    try (InputFile in = InputFile.of(file)) {
      Footer footer = FooterReader.read(in);
      ours = NestedSchema.arrowSchema(footer.schema(), TypeOptions.defaults(), new ArrayList<>());
    } catch (ParquetFormatException e) {
      NOT_COMPARED.put(Corpus.name(file), "Parrow rejects it: " + e.problem());
      return;
    }
    Schema theirs;
    try (BufferAllocator allocator = new RootAllocator();
        FileSystemDatasetFactory factory =
            new FileSystemDatasetFactory(
                allocator,
                NativeMemoryPool.getDefault(),
                FileFormat.PARQUET,
                file.toUri().toString())) {
      theirs = factory.inspect();
    } catch (RuntimeException e) {
      NOT_COMPARED.put(
          Corpus.name(file),
          "Arrow C++ cannot read its schema: " + e.getMessage().lines().findFirst().orElse(""));
      return;
    }
    assertEquals(shape(theirs.getFields()), shape(ours.getFields()));
  }

  static String shape(List<Field> fields) {
    return fields.stream().map(f -> shape(f, true)).collect(Collectors.joining(", ", "{", "}"));
  }

  private static String shape(Field f, boolean named) {
    ArrowType t = f.getType();
    String kind =
        switch (t.getTypeID()) {
          case List, LargeList, FixedSizeList ->
              "list<" + shape(f.getChildren().get(0), false) + ">";
          case Map ->
              "map<"
                  + shape(f.getChildren().get(0).getChildren().get(0), false)
                  + ", "
                  + shape(f.getChildren().get(0).getChildren().get(1), false)
                  + ">";
          case Struct -> "struct" + shape(f.getChildren());
          case Int -> "int";
          // Large variants come from the ARROW:schema hint, which Arrow C++ applies and Parrow will
          // (a later
          // issue): the same Parquet data either way.
          case LargeUtf8 -> "utf8";
          case LargeBinary -> "binary";
          case Timestamp -> "timestamp";
          default -> t.getTypeID().name().toLowerCase(java.util.Locale.ROOT);
        };
    return (named ? f.getName() + ": " : "") + kind + (f.isNullable() ? "" : " not null");
  }
}
