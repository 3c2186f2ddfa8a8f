package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.arrow.ParquetFile;
import dev.parrow.cli.ParrowCommand;
import dev.parrow.codec.metadata.BoundingBox;
import dev.parrow.codec.metadata.GeospatialStatistics;
import dev.parrow.codec.metadata.LogicalType;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * GEOMETRY and GEOGRAPHY columns: read as WKB with the geoarrow.wkb extension keys, the CRS and
 * edges in its metadata (a projjson:KEY CRS resolved from the file); their statistics (bounding
 * box, geometry types) equal DuckDB's parquet_metadata; written back with their annotation, so that
 * DuckDB reads the rewritten file's geometries as GEOMETRY with the same shapes.
 */
class GeospatialIT {
  @TempDir Path dir;

  private static Path geo(String name) {
    return Corpus.parquetTesting().resolve("data").resolve("geospatial").resolve(name);
  }

  private static Field field(Path file, String column) throws Exception {
    try (ParquetFile pf = ParquetFile.open(file)) {
      return pf.arrowSchema().findField(column);
    }
  }

  @Test
  void theGeoArrowMetadataCarriesCrsAndEdges() throws Exception {
    Map<String, String> expected =
        Map.of(
            "crs-default.parquet", "{\"crs\":\"OGC:CRS84\",\"crs_type\":\"authority_code\"}",
            "crs-srid.parquet", "{\"crs\":\"5070\",\"crs_type\":\"srid\"}",
            "crs-geography.parquet",
                "{\"crs\":\"OGC:CRS84\",\"crs_type\":\"authority_code\",\"edges\":\"spherical\"}");
    for (var e : expected.entrySet()) {
      String column = e.getKey().equals("crs-geography.parquet") ? "geography" : "geometry";
      Field f = field(geo(e.getKey()), column);
      assertEquals("geoarrow.wkb", f.getMetadata().get("ARROW:extension:name"), e.getKey());
      assertEquals(e.getValue(), f.getMetadata().get("ARROW:extension:metadata"), e.getKey());
      assertEquals(new org.apache.arrow.vector.types.pojo.ArrowType.Binary(), f.getType());
    }
    // The CRS the file keeps under a key: the PROJJSON object itself, over Arrow C++'s hint, which
    // names the key.
    String projjson =
        field(geo("crs-projjson.parquet"), "geometry")
            .getMetadata()
            .get("ARROW:extension:metadata");
    assertTrue(projjson.startsWith("{\"crs\":{\""), projjson);
    assertTrue(projjson.endsWith("},\"crs_type\":\"projjson\"}"), projjson);
    assertTrue(projjson.contains("\"ProjectedCRS\""), projjson);
  }

  private static String duckTypeName(int code) {
    String[] names = {
      "",
      "point",
      "linestring",
      "polygon",
      "multipoint",
      "multilinestring",
      "multipolygon",
      "geometrycollection"
    };
    String dims =
        switch (code / 1000) {
          case 1 -> "_z";
          case 2 -> "_m";
          case 3 -> "_zm";
          default -> "";
        };
    return names[code % 1000] + dims;
  }

  @TestFactory
  Stream<DynamicTest> statisticsEqualDuckDbs() {
    return Stream.of(
            "geospatial.parquet",
            "geospatial-with-nan.parquet",
            "geography-points.parquet",
            "geography-lines.parquet",
            "geography-polygons.parquet",
            "crs-srid.parquet")
        .map(name -> DynamicTest.dynamicTest(name, () -> statistics(geo(name))));
  }

