package dev.parrow.types;

import dev.parrow.codec.metadata.EdgeInterpolationAlgorithm;
import dev.parrow.codec.metadata.LogicalType;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GEOMETRY and GEOGRAPHY columns as GeoArrow's {@code geoarrow.wkb} extension type, both ways: the
 * extension metadata (a JSON object with {@code crs}, {@code crs_type} and, for geographies, {@code
 * edges}) from the Parquet annotation when reading, and the annotation from the metadata when
 * writing. A CRS the file stores as {@code projjson:KEY} is resolved from the file's key-value
 * metadata.
 */
public final class GeoArrow {
  private GeoArrow() {}

  /** The extension name of WKB geometries. */
  public static final String EXTENSION_NAME = "geoarrow.wkb";

  private static final String DEFAULT_CRS = "OGC:CRS84";
  private static final Pattern AUTHORITY_CODE =
      Pattern.compile("[A-Za-z][A-Za-z0-9_.-]*:[^\\s{}]+");

  /**
   * The extension metadata of a GEOMETRY or GEOGRAPHY column.
   *
   * @param annotation the column's logical type
   * @return the JSON object
   */
  public static String metadata(LogicalType annotation) {
    return metadata(annotation, Map.of());
  }

  /**
   * The extension metadata of a GEOMETRY or GEOGRAPHY column, a {@code projjson:KEY} CRS replaced
   * by the PROJJSON the file stores under KEY.
   *
   * @param annotation the column's logical type
   * @param fileKeyValues the file's key-value metadata
   * @return the JSON object
   */
  public static String metadata(LogicalType annotation, Map<String, String> fileKeyValues) {
    String crs;
    String edges = null;
    if (annotation instanceof LogicalType.GeographyType g) {
      crs = g.crs();
      EdgeInterpolationAlgorithm a = g.algorithm();
      edges =
          (a == null ? EdgeInterpolationAlgorithm.SPHERICAL : a).name().toLowerCase(Locale.ROOT);
    } else if (annotation instanceof LogicalType.GeometryType g) {
      crs = g.crs();
    } else {
      throw new IllegalArgumentException(annotation + " is not a geospatial type");
    }
    StringBuilder json = new StringBuilder("{");
    crs(json, crs == null ? DEFAULT_CRS : crs, fileKeyValues);
    if (edges != null) {
      json.append(",\"edges\":").append(quote(edges));
    }
    return json.append('}').toString();
  }

  private static void crs(StringBuilder json, String crs, Map<String, String> fileKeyValues) {
    if (crs.startsWith("srid:")) {
      json.append("\"crs\":").append(quote(crs.substring(5))).append(",\"crs_type\":\"srid\"");
    } else if (crs.startsWith("projjson:") && fileKeyValues.containsKey(crs.substring(9))) {
      String projjson = fileKeyValues.get(crs.substring(9)).strip();
      json.append("\"crs\":")
          .append(projjson.startsWith("{") ? projjson : quote(projjson))
          .append(",\"crs_type\":\"projjson\"");
    } else if (crs.strip().startsWith("{")) {
      json.append("\"crs\":").append(crs.strip()).append(",\"crs_type\":\"projjson\"");
    } else if (AUTHORITY_CODE.matcher(crs).matches() && !crs.startsWith("projjson:")) {
      json.append("\"crs\":").append(quote(crs)).append(",\"crs_type\":\"authority_code\"");
    } else {
      json.append("\"crs\":").append(quote(crs));
    }
  }

  /**
   * The annotation a {@code geoarrow.wkb} field is written with: GEOGRAPHY when its metadata names
   * edges other than planar, else GEOMETRY, with the CRS it names (OGC:CRS84, the default, left
   * out; a PROJJSON object kept as its text).
   *
   * @param extensionMetadata the field's {@code ARROW:extension:metadata}, or null
   * @return the logical type
   */
  public static LogicalType annotation(String extensionMetadata) {
    String json = extensionMetadata == null ? "" : extensionMetadata;
    String edges = stringMember(json, "edges");
    String crsType = stringMember(json, "crs_type");
    String crs = stringMember(json, "crs");
    if (crs == null) {
      crs = objectMember(json, "crs");
    }
    if (crs != null && "srid".equals(crsType)) {
      crs = "srid:" + crs;
    }
    if (DEFAULT_CRS.equals(crs)) {
      crs = null;
    }
    if (edges == null || edges.equals("planar")) {
      return new LogicalType.GeometryType(crs);
    }
    EdgeInterpolationAlgorithm algorithm;
    try {
      algorithm = EdgeInterpolationAlgorithm.valueOf(edges.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      algorithm = EdgeInterpolationAlgorithm.SPHERICAL;
    }
    return new LogicalType.GeographyType(
        crs, algorithm == EdgeInterpolationAlgorithm.SPHERICAL ? null : algorithm);
  }

  /** The string value of a top-level member, or null (a small reader for this one object). */
  private static String stringMember(String json, String name) {
    Matcher m =
        Pattern.compile("\"" + Pattern.quote(name) + "\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"")
            .matcher(json);
    return m.find() ? m.group(1).replace("\\\"", "\"").replace("\\\\", "\\") : null;
  }

  /** The text of a top-level member whose value is an object, or null. */
  private static String objectMember(String json, String name) {
    Matcher m = Pattern.compile("\"" + Pattern.quote(name) + "\"\\s*:\\s*\\{").matcher(json);
    if (!m.find()) {
      return null;
    }
    int start = m.end() - 1;
    int depth = 0;
    boolean inString = false;
    for (int i = start; i < json.length(); i++) {
      char c = json.charAt(i);
      if (inString) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          inString = false;
        }
      } else if (c == '"') {
        inString = true;
      } else if (c == '{') {
        depth++;
      } else if (c == '}' && --depth == 0) {
        return json.substring(start, i + 1);
      }
    }
    return null;
  }

  private static String quote(String s) {
    return JsonStrings.quote(s);
  }
}
