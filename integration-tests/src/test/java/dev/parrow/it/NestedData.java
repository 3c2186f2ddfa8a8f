package dev.parrow.it;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The nested and dictionary rows of the writing table as Arrow vectors: a list, a large list, a
 * fixed-size list, a struct holding a list, a map, a dictionary and a list of dictionary values,
 * with null and empty lists and maps, null elements, null structs and null map values, and
 * multi-byte strings. Element and entry fields carry the names Parquet gives them ("element",
 * "key_value"), which is what readers return.
 */
final class NestedData implements AutoCloseable {
  static final int ROWS = 1_200;
  static final DictionaryEncoding WORDS =
      new DictionaryEncoding(0, false, new ArrowType.Int(16, true));

  /**
   * The same words for the list's elements: readers give every dictionary column its own
   * dictionary.
   */
  static final DictionaryEncoding LIST_WORDS =
      new DictionaryEncoding(1, false, new ArrowType.Int(16, true));

  private static final String[] WORD_VALUES = {"", "alpha", "βeta", "unused", "🦜"};

  final VectorSchemaRoot root;
  final DictionaryProvider.MapDictionaryProvider provider;
  private final VarCharVector words;

  static Schema schema() {
    Field element = Field.nullable("element", new ArrowType.Int(32, true));
    Field word =
        new Field("element", new FieldType(true, new ArrowType.Int(16, true), LIST_WORDS), null);
    return new Schema(
        List.of(
            new Field("list_i32", FieldType.nullable(ArrowType.List.INSTANCE), List.of(element)),
            new Field(
                "large_list_utf8",
                FieldType.nullable(ArrowType.LargeList.INSTANCE),
                List.of(Field.nullable("element", ArrowType.LargeUtf8.INSTANCE))),
            // Non-null lists: Arrow C++ 18.3 reads no fixed-size list with null lists (see
            // NestedWriteIT).
            new Field(
                "fsl_f64",
                FieldType.notNullable(new ArrowType.FixedSizeList(3)),
                List.of(
                    Field.nullable(
                        "element", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)))),
            new Field(
                "struct",
                FieldType.nullable(ArrowType.Struct.INSTANCE),
                List.of(
                    Field.nullable("id", new ArrowType.Int(64, true)),
                    Field.nullable("name", ArrowType.Utf8.INSTANCE),
                    new Field(
                        "days",
                        FieldType.nullable(ArrowType.List.INSTANCE),
                        List.of(Field.nullable("element", new ArrowType.Date(DateUnit.DAY)))))),
            new Field(
                "map",
                FieldType.nullable(new ArrowType.Map(false)),
                List.of(
                    new Field(
                        "key_value",
                        FieldType.notNullable(ArrowType.Struct.INSTANCE),
                        List.of(
                            Field.notNullable("key", ArrowType.Utf8.INSTANCE),
                            Field.nullable("value", new ArrowType.Decimal(10, 2, 128)))))),
            new Field("dict", new FieldType(true, new ArrowType.Int(16, true), WORDS), null),
            new Field("list_dict", FieldType.nullable(ArrowType.List.INSTANCE), List.of(word))));
  }

  NestedData(BufferAllocator allocator) {
    words = new VarCharVector("words", allocator);
    for (int i = 0; i < WORD_VALUES.length; i++) {
      words.setSafe(i, WORD_VALUES[i].getBytes(StandardCharsets.UTF_8));
    }
    words.setValueCount(WORD_VALUES.length);
    provider =
        new DictionaryProvider.MapDictionaryProvider(
            new Dictionary(words, WORDS), new Dictionary(words, LIST_WORDS));
    root = VectorSchemaRoot.create(schema(), allocator);
    fill();
  }

  private void fill() {
    ListVector list = (ListVector) root.getVector("list_i32");
    IntVector ints = (IntVector) list.getDataVector();
    LargeListVector large = (LargeListVector) root.getVector("large_list_utf8");
    LargeVarCharVector strings = (LargeVarCharVector) large.getDataVector();
    FixedSizeListVector fixed = (FixedSizeListVector) root.getVector("fsl_f64");
    Float8Vector doubles = (Float8Vector) fixed.getDataVector();
    StructVector struct = (StructVector) root.getVector("struct");
    BigIntVector ids = (BigIntVector) struct.getChild("id");
    VarCharVector names = (VarCharVector) struct.getChild("name");
    ListVector days = (ListVector) struct.getChild("days");
    DateDayVector dayValues = (DateDayVector) days.getDataVector();
    MapVector map = (MapVector) root.getVector("map");
    StructVector entries = (StructVector) map.getDataVector();
    VarCharVector keys = (VarCharVector) entries.getChild("key");
    DecimalVector values = (DecimalVector) entries.getChild("value");
    SmallIntVector dict = (SmallIntVector) root.getVector("dict");
    ListVector listDict = (ListVector) root.getVector("list_dict");
    SmallIntVector listDictIds = (SmallIntVector) listDict.getDataVector();
    int li = 0;
    int ls = 0;
    int ld = 0;
    int me = 0;
    int lw = 0;
    for (int i = 0; i < ROWS; i++) {
      // list<int32>: null every 7th, empty every 5th, else i % 4 elements with a null among them.
      if (i % 7 == 3) {
        list.setNull(i);
      } else {
        list.startNewValue(i);
        int n = i % 5 == 0 ? 0 : i % 4 + 1;
        for (int k = 0; k < n; k++, li++) {
          if ((i + k) % 6 == 2) {
            ints.setNull(li);
          } else {
            ints.setSafe(
                li,
                i == 1 && k == 0
                    ? Integer.MIN_VALUE
                    : i == 2 && k == 0 ? Integer.MAX_VALUE : i * 10 + k);
          }
        }
        list.endValue(i, n);
      }
      if (i % 9 == 4) {
        large.setNull(i);
      } else {
        large.startNewValue(i);
        int n = i % 3;
        for (int k = 0; k < n; k++, ls++) {
          if ((i + k) % 5 == 1) {
            strings.setNull(ls);
          } else {
            strings.setSafe(
                ls, (k == 0 ? "é✓ " + i : "s" + (i * k)).getBytes(StandardCharsets.UTF_8));
          }
        }
        large.endValue(i, n);
      }
      fixed.setNotNull(i);
      for (int k = 0; k < 3; k++) {
        int at = i * 3 + k;
        if ((i + k) % 4 == 0) {
          doubles.setNull(at);
        } else {
          doubles.setSafe(
              at,
              k == 1 && i % 10 == 1 ? Double.NaN : k == 2 && i % 10 == 2 ? -0.0 : i / (k + 1.0));
        }
      }
      if (i % 8 == 6) {
        struct.setNull(i);
      } else {
        struct.setIndexDefined(i);
        ids.setSafe(i, i % 3 == 0 ? Long.MIN_VALUE + i : (long) i * 1_000_000_007L);
        if (i % 5 == 2) {
          names.setNull(i);
        } else {
          names.setSafe(i, ("名前" + i).getBytes(StandardCharsets.UTF_8));
        }
        if (i % 4 == 1) {
          days.setNull(i);
        } else {
          days.startNewValue(i);
          int n = i % 3;
          for (int k = 0; k < n; k++, ld++) {
            dayValues.setSafe(ld, i == 0 ? -719_162 : i * 3 - 2_000 + k);
          }
          days.endValue(i, n);
        }
      }
      if (i % 10 == 9) {
        map.setNull(i);
      } else {
        map.startNewValue(i);
        int n = i % 4;
        for (int k = 0; k < n; k++, me++) {
          entries.setIndexDefined(me);
          keys.setSafe(me, ("k" + k).getBytes(StandardCharsets.UTF_8));
          if ((i + k) % 3 == 0) {
            values.setNull(me);
          } else {
            values.setSafe(
                me,
                new BigDecimal(
                    BigDecimal.valueOf(i * 1000L + k, 2)
                        .unscaledValue()
                        .negate()
                        .add(java.math.BigInteger.valueOf(i)),
                    2));
          }
        }
        map.endValue(i, n);
      }
      if (i % 6 == 5) {
        dict.setNull(i);
      } else {
        dict.setSafe(i, new int[] {0, 1, 2, 4}[i % 4]);
      }
      if (i % 11 == 10) {
        listDict.setNull(i);
      } else {
        listDict.startNewValue(i);
        int n = i % 3;
        for (int k = 0; k < n; k++, lw++) {
          if ((i + k) % 7 == 0) {
            listDictIds.setNull(lw);
          } else {
            listDictIds.setSafe(lw, new int[] {4, 2, 1, 0}[(i + k) % 4]);
          }
        }
        listDict.endValue(i, n);
      }
    }
    ints.setValueCount(li);
    strings.setValueCount(ls);
    doubles.setValueCount(ROWS * 3);
    dayValues.setValueCount(ld);
    entries.setValueCount(me);
    keys.setValueCount(me);
    values.setValueCount(me);
    listDictIds.setValueCount(lw);
    root.setRowCount(ROWS);
  }

  @Override
  public void close() {
    root.close();
    words.close();
  }
}