  private static void statistics(Path file) throws Exception {
    List<String> ours = new ArrayList<>();
    try (ParquetFile pf = ParquetFile.open(file)) {
      var groups = pf.metadata().rowGroups();
      for (int g = 0; g < groups.size(); g++) {
        for (int c = 0; c < groups.get(g).columns().size(); c++) {
          GeospatialStatistics s = groups.get(g).columns().get(c).metaData().geospatialStatistics();
          if (s == null) {
            continue;
          }
          BoundingBox b = s.bbox();
          TreeSet<String> types = new TreeSet<>();
          if (s.geospatialTypes() != null) {
            s.geospatialTypes().forEach(t -> types.add(duckTypeName(t)));
          }
          ours.add(
              g
                  + " "
                  + pf.parquetSchema().column(c).dottedPath()
                  + " "
                  + (b == null
                      ? "null null null null null null null null"
                      : b.xmin() + " " + b.xmax() + " " + b.ymin() + " " + b.ymax() + " " + b.zmin()
                          + " " + b.zmax() + " " + b.mmin() + " " + b.mmax())
                  + " "
                  + types);
        }
      }
    }
    List<String> duck = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT row_group_id, path_in_schema, geo_bbox.xmin, geo_bbox.xmax, geo_bbox.ymin,"
                    + " geo_bbox.ymax, geo_bbox.zmin, geo_bbox.zmax, geo_bbox.mmin, geo_bbox.mmax,"
                    + " list_sort(geo_types) FROM parquet_metadata("
                    + DuckDb.literal(file)
                    + ") WHERE geo_bbox IS NOT NULL OR geo_types IS NOT NULL"
                    + " ORDER BY row_group_id, column_id")) {
      while (rs.next()) {
        StringBuilder row = new StringBuilder(rs.getLong(1) + " " + rs.getString(2));
        for (int i = 3; i <= 10; i++) {
          Object v = rs.getObject(i);
          row.append(' ').append(v == null ? "null" : Double.toString(rs.getDouble(i)));
        }
        String list = rs.getString(11);
        TreeSet<String> types = new TreeSet<>();
        if (list != null && list.length() > 2) {
          for (String t : list.substring(1, list.length() - 1).split(",")) {
            types.add(t.strip());
          }
        }
        duck.add(row.append(' ').append(types).toString());
      }
    }
    assertTrue(!ours.isEmpty(), "the file has geospatial statistics");
    assertEquals(duck, ours);
  }

  @Test
  void convertKeepsTheAnnotationAndDuckDbReadsTheSameShapes() throws Exception {
    for (String name :
        List.of(
            "geospatial.parquet",
            "crs-srid.parquet",
            "crs-geography.parquet",
            "crs-projjson.parquet",
            "geography-polygons.parquet")) {
      Path source = geo(name);
      Path out = dir.resolve(name);
      StringWriter err = new StringWriter();
      assertEquals(
          0,
          ParrowCommand.run(
              new String[] {"convert", source.toString(), out.toString(), "-q"},
              new PrintWriter(new StringWriter()),
              new PrintWriter(err)),
          err.toString());
      try (ParquetFile before = ParquetFile.open(source);
          ParquetFile after = ParquetFile.open(out)) {
        for (int c = 0; c < before.parquetSchema().columnCount(); c++) {
          LogicalType was = before.parquetSchema().column(c).logicalType();
          LogicalType now = after.parquetSchema().column(c).logicalType();
          if (was instanceof LogicalType.GeometryType g
              && g.crs() != null
              && g.crs().startsWith("projjson:")) {
            // The PROJJSON the file kept under a key is written inline.
            assertTrue(now instanceof LogicalType.GeometryType n && n.crs().startsWith("{"), name);
          } else {
            assertEquals(normal(was), normal(now), name + " column " + c);
          }
        }
      }
      String column = name.equals("crs-geography.parquet") ? "geography" : "geometry";
      assertEquals(shapes(source, column), shapes(out, column), name);
      String was = union(source, column);
      if (was != null) {
        assertEquals(was, union(out, column), name + ": statistics");
      } else {
        assertTrue(union(out, column) != null, name + ": Parrow writes statistics");
      }
    }
  }

  /**
   * The file's GeospatialStatistics for a column, all row groups together: the bounding box's
   * extremes (of GEOMETRY; none for GEOGRAPHY, whose box Parrow does not compute) and the set of
   * geometry types. Arrow C++ wrote the sources' statistics; Parrow computes the copies' from the
   * WKB values. Null when a chunk has none.
   */
  private static String union(Path file, String column) throws Exception {
    double[] box = {
      Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY,
      Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY
    };
    TreeSet<Integer> types = new TreeSet<>();
    boolean geography;
    try (ParquetFile pf = ParquetFile.open(file)) {
      int c = pf.parquetSchema().column(column).index();
      geography = pf.parquetSchema().column(c).logicalType() instanceof LogicalType.GeographyType;
      for (var group : pf.metadata().rowGroups()) {
        GeospatialStatistics g = group.columns().get(c).metaData().geospatialStatistics();
        if (g == null) {
          return null;
        }
        types.addAll(g.geospatialTypes());
        if (!geography && g.bbox() != null) {
          box[0] = Math.min(box[0], g.bbox().xmin());
          box[1] = Math.max(box[1], g.bbox().xmax());
          box[2] = Math.min(box[2], g.bbox().ymin());
          box[3] = Math.max(box[3], g.bbox().ymax());
        }
      }
    }
    return (geography ? "" : java.util.Arrays.toString(box) + " ") + types;
  }

  /** The annotation with its defaults spelled out: OGC:CRS84, spherical edges. */
  private static LogicalType normal(LogicalType t) {
    if (t instanceof LogicalType.GeographyType g) {
      return new LogicalType.GeographyType(
          g.crs() == null ? "OGC:CRS84" : g.crs(),
          g.algorithm() == null
              ? dev.parrow.codec.metadata.EdgeInterpolationAlgorithm.SPHERICAL
              : g.algorithm());
    }
    if (t instanceof LogicalType.GeometryType g) {
      return new LogicalType.GeometryType(g.crs() == null ? "OGC:CRS84" : g.crs());
    }
    return t;
  }

  /** The column's shapes as DuckDB reads them (WKT), each read as a GEOMETRY (its CRS aside). */
  private static List<String> shapes(Path file, String column) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT typeof(\""
                    + column
                    + "\"), \""
                    + column
                    + "\"::VARCHAR FROM read_parquet("
                    + DuckDb.literal(file)
                    + ")")) {
      while (rs.next()) {
        assertTrue(rs.getString(1).startsWith("GEOMETRY"), file + ": " + rs.getString(1));
        out.add(rs.getString(2));
      }
    }
    assertTrue(!out.isEmpty(), file + " has rows");
    return out;
  }
}
