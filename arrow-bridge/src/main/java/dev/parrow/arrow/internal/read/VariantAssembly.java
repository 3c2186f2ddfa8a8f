package dev.parrow.arrow.internal.read;

import dev.parrow.arrow.internal.buffers.Buffers;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.types.VariantEncoding;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TimeStampNanoTZVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;

/**
 * Reassembles variants from their stored columns, as VariantShredding.md's {@code
 * construct_variant} does: a value alone is the variant; a shredded primitive is encoded; a
 * shredded array gets its elements reassembled; a shredded object gets its present fields, plus
 * those of the value when it is partially shredded. Invalid combinations (a value beside a shredded
 * primitive or array, a non-object value beside shredded fields) fail; a field both shredded and in
 * the value is read from its shredded column, as the spec says a reader that reads such a file must
 * do; a top-level variant or an array element that is missing reads as the variant null.
 */
final class VariantAssembly {
  private VariantAssembly() {}

  /**
   * Fills {@code out} (struct of metadata and value binaries) from {@code stored}, slot by slot.
   */
  static void assemble(StructVector stored, StructVector out, int n) {
    VarBinaryVector metadata = (VarBinaryVector) stored.getChild("metadata");
    VarBinaryVector value = binary(stored.getChild("value"));
    FieldVector typed = stored.getChild("typed_value");
    VariantEncoding.Writer values = new VariantEncoding.Writer();
    VariantEncoding.Writer metadatas = new VariantEncoding.Writer();
    int[] valueOffsets = new int[n + 1];
    int[] metadataOffsets = new int[n + 1];
    byte[] lastMetadata = null;
    VariantEncoding.Metadata dictionary = null;
    for (int i = 0; i < n; i++) {
      if (!stored.isNull(i)) {
        if (metadata.isNull(i)) {
          throw new ParquetFormatException("variant metadata is null in a non-null variant");
        }
        byte[] m = metadata.get(i);
        if (lastMetadata == null || !Arrays.equals(m, lastMetadata)) {
          dictionary = VariantEncoding.Metadata.of(m);
          lastMetadata = m;
        }
        metadatas.raw(m, 0, m.length);
        if (!emit(dictionary, value, typed, i, values, 0)) {
          values.nullValue();
        }
      }
      valueOffsets[i + 1] = values.position();
      metadataOffsets[i + 1] = metadatas.position();
    }
    ArrowFieldNode node = new ArrowFieldNode(n, stored.getNullCount());
    out.loadFieldBuffers(node, List.of(stored.getValidityBuffer()));
    load((VarBinaryVector) out.getChildByOrdinal(0), metadatas, metadataOffsets, n);
    load((VarBinaryVector) out.getChildByOrdinal(1), values, valueOffsets, n);
    out.setValueCount(n);
  }

  private static VarBinaryVector binary(Object vector) {
    return vector == null ? null : (VarBinaryVector) vector;
  }

  /** The slots' bytes into a binary vector, every slot valid (empty under a null variant). */
  private static void load(
      VarBinaryVector vector, VariantEncoding.Writer bytes, int[] offsets, int n) {
    Buffers.allocate((BaseVariableWidthVector) vector, bytes.position(), n);
    vector.getDataBuffer().setBytes(0, bytes.buffer(), 0, bytes.position());
    Buffers.putInts(vector.getOffsetBuffer(), offsets, n + 1);
    Buffers.validity(vector.getValidityBuffer(), n, null);
    vector.setLastSet(n - 1);
    vector.setValueCount(n);
  }

  /**
   * Writes the variant of slot {@code i} of a (value, typed_value) pair; false when it is missing
   * (both null).
   */
  private static boolean emit(
      VariantEncoding.Metadata m,
      VarBinaryVector value,
      FieldVector typed,
      int i,
      VariantEncoding.Writer w,
      int depth) {
    if (depth > 512) {
      throw new ParquetFormatException("variant nested deeper than 512 levels");
    }
    boolean hasValue = value != null && !value.isNull(i);
    boolean hasTyped = typed != null && !typed.isNull(i);
    if (!hasTyped) {
      if (hasValue) {
        byte[] b = value.get(i);
        // Handed on as it is stored: checked through and through first.
        VariantEncoding.validate(m, b);
        w.raw(b, 0, b.length);
      }
      return hasValue;
    }
    if (typed instanceof StructVector object) {
      object(m, hasValue ? value.get(i) : null, object, i, w, depth);
    } else if (typed instanceof ListVector array) {
      if (hasValue) {
        throw new ParquetFormatException("Invalid variant, conflicting value and typed_value");
      }
      array(m, array, i, w, depth);
    } else {
      if (hasValue) {
        throw new ParquetFormatException("Invalid variant, conflicting value and typed_value");
      }
      primitive(typed, i, w);
    }
    return true;
  }

