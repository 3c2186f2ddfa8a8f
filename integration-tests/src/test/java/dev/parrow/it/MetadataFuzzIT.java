package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.parrow.arrow.ParquetArrowWriter;
import dev.parrow.arrow.WriteOptions;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.KeyValue;
import dev.parrow.codec.metadata.PhysicalType;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.storage.OutputFile;
import dev.parrow.types.ArrowSchemaBlob;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Footers changed as structures rather than as bytes: schema elements with other types, lengths,
 * child counts and repetitions, and ARROW:schema hints with other types, shapes and names, each
 * still a well-formed footer. Every read either succeeds or fails with a ParquetFormatException
 * naming the file: never another exception or a leaked buffer. Deterministic seeds.
 */
class MetadataFuzzIT {
  /** Trials per file; {@code -Dparrow.fuzz.trials=N -Dparrow.fuzz.seed=S} runs longer or others. */
  private static final int TRIALS_PER_FILE = Integer.getInteger("parrow.fuzz.trials", 400);

  private static final long SEED = Long.getLong("parrow.fuzz.seed", 0);

  @TempDir static Path dir;

  @TestFactory
  Stream<DynamicTest> mutatedFooters() throws Exception {
    Path flat = dir.resolve("flat.parquet");
    Path nested = dir.resolve("nested.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        var root = WriteReadBackIT.data(allocator);
        NestedData data = new NestedData(allocator)) {
      try (var writer =
          ParquetArrowWriter.create(flat, root.getSchema(), WriteOptions.builder().build())) {
        writer.write(root);
      }
      try (var writer =
          ParquetArrowWriter.create(
              OutputFile.of(nested),
              data.root.getSchema(),
              WriteOptions.builder().build(),
              data.provider)) {
        writer.write(data.root);
      }
    }
    List<Path> files =
        new ArrayList<>(
            List.of(
                flat,
                nested,
                FixturesIT.projectTestdata().resolve("nested_uncompressed.parquet"),
                FixturesIT.projectTestdata().resolve("all_types_snappy.parquet")));
    // -Dparrow.fuzz.dir=DIR adds every .parquet file of DIR (the interop files, for example).
    String extra = System.getProperty("parrow.fuzz.dir");
    if (extra != null) {
      try (var listing = Files.list(Path.of(extra))) {
        listing.filter(p -> p.toString().endsWith(".parquet")).sorted().forEach(files::add);
      }
    }
    return files.stream()
        .map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> fuzz(file)));
  }

  private static void fuzz(Path file) throws Exception {
    byte[] original = Files.readAllBytes(file);
    FileMetaData meta = Footers.read(original);
    Random random = new Random(file.getFileName().toString().hashCode() + SEED);
    int errors = 0;
    for (int trial = 0; trial < TRIALS_PER_FILE; trial++) {
      // One to three changes, to the schema or the hint.
      FileMetaData mutated = meta;
      for (int k = 1 + random.nextInt(3); k > 0 && mutated != null; k--) {
        mutated =
            random.nextBoolean() ? mutateSchema(mutated, random) : mutateHint(mutated, random);
      }
      if (mutated == null) {
        continue;
      }
      byte[] bytes = Footers.replace(original, mutated);
      String name = "trial-" + trial;
      try {
        readAll(bytes, name);
      } catch (ParquetFormatException e) {
        assertTrue(e.getMessage().startsWith(name), e.getMessage());
        errors++;
      } catch (Throwable t) {
        fail(file.getFileName() + " " + name + ": " + t, t);
      }
    }
    assertTrue(
        errors > 0 || extraFile(file),
        "no mutation was ever refused: the test does not reach the checks");
  }

  private static boolean extraFile(Path file) {
    return System.getProperty("parrow.fuzz.dir") != null
        && file.startsWith(Path.of(System.getProperty("parrow.fuzz.dir")));
  }

  private static void readAll(byte[] bytes, String name) throws Exception {
    CorruptFileFuzzIT.readAll(bytes, name);
  }

  private static FileMetaData mutateSchema(FileMetaData m, Random random) {
    List<SchemaElement> schema = new ArrayList<>(m.schema());
    int i = random.nextInt(schema.size());
    SchemaElement e = schema.get(i);
    PhysicalType[] types = PhysicalType.values();
    SchemaElement changed =
        switch (random.nextInt(5)) {
          case 0 ->
              copy(
                  e,
                  types[random.nextInt(types.length)],
                  e.typeLength(),
                  e.repetition(),
                  e.numChildren());
          case 1 -> copy(e, e.type(), random.nextInt(3) - 1, e.repetition(), e.numChildren());
          case 2 ->
              copy(
                  e,
                  e.type(),
                  e.typeLength(),
                  e.repetition(),
                  e.numChildren() == null ? null : e.numChildren() + random.nextInt(5) - 2);
          case 3 ->
              copy(
                  e,
                  e.type(),
                  e.typeLength(),
                  Repetition.values()[random.nextInt(3)],
                  e.numChildren());
          default -> {
            // Swap two elements' annotations.
            SchemaElement other = schema.get(random.nextInt(schema.size()));
            yield new SchemaElement(
                e.type(),
                e.typeLength(),
                e.repetition(),
                e.name(),
                e.numChildren(),
                other.convertedType(),
                other.scale(),
                other.precision(),
                e.fieldId(),
                other.logicalType(),
                e.vectorLength());
          }
        };
    schema.set(i, changed);
    return m.withSchema(schema);
  }

  private static SchemaElement copy(
      SchemaElement e, PhysicalType type, Integer length, Repetition repetition, Integer children) {
    return new SchemaElement(
        type,
        length,
        repetition,
        e.name(),
        children,
        e.convertedType(),
        e.scale(),
        e.precision(),
        e.fieldId(),
        e.logicalType(),
        e.vectorLength());
  }

  private static FileMetaData mutateHint(FileMetaData m, Random random) {
    List<KeyValue> kv = m.keyValueMetadata() == null ? List.of() : m.keyValueMetadata();
    KeyValue blob =
        kv.stream().filter(k -> ArrowSchemaBlob.KEY.equals(k.key())).findFirst().orElse(null);
    if (blob == null) {
      return null;
    }
    Schema hint = ArrowSchemaBlob.decode(blob.value(), new ArrayList<>()).orElse(null);
    if (hint == null) {
      return null;
    }
    List<Field> fields = new ArrayList<>(hint.getFields());
    int i = random.nextInt(fields.size());
    fields.set(i, mutate(fields.get(i), fields, random));
    String encoded = ArrowSchemaBlob.encode(new Schema(fields, hint.getCustomMetadata()));
    return m.withKeyValue(blob.key(), encoded);
  }

  private static final ArrowType[] ODD_TYPES = {
    new ArrowType.Int(0, true),
    new ArrowType.Int(29, false),
    new ArrowType.Int(8, false),
    new ArrowType.Int(64, true),
    new ArrowType.FixedSizeBinary(0),
    new ArrowType.FixedSizeBinary(3),
    new ArrowType.Decimal(0, 0, 128),
    new ArrowType.Decimal(60, 2, 128),
    new ArrowType.Decimal(10, 2, 256),
    new ArrowType.Time(TimeUnit.MICROSECOND, 32),
    new ArrowType.Time(TimeUnit.SECOND, 64),
    new ArrowType.Timestamp(TimeUnit.SECOND, "Europe/Paris"),
    new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.MILLISECOND),
    new ArrowType.Duration(TimeUnit.NANOSECOND),
    new ArrowType.FloatingPoint(FloatingPointPrecision.HALF),
    ArrowType.LargeUtf8.INSTANCE,
    ArrowType.LargeBinary.INSTANCE,
    ArrowType.Struct.INSTANCE,
    ArrowType.List.INSTANCE,
    ArrowType.LargeList.INSTANCE,
    new ArrowType.FixedSizeList(2),
    new ArrowType.FixedSizeList(0),
    new ArrowType.Map(false),
    ArrowType.Null.INSTANCE,
  };

  private static FieldType oddType(Field f, Random random) {
    ArrowType type = ODD_TYPES[random.nextInt(ODD_TYPES.length)];
    return new FieldType(f.isNullable(), type, null, f.getMetadata());
  }

  /** {@code f} with another type, name, children or nullability, or swapped with a sibling. */
  private static Field mutate(Field f, List<Field> siblings, Random random) {
    if (!f.getChildren().isEmpty() && random.nextBoolean()) {
      List<Field> children = new ArrayList<>(f.getChildren());
      int c = random.nextInt(children.size());
      children.set(c, mutate(children.get(c), children, random));
      return new Field(f.getName(), f.getFieldType(), children);
    }
    return switch (random.nextInt(5)) {
      case 0 -> new Field(f.getName(), oddType(f, random), f.getChildren());
      case 1 -> new Field(f.getName(), oddType(f, random), List.of());
      case 2 -> new Field(null, f.getFieldType(), f.getChildren());
      case 3 -> {
        Field other = siblings.get(random.nextInt(siblings.size()));
        yield new Field(f.getName(), other.getFieldType(), other.getChildren());
      }
      default -> {
        List<Field> children = new ArrayList<>(f.getChildren());
        children.add(new Field("extra", FieldType.nullable(new ArrowType.Int(32, true)), null));
        yield new Field(f.getName(), f.getFieldType(), children);
      }
    };
  }
}
