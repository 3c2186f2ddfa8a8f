package dev.parrow.spark;

import dev.parrow.arrow.ParquetDataset;
import dev.parrow.arrow.filter.Filter;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Takes the columns Spark needs (top-level columns; a struct is read whole and Spark selects its
 * fields) and the predicates Parrow can evaluate exactly; Spark keeps the others.
 */
final class ParrowScanBuilder
    implements ScanBuilder, SupportsPushDownRequiredColumns, SupportsPushDownV2Filters {
  private final ParquetDataset dataset;
  private final CaseInsensitiveStringMap options;
  private List<String> columns = List.of();
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
      names.add(f.name());
    }
    columns = names;
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
    return new ParrowScan(dataset, columns, filter, options);
  }
}
