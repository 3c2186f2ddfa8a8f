package dev.parrow.arrow;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.LongFunction;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The rows the concurrent read and write tests write: a key, a low-cardinality string with nulls, a
 * text column, a list of ints (null, empty and up to four items) and a struct (null some rows),
 * each a function of the row's id.
 */
final class MixedRows {
  private MixedRows() {}

  /** id, s, txt, l (list of int) and st (struct of a: int, b: string). */
  static final List<Field> FIELDS =
      List.of(
          Field.notNullable("id", new ArrowType.Int(64, true)),
          Field.nullable("s", ArrowType.Utf8.INSTANCE),
          Field.nullable("txt", ArrowType.Utf8.INSTANCE),
          new Field(
              "l",
              FieldType.nullable(ArrowType.List.INSTANCE),
              List.of(Field.nullable("item", new ArrowType.Int(32, true)))),
          new Field(
              "st",
              FieldType.nullable(ArrowType.Struct.INSTANCE),
              List.of(
                  Field.nullable("a", new ArrowType.Int(32, true)),
                  Field.nullable("b", ArrowType.Utf8.INSTANCE))));

  /**
   * Fills {@link #FIELDS} in rows [0, rows) of an allocated root with the rows whose ids start at
   * {@code first}, the text column's value of each id from {@code text}; the caller sets the row
   * count.
   */
  static void fill(VectorSchemaRoot root, long first, int rows, LongFunction<byte[]> text) {
    BigIntVector id = (BigIntVector) root.getVector("id");
    VarCharVector s = (VarCharVector) root.getVector("s");
    VarCharVector txt = (VarCharVector) root.getVector("txt");
    ListVector l = (ListVector) root.getVector("l");
    StructVector st = (StructVector) root.getVector("st");
    IntVector a = (IntVector) st.getChild("a");
    VarCharVector b = (VarCharVector) st.getChild("b");
    UnionListWriter lw = l.getWriter();
    for (int r = 0; r < rows; r++) {
      long i = first + r;
      id.setSafe(r, i);
      if (i % 11 == 0) {
        s.setNull(r);
      } else {
        s.setSafe(r, ("k" + i % 37).getBytes(StandardCharsets.UTF_8));
      }
      txt.setSafe(r, text.apply(i));
      lw.setPosition(r);
      if (i % 13 != 0) {
        lw.startList();
        for (int e = 0; e < i % 5; e++) {
          lw.integer().writeInt((int) (i + e));
        }
        lw.endList();
      }
      if (i % 17 == 0) {
        st.setNull(r);
      } else {
        st.setIndexDefined(r);
        a.setSafe(r, (int) (i % 1000));
        b.setSafe(r, ("b" + i % 3).getBytes(StandardCharsets.UTF_8));
      }
    }
    l.setValueCount(rows);
  }
}
