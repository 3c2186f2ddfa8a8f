package dev.parrow.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The {@code parrow} data source: {@code spark.read.format("parrow").load(path)} reads Parquet
 * files (a file, a directory of hive partitions, a glob, an {@code http(s)://} or {@code s3://}
 * location) with Parrow's reader, and {@code
 * df.write.format("parrow").mode("overwrite").save(path)} writes them with Parrow's writer. The
 * schema is the files' schemas unified as {@link dev.parrow.arrow.ParquetDataset} unifies them,
 * partition keys last.
 */
public final class ParrowDataSource implements TableProvider, DataSourceRegister {
  /** Creates the source (Spark does, through the service registration). */
  public ParrowDataSource() {}

  @Override
  public String shortName() {
    return "parrow";
  }

  /**
   * The dataset {@link #inferSchema} opened, for the table Spark asks for next with the same paths:
   * its footers are then read once per load, not again for the scan.
   */
  private dev.parrow.arrow.ParquetDataset inferred;

  private List<String> inferredPaths;

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    List<String> paths = paths(options);
    dev.parrow.arrow.ParquetDataset dataset = Datasets.open(paths, options);
    inferred = dataset;
    inferredPaths = paths;
    return SparkSchemas.toSpark(dataset.schema());
  }

  @Override
  public Table getTable(
      StructType schema, Transform[] partitioning, Map<String, String> properties) {
    List<String> paths = paths(new CaseInsensitiveStringMap(properties));
    dev.parrow.arrow.ParquetDataset opened = paths.equals(inferredPaths) ? inferred : null;
    return new ParrowTable(schema, partitioning, paths, opened);
  }

  @Override
  public boolean supportsExternalMetadata() {
    // A write passes the DataFrame's schema; a read may give one too (it must be the files').
    return true;
  }

  /** The locations of {@code path} and {@code paths} (a JSON array, as DataFrameReader sets it). */
  static List<String> paths(CaseInsensitiveStringMap options) {
    List<String> out = new ArrayList<>();
    String path = options.get("path");
    if (path != null) {
      out.add(path);
    }
    String paths = options.get("paths");
    if (paths != null) {
      out.addAll(jsonStrings(paths));
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(
          "format(\"parrow\") needs a path: load(path) or save(path)");
    }
    return out;
  }

  /** The strings of a JSON array of strings. */
  static List<String> jsonStrings(String json) {
    List<String> out = new ArrayList<>();
    int i = json.indexOf('[') + 1;
    while (i > 0 && i < json.length()) {
      int open = json.indexOf('"', i);
      if (open < 0) {
        break;
      }
      StringBuilder s = new StringBuilder();
      int j = open + 1;
      for (; j < json.length() && json.charAt(j) != '"'; j++) {
        char c = json.charAt(j);
        if (c == '\\' && j + 1 < json.length()) {
          char e = json.charAt(++j);
          switch (e) {
            case 'n' -> s.append('\n');
            case 't' -> s.append('\t');
            case 'u' -> {
              s.append((char) Integer.parseInt(json.substring(j + 1, j + 5), 16));
              j += 4;
            }
            default -> s.append(e);
          }
        } else {
          s.append(c);
        }
      }
      out.add(s.toString());
      i = j + 1;
    }
    return out;
  }
}