  private static void object(
      VariantEncoding.Metadata m,
      byte[] value,
      StructVector shredded,
      int i,
      VariantEncoding.Writer w,
      int depth) {
    if (value != null && !VariantEncoding.isObject(value, 0)) {
      throw new ParquetFormatException("Invalid variant, non-object value with shredded fields");
    }
    int mark = w.position();
    List<String> fieldNames = shredded.getChildFieldNames();
    int capacity = fieldNames.size();
    int[][] rest = null;
    if (value != null) {
      // Its fields are copied as they are stored: checked through and through first.
      VariantEncoding.validate(m, value);
      rest = VariantEncoding.objectFields(value, 0);
      capacity += rest[0].length;
    }
    int[] ids = new int[capacity];
    String[] names = new String[capacity];
    int[] starts = new int[capacity];
    int count = 0;
    Set<String> shreddedNames = new HashSet<>();
    for (String name : fieldNames) {
      StructVector field = (StructVector) shredded.getChild(name);
      int start = w.position();
      if (emit(
          m, binary(field.getChild("value")), field.getChild("typed_value"), i, w, depth + 1)) {
        int id = m.id(name);
        if (id < 0) {
          throw new ParquetFormatException(
              "Invalid variant, shredded field '" + name + "' is not in the variant's metadata");
        }
        ids[count] = id;
        names[count] = name;
        starts[count++] = start;
      }
      shreddedNames.add(name);
    }
    if (rest != null) {
      for (int f = 0; f < rest[0].length; f++) {
        String name = m.name(rest[0][f]);
        if (shreddedNames.contains(name)) {
          // An invalid file: the field is shredded and in the value too. The shredded column is
          // the one the spec says to use (Iceberg's reference reader does the same).
          continue;
        }
        int start = w.position();
        w.raw(value, rest[1][f], VariantEncoding.valueSize(value, rest[1][f]));
        ids[count] = rest[0][f];
        names[count] = name;
        starts[count++] = start;
      }
    }
    w.finishObject(mark, ids, names, starts, count);
  }

  private static void array(
      VariantEncoding.Metadata m, ListVector list, int i, VariantEncoding.Writer w, int depth) {
    StructVector element = (StructVector) list.getDataVector();
    VarBinaryVector value = binary(element.getChild("value"));
    FieldVector typed = element.getChild("typed_value");
    int from = list.getElementStartIndex(i);
    int to = list.getElementEndIndex(i);
    int mark = w.position();
    int[] starts = new int[to - from];
    for (int j = from; j < to; j++) {
      starts[j - from] = w.position();
      if (!emit(m, value, typed, j, w, depth + 1)) {
        // An element cannot be missing: where one is, the spec has readers return the variant
        // null.
        w.nullValue();
      }
    }
    w.finishArray(mark, starts, to - from);
  }

  private static void primitive(FieldVector v, int i, VariantEncoding.Writer w) {
    if (v instanceof BitVector b) {
      w.bool(b.get(i) != 0);
    } else if (v instanceof TinyIntVector t) {
      w.integer(t.get(i), 1);
    } else if (v instanceof SmallIntVector s) {
      w.integer(s.get(i), 2);
    } else if (v instanceof IntVector x) {
      w.integer(x.get(i), 4);
    } else if (v instanceof BigIntVector x) {
      w.integer(x.get(i), 8);
    } else if (v instanceof Float4Vector f) {
      w.float32(f.get(i));
    } else if (v instanceof Float8Vector d) {
      w.float64(d.get(i));
    } else if (v instanceof DecimalVector d && d.getPrecision() <= 38) {
      BigDecimal x = d.getObject(i);
      w.decimal(x.unscaledValue(), d.getPrecision(), d.getScale());
    } else if (v instanceof DateDayVector d) {
      w.date(d.get(i));
    } else if (v instanceof TimeMicroVector t) {
      w.time(t.get(i));
    } else if (v instanceof TimeStampMicroTZVector t) {
      w.timestamp(t.get(i), false, true);
    } else if (v instanceof TimeStampMicroVector t) {
      w.timestamp(t.get(i), false, false);
    } else if (v instanceof TimeStampNanoTZVector t) {
      w.timestamp(t.get(i), true, true);
    } else if (v instanceof TimeStampNanoVector t) {
      w.timestamp(t.get(i), true, false);
    } else if (v instanceof VarCharVector s) {
      byte[] b = s.get(i);
      w.bytes(b, 0, b.length, true);
    } else if (v instanceof VarBinaryVector s) {
      byte[] b = s.get(i);
      w.bytes(b, 0, b.length, false);
    } else if (v instanceof UuidVector u) {
      w.uuid(u.getUnderlyingVector().get(i), 0);
    } else {
      throw new ParquetFormatException(
          "Unsupported shredded value type: " + v.getField().getType());
    }
  }
}
