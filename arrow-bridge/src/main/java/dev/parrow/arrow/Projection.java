package dev.parrow.arrow;

import dev.parrow.arrow.internal.LeafColumn;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.GroupNode;
import dev.parrow.codec.schema.PrimitiveNode;
import dev.parrow.codec.schema.SchemaNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** The leaf columns a reader reads, in file order, with their Arrow fields and fillers. */
final class Projection {
  private final List<LeafColumn> leaves;
  private final Schema schema;
  private final List<String> warnings;

  private Projection(List<LeafColumn> leaves, List<String> warnings) {
    this.leaves = List.copyOf(leaves);
    this.warnings = List.copyOf(warnings);
    List<Field> fields = new ArrayList<>();
    for (LeafColumn leaf : leaves) {
      fields.add(leaf.field());
    }
    this.schema = new Schema(fields);
  }

  List<LeafColumn> leaves() {
    return leaves;
  }

  Schema schema() {
    return schema;
  }

  List<String> warnings() {
    return warnings;
  }

  static Projection of(Footer footer, ReadOptions options) {
    Set<Integer> chosen = new LinkedHashSet<>();
    GroupNode root = footer.schema().root();
    if (options.columns().isEmpty() && options.columnIndices().isEmpty()) {
      for (ColumnDescriptor c : footer.schema().columns()) {
        chosen.add(c.index());
      }
    }
    for (String name : options.columns()) {
      List<Integer> matches = matching(root, footer, name);
      if (matches.isEmpty()) {
        throw new IllegalArgumentException("no column '" + name + "' in " + footer.fileName() + "; the columns are "
            + footer.schema().columns().stream().map(ColumnDescriptor::dottedPath).toList());
      }
      chosen.addAll(matches);
    }
    for (int index : options.columnIndices()) {
      if (index < 0 || index >= footer.schema().columnCount()) {
        throw new IllegalArgumentException("no leaf column " + index + " in " + footer.fileName() + " ("
            + footer.schema().columnCount() + " columns)");
      }
      chosen.add(index);
    }
    List<LeafColumn> leaves = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    for (int index : chosen.stream().sorted().toList()) {
      ColumnDescriptor column = footer.schema().column(index);
      if (column.path().size() > 1 || column.maxRepetitionLevel() > 0) {
        throw new UnsupportedOperationException("column '" + column.dottedPath() + "' is nested (in a group or "
            + "repeated); this version reads flat columns only: choose the flat ones with ReadOptions.columns");
      }
      leaves.add(LeafColumn.of(column, options.types(), warnings));
    }
    return new Projection(leaves, warnings);
  }

  /** Leaves whose dotted path is {@code name} or lies under the top-level field {@code name}. */
  private static List<Integer> matching(GroupNode root, Footer footer, String name) {
    List<Integer> result = new ArrayList<>();
    for (ColumnDescriptor c : footer.schema().columns()) {
      if (c.dottedPath().equals(name) || c.path().get(0).equals(name)) {
        result.add(c.index());
      }
    }
    if (result.isEmpty()) {
      for (SchemaNode child : root.children()) {
        if (child.name().equals(name) && child instanceof PrimitiveNode p) {
          result.add(p.column());
        }
      }
    }
    return result;
  }
}
