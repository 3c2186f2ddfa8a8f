package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.parrow.arrow.ReadOptions;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every column (flat and nested) of every arrow-rs interop case reads value-equal to the Arrow
 * table it was written from (the case's .arrow file), at a batch size that does not divide the row
 * counts, and with the source's Arrow type (restored through ARROW:schema) except the cases listed
 * in NOT_RESTORED.
 */
class ArrowRsInteropIT {
  private static final Map<String, String> LEFT_OUT = new TreeMap<>();

  /**
   * The columns whose source type the hint table does not restore (yet), with the type Parrow
   * returns instead; every other column must come back with exactly its source type (none is left:
   * dictionaries of numbers came last).
   */
  private static final Map<String, String> NOT_RESTORED = Map.of();

  /**
   * Columns read with another Arrow type than the source's: what the source has, what Parrow
   * returns.
   */
  static final Map<String, String> OTHER_TYPE = new TreeMap<>();

  private static long comparedCells;
  private static int comparedColumns;

  static Path folder() {
    Path dir = Corpus.shared().resolve("interop").resolve("arrow-rs");
    Assumptions.assumeTrue(Files.isDirectory(dir), "interop files not found at " + dir);
    return dir;
  }

  @TestFactory
  Stream<DynamicTest> everyCase() throws IOException {
    try (Stream<Path> files = Files.list(folder())) {
      return files.filter(p -> p.toString().endsWith(".parquet")).sorted().toList().stream()
          .map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> compare(p)));
    }
  }

  @AfterAll
  static void summary() {
    System.out.println(
        "arrow-rs interop: "
            + comparedColumns
            + " columns, "
            + comparedCells
            + " values compared; columns left to later issues ("
            + LEFT_OUT.size()
            + "):");
    LEFT_OUT.forEach((k, v) -> System.out.println("  " + k + ": " + v));
    System.out.println("Read with another type than the source's (" + OTHER_TYPE.size() + "):");
    OTHER_TYPE.forEach((k, v) -> System.out.println("  " + k + ": " + v));
  }

  private static void compare(Path parquetFile) throws Exception {
    String name = parquetFile.getFileName().toString().replace(".parquet", "");
    Path arrowFile = parquetFile.resolveSibling(name + ".arrow");
    if (name.equals("a_decimal32_64")) {
      // Arrow Java 19 cannot read Decimal32/Decimal64 IPC data: compare with the exact decimals
      // instead.
      LEFT_OUT.put(
          name,
          "ground truth unreadable by Arrow Java 19 (Decimal32/64); read as Decimal128 by Parrow");
      return;
    }
    try (BufferAllocator allocator = new RootAllocator()) {
      Columns expected = readArrowFile(arrowFile, allocator);
      Columns actual =
          CorpusReadIT.readWithParrow(
              parquetFile, allocator, ReadOptions.builder().batchSize(333).build());
      assertEquals(expected.rows, actual.rows, "rows");
      assertEquals(expected.values.keySet(), actual.values.keySet(), "every column read");
      for (String column : actual.values.keySet()) {
        List<Object> e = expected.values.get(column);
        assertTrue(e != null, "the source table has no column " + column);
        Field sourceField = expected.fields.get(column);
        Field ourField = actual.fields.get(column);
        ArrowType sourceType = sourceField.getType();
        ArrowType ourType = ourField.getType();
        List<Object> a = actual.values.get(column);
        assertEquals(e.size(), a.size(), column + ": values");
        comparedColumns++;
        String typeDiff = typeDifference(sourceField, ourField);
        if (typeDiff != null) {
          OTHER_TYPE.put(name + "." + column, typeDiff);
        }
        assertEquals(
            NOT_RESTORED.get(name + "." + column),
            typeDiff,
            name + "." + column + ": the Arrow type");
        if (typeDiff == null) {
          assertEquals(
              null,
              fieldDifference(sourceField, ourField, column),
              name + "." + column + ": names, nullability and metadata at every depth");
        }
        comparedCells += a.size();
        for (int row = 0; row < a.size(); row++) {
          Object want = e.get(row);
          if (!Objects.equals(want, a.get(row))) {
            fail(
                column
                    + " row "
                    + row
                    + ": the source ("
                    + sourceType
                    + ") has "
                    + e.get(row)
                    + ", Parrow ("
                    + ourType
                    + ") has "
                    + a.get(row));
          }
        }
      }
    }
  }

  /**
   * Where two fields of the same type differ in name, nullability or field metadata at any depth
   * (list elements, map entries, keys and values included), or null.
   */
  static String fieldDifference(Field source, Field ours, String path) {
    Map<String, String> sm = source.getMetadata() == null ? Map.of() : source.getMetadata();
    Map<String, String> om = ours.getMetadata() == null ? Map.of() : ours.getMetadata();
    if (!source.getName().equals(ours.getName())
        || source.isNullable() != ours.isNullable()
        || !sm.equals(om)) {
      return path + ": source " + source + " " + sm + ", Parrow " + ours + " " + om;
    }
    for (int i = 0; i < source.getChildren().size(); i++) {
      String diff =
          fieldDifference(
              source.getChildren().get(i),
              ours.getChildren().get(i),
              path + "." + source.getChildren().get(i).getName());
      if (diff != null) {
        return diff;
      }
    }
    return null;
  }

  /**
   * Where the two fields' types differ (type, dictionary encoding, at any depth; names and
   * nullability aside), as "source X, Parrow Y", or null when they are the same.
   */
  static String typeDifference(Field source, Field ours) {
    ArrowType s = source.getType();
    ArrowType o = ours.getType();
    boolean sameDictionary =
        (source.getDictionary() == null) == (ours.getDictionary() == null)
            && (source.getDictionary() == null
                || source.getDictionary().getIndexType().equals(ours.getDictionary().getIndexType())
                    && source.getDictionary().isOrdered() == ours.getDictionary().isOrdered());
    if (!s.equals(o) || !sameDictionary) {
      return "source " + describe(source) + ", Parrow " + describe(ours);
    }
    if (source.getChildren().size() != ours.getChildren().size()) {
      return "source " + source + ", Parrow " + ours;
    }
    for (int i = 0; i < source.getChildren().size(); i++) {
      String diff = typeDifference(source.getChildren().get(i), ours.getChildren().get(i));
      if (diff != null) {
        return diff;
      }
    }
    return null;
  }

  private static String describe(Field f) {
    return f.getDictionary() == null
        ? f.getType().toString()
        : "Dictionary<"
            + f.getDictionary().getIndexType()
            + (f.getDictionary().isOrdered() ? ", ordered" : "")
            + ", "
            + f.getType()
            + ">";
  }

  /** The source table, dictionary columns decoded to their values. */
  static Columns readArrowFile(Path file, BufferAllocator allocator) throws Exception {
    Columns columns = new Columns();
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        ArrowFileReader reader = new ArrowFileReader(channel, allocator)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      for (var field : root.getSchema().getFields()) {
        columns.values.put(field.getName(), new ArrayList<>());
        // The source's own field (a dictionary one stays one), not the decoded vector's.
        columns.fields.put(field.getName(), field);
      }
      while (reader.loadNextBatch()) {
        for (FieldVector v : root.getFieldVectors()) {
          DictionaryEncoding encoding = v.getField().getDictionary();
          if (encoding == null) {
            columns.append(v.getField().getName(), v, root.getRowCount());
            continue;
          }
          // Decoded vectors are named after the dictionary: keep the column's own name.
          Dictionary dictionary = reader.getDictionaryVectors().get(encoding.getId());
          try (FieldVector decoded = (FieldVector) DictionaryEncoder.decode(v, dictionary)) {
            columns.append(v.getField().getName(), decoded, root.getRowCount());
          }
        }
        columns.added(root.getRowCount());
      }
    }
    return columns;
  }
}
