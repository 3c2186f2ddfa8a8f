package dev.parrow.spark;

import dev.parrow.arrow.ParquetDataset;
import dev.parrow.arrow.filter.Filter;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Takes the columns Spark needs (top-level columns, and only the fields Spark needs of a struct, at
 * any depth of structs) and the predicates Parrow can evaluate exactly; Spark keeps the others.
 */
final class ParrowScanBuilder
    implements ScanBuilder, SupportsPushDownRequiredColumns, SupportsPushDownV2Filters {
  private final ParquetDataset dataset;
  private final CaseInsensitiveStringMap options;
  private List<String> columns = List.of();

  /** The fields of {@code _metadata} the query needs (none: it is not read). */
  private List<String> metadata = List.of();

  private final List<Predicate> pushed = new ArrayList<>();
  private Filter filter;

  ParrowScanBuilder(ParquetDataset dataset, CaseInsensitiveStringMap options) {
    this.dataset = dataset;
    this.options = options;
  }

  @Override
  public void pruneColumns(StructType required) {
    List<String> names = new ArrayList<>();
    for (StructField f : required.fields()) {
      if (f.name().equals(FileMetadata.NAME)
          && dataset.schema().getFields().stream().noneMatch(c -> c.getName().equals(f.name()))) {
        metadata = FileMetadata.fields(f);
        continue;
      }
      names.addAll(paths(f, dataset.schema().findField(f.name()), f.name()));
    }
    columns = names;
  }

  /**
   * The names that read what Spark requires of a field: its own name, or, for a struct of which
   * Spark needs only some fields (nested structs included), their dotted paths.
   */
  private static List<String> paths(StructField required, Field full, String path) {
    if (!(required.dataType() instanceof StructType want)
        || !(full.getType() instanceof ArrowType.Struct)
        || want.fields().length >= full.getChildren().size()) {
      return List.of(path);
    }
    List<String> out = new ArrayList<>();
    for (StructField child : want.fields()) {
      Field fullChild = null;
      for (Field c : full.getChildren()) {
        if (c.getName().equals(child.name())) {
          fullChild = c;
        }
      }
      if (fullChild == null || child.name().contains(".")) {
        return List.of(path);
      }
      out.addAll(paths(child, fullChild, path + "." + child.name()));
    }
    return out;
  }

  @Override
  public Predicate[] pushPredicates(Predicate[] predicates) {
    List<Predicate> rest = new ArrayList<>();
    for (Predicate p : predicates) {
      Filter f = SparkFilters.translate(p, dataset.schema());
      if (f == null) {
        rest.add(p);
      } else {
        pushed.add(p);
        filter = filter == null ? f : Filter.and(filter, f);
      }
    }
    return rest.toArray(new Predicate[0]);
  }

  @Override
  public Predicate[] pushedPredicates() {
    return pushed.toArray(new Predicate[0]);
  }

  @Override
  public Scan build() {
    return new ParrowScan(dataset, columns, metadata, filter, options);
  }
}
