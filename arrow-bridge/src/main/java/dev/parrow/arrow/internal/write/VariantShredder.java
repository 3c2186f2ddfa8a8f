package dev.parrow.arrow.internal.write;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.types.VariantEncoding;
import dev.parrow.types.VariantShreddingSchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
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
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Shreds a batch of variant values (a struct of metadata and value binaries) into the Arrow form of
 * their shredded Parquet layout ({@link VariantShreddingSchema#shreddedField}), value by value as
 * VariantShredding.md says: a value of the shredded type goes to {@code typed_value}, any other to
 * {@code value} as its bytes; an object's shredded fields go to their groups (a missing field with
 * both null, a null one as the variant null in {@code value}) and its other fields to a residual
 * object in {@code value}; an array's elements each to an element group.
 */
final class VariantShredder {
  private final Field shredded;
  private final Node root;

  VariantShredder(Field shredded) {
    this.shredded = shredded;
    this.root = Node.of(shredded.getChildren().get(2));
  }

  /** What one {@code typed_value} holds: a primitive type, an object's fields or array elements. */
  private record Node(
      int variantType, int precision, int scale, List<String> names, List<Node> children) {
    static Node of(Field typed) {
      ArrowType type = typed.getType();
      if (type instanceof ArrowType.Struct) {
        List<String> names = new ArrayList<>();
        List<Node> children = new ArrayList<>();
        for (Field group : typed.getChildren()) {
          names.add(group.getName());
          children.add(of(group.getChildren().get(1)));
        }
        return new Node(VariantEncoding.TYPE_OBJECT, 0, 0, names, children);
      }
      if (type instanceof ArrowType.List) {
        Field element = typed.getChildren().get(0);
        return new Node(
            VariantEncoding.TYPE_ARRAY, 0, 0, List.of(), List.of(of(element.getChildren().get(1))));
      }
      ArrowType.Decimal d = type instanceof ArrowType.Decimal dec ? dec : null;
      return new Node(
          VariantShreddingSchema.variantType(type),
          d == null ? 0 : d.getPrecision(),
          d == null ? 0 : d.getScale(),
          List.of(),
          List.of());
    }

    boolean takes(byte[] v, int offset, int type) {
      if (variantType == 1) {
        return type == 1 || type == 2;
      }
      if (type != variantType) {
        return false;
      }
      if (type < 8 || type > 10) {
        return true;
      }
      // A decimal of the column's scale whose digits the column holds (a malformed decimal4 of
      // ten digits stays in value, as it is).
      java.math.BigDecimal d = VariantEncoding.decimal(v, offset);
      return d.scale() == scale && d.precision() <= precision;
    }
  }

  /** Rows [0, rows) of {@code variant} shredded, in a new vector the caller closes. */
  StructVector shred(StructVector variant, int rows, BufferAllocator allocator) {
    StructVector out = (StructVector) shredded.createVector(allocator);
    try {
      out.setInitialCapacity(rows);
      out.allocateNew();
      VarBinaryVector metadata = (VarBinaryVector) variant.getChild("metadata");
      VarBinaryVector value = (VarBinaryVector) variant.getChild("value");
      VarBinaryVector outMetadata = (VarBinaryVector) out.getChild("metadata");
      VarBinaryVector outValue = (VarBinaryVector) out.getChild("value");
      FieldVector typed = (FieldVector) out.getChild("typed_value");
      for (int i = 0; i < rows; i++) {
        if (variant.isNull(i)) {
          out.setNull(i);
          continue;
        }
        out.setIndexDefined(i);
        byte[] m = metadata.get(i);
        byte[] v = value.get(i);
        outMetadata.setSafe(i, m);
        put(root, outValue, typed, i, VariantEncoding.Metadata.of(m), v, 0);
      }
      out.setValueCount(rows);
      return out;
    } catch (RuntimeException e) {
      out.close();
      throw e;
    }
  }

  private static void put(
      Node node,
      VarBinaryVector value,
      FieldVector typed,
      int index,
      VariantEncoding.Metadata m,
      byte[] v,
      int offset) {
    int type = VariantEncoding.typeOf(v, offset);
    if (node.variantType == VariantEncoding.TYPE_OBJECT && type == VariantEncoding.TYPE_OBJECT) {
      putObject(node, value, (StructVector) typed, index, m, v, offset);
    } else if (node.variantType == VariantEncoding.TYPE_ARRAY
        && type == VariantEncoding.TYPE_ARRAY) {
      putArray(node, (ListVector) typed, index, m, v, offset);
    } else if (node.variantType >= 0 && node.takes(v, offset, type)) {
      setTyped(typed, index, v, offset, type);
    } else {
      // Not the shredded type: the value as it is.
      value.setSafe(index, v, offset, VariantEncoding.valueSize(v, offset));
    }
  }

  private static void putObject(
      Node node,
      VarBinaryVector value,
      StructVector typed,
      int index,
      VariantEncoding.Metadata m,
      byte[] v,
      int offset) {
    typed.setIndexDefined(index);
    int[][] fields = VariantEncoding.objectFields(v, offset);
    int[] ids = fields[0].clone();
    Arrays.sort(ids);
    for (int k = 1; k < ids.length; k++) {
      if (ids[k] == ids[k - 1]) {
        // A shredded object has each field once: the variant is malformed.
        throw new ParquetFormatException(
            "Invalid variant, the object has field '" + m.name(ids[k]) + "' twice");
      }
    }
    boolean[] shredded = new boolean[fields[0].length];
    for (int f = 0; f < node.names.size(); f++) {
      StructVector group = (StructVector) typed.getChild(node.names.get(f));
      group.setIndexDefined(index);
      int id = m.id(node.names.get(f));
      for (int k = 0; k < fields[0].length; k++) {
        if (fields[0][k] == id) {
          shredded[k] = true;
          put(
              node.children.get(f),
              (VarBinaryVector) group.getChild("value"),
              (FieldVector) group.getChild("typed_value"),
              index,
              m,
              v,
              fields[1][k]);
          break;
        }
      }
    }
    int residual = 0;
    for (boolean s : shredded) {
      residual += s ? 0 : 1;
    }
    if (residual == 0) {
      return;
    }
    // The fields not shredded, as an object of their own (the same dictionary ids).
    VariantEncoding.Writer w = new VariantEncoding.Writer();
    int[] residualIds = new int[residual];
    String[] names = new String[residual];
    int[] starts = new int[residual];
    int r = 0;
    for (int k = 0; k < shredded.length; k++) {
      if (!shredded[k]) {
        residualIds[r] = fields[0][k];
        names[r] = m.name(fields[0][k]);
        starts[r] = w.position();
        w.raw(v, fields[1][k], VariantEncoding.valueSize(v, fields[1][k]));
        r++;
      }
    }
    w.finishObject(0, residualIds, names, starts, residual);
    value.setSafe(index, w.buffer(), 0, w.position());
  }

  private static void putArray(
      Node node, ListVector typed, int index, VariantEncoding.Metadata m, byte[] v, int offset) {
    int[] elements = VariantEncoding.arrayElements(v, offset);
    int start = typed.startNewValue(index);
    StructVector element = (StructVector) typed.getDataVector();
    VarBinaryVector elementValue = (VarBinaryVector) element.getChild("value");
    FieldVector elementTyped = (FieldVector) element.getChild("typed_value");
    for (int k = 0; k < elements.length; k++) {
      element.setIndexDefined(start + k);
      put(node.children.get(0), elementValue, elementTyped, start + k, m, v, elements[k]);
    }
    typed.endValue(index, elements.length);
  }

  /** A primitive of the shredded type into its typed vector. */
  private static void setTyped(FieldVector typed, int index, byte[] v, int offset, int type) {
    if (typed instanceof BitVector b) {
      b.setSafe(index, type == 1 ? 1 : 0);
    } else if (typed instanceof TinyIntVector t) {
      t.setSafe(index, (byte) VariantEncoding.payload(v, offset, 1));
    } else if (typed instanceof SmallIntVector t) {
      t.setSafe(index, (short) VariantEncoding.payload(v, offset, 2));
    } else if (typed instanceof IntVector t) {
      t.setSafe(index, (int) VariantEncoding.payload(v, offset, 4));
    } else if (typed instanceof BigIntVector t) {
      t.setSafe(index, VariantEncoding.payload(v, offset, 8));
    } else if (typed instanceof Float8Vector t) {
      t.setSafe(index, Double.longBitsToDouble(VariantEncoding.payload(v, offset, 8)));
    } else if (typed instanceof Float4Vector t) {
      t.setSafe(index, Float.intBitsToFloat((int) VariantEncoding.payload(v, offset, 4)));
    } else if (typed instanceof DecimalVector t) {
      t.setSafe(index, VariantEncoding.decimal(v, offset));
    } else if (typed instanceof DateDayVector t) {
      t.setSafe(index, (int) VariantEncoding.payload(v, offset, 4));
    } else if (typed instanceof TimeMicroVector t) {
      t.setSafe(index, VariantEncoding.payload(v, offset, 8));
    } else if (typed instanceof TimeStampVector t) {
      t.setSafe(index, VariantEncoding.payload(v, offset, 8));
    } else if (typed instanceof VarCharVector t) {
      int[] bytes = VariantEncoding.bytesOf(v, offset);
      t.setSafe(index, v, bytes[0], bytes[1]);
    } else if (typed instanceof VarBinaryVector t) {
      int[] bytes = VariantEncoding.bytesOf(v, offset);
      t.setSafe(index, v, bytes[0], bytes[1]);
    } else if (typed instanceof UuidVector t) {
      if (offset + 17 > v.length) {
        throw new ParquetFormatException("a variant UUID cut short");
      }
      t.setSafe(index, Arrays.copyOfRange(v, offset + 1, offset + 17));
    } else {
      throw new ParquetFormatException("no shredding into " + typed.getField().getType());
    }
  }
}
