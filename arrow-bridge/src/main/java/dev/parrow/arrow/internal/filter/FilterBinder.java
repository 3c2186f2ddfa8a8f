package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.filter.Expression;
import dev.parrow.arrow.filter.Filter;
import dev.parrow.arrow.internal.filter.BoundFilter.Kind;
import dev.parrow.arrow.internal.filter.BoundFilter.Test;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.ParquetSchema;
import dev.parrow.types.FieldNode;
import dev.parrow.types.NestedSchema;
import dev.parrow.types.TypeOptions;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Binds a {@link Filter} to a file's schema: resolves each column, converts each literal exactly to
 * the column's domain, and pushes NOT down to the tests. Every problem is an
 * IllegalArgumentException naming the column and the file, raised before anything is read.
 */
public final class FilterBinder {
  private final ParquetSchema schema;
  private final TypeOptions types;
  private final String fileName;

  /** The file's fields as Arrow maps them (made when a filter first asks for a list). */
  private List<FieldNode> arrowFields;

  public FilterBinder(ParquetSchema schema, TypeOptions types, String fileName) {
    this.schema = schema;
    this.types = types;
    this.fileName = fileName;
  }

  public BoundFilter bind(Filter filter) {
    if (filter.depth() > Filter.MAX_DEPTH) {
      throw new IllegalArgumentException(
          fileName + ": the filter nests more than " + Filter.MAX_DEPTH + " deep");
    }
    return bind(mapKeysLookedUp(filter), false);
  }

  private BoundFilter bind(Filter filter, boolean negated) {
    if (filter instanceof Filter.Not not) {
      return bind(not.child(), !negated);
    }
    if (filter instanceof Filter.And and) {
      List<BoundFilter> children = and.children().stream().map(c -> bind(c, negated)).toList();
      return negated ? new BoundFilter.Or(children) : new BoundFilter.And(children);
    }
    if (filter instanceof Filter.Or or) {
      List<BoundFilter> children = or.children().stream().map(c -> bind(c, negated)).toList();
      return negated ? new BoundFilter.And(children) : new BoundFilter.Or(children);
    }
    if (filter instanceof Filter.CompareColumns pair) {
      BoundFilter.CompareColumns bound = compareColumns(pair);
      return negated ? bound.negate() : bound;
    }
    if (filter instanceof Filter.Compute compute) {
      BoundFilter.Computed bound =
          new BoundFilter.Computed(
              new ExpressionBinder(
                      this::column, this::listColumn, this::mapColumn, this::bind, fileName)
                  .compare(compute),
              kind(compute.op()),
              fileName + ": the filter '" + compute + "'",
              listPruning(compute));
      return negated ? bound.negate() : bound;
    }
    Test test;
    if (filter instanceof Filter.IsNull isNull
        && (listColumn(isNull.column()) != null || mapColumn(isNull.column()) != null)) {
      // A list or map is null or not as a whole: computed from it, not from its elements.
      return bind(
          Filter.test(Expression.call("is_null", Expression.column(isNull.column()))), negated);
    }
    if (filter instanceof Filter.IsNull isNull) {
      test = new Test(column(isNull.column()), Kind.IS_NULL, List.of());
    } else if (filter instanceof Filter.Compare compare) {
      FilterColumn column = column(compare.column());
      test = compare(column, compare.op(), compare.value());
    } else if (filter instanceof Filter.Like like) {
      test = like(column(like.column()), like);
    } else {
      Filter.In in = (Filter.In) filter;
      test = in(column(in.column()), in.values());
    }
    return negated ? test.negate() : test;
  }

  /**
   * The truth of computed values that read no column ({@code 1 = 1}, a dataset's partition value
   * put in for its column): TRUE, FALSE, or null for unknown.
   *
   * @throws IllegalArgumentException when the values do not compute or compare
   */
  public static Boolean constantTruth(Filter.Compute compute) {
    FilterBinder binder = new FilterBinder(null, null, "a constant filter");
    // No column is read: the filters are evaluated on a batch of one row that has none.
    if (new RowFilter(binder.bind(compute)).select(null, 1)[0] != 0) {
      return Boolean.TRUE;
    }
    return new RowFilter(binder.bind(Filter.not(compute))).select(null, 1)[0] != 0
        ? Boolean.FALSE
        : null;
  }

  /**
   * The leaf a filter names: its dotted path (exactly, else ignoring case if that is unique). Where
   * a file has two top-level fields of one name (Arrow writers allow it), the one a filter can test
   * is meant; two such are ambiguous.
   */
  public FilterColumn column(String name) {
    ColumnDescriptor found = null;
    List<ColumnDescriptor> exact = new ArrayList<>();
    List<ColumnDescriptor> loose = new ArrayList<>();
    for (ColumnDescriptor c : schema.columns()) {
      String path = c.dottedPath();
      if (path.equals(name) || (c.path().size() == 1 && c.path().get(0).equals(name))) {
        exact.add(c);
      } else if (path.equalsIgnoreCase(name)) {
        loose.add(c);
      }
    }
    if (exact.size() > 1) {
      List<ColumnDescriptor> testable =
          exact.stream().filter(c -> c.maxRepetitionLevel() == 0).toList();
      if (testable.size() > 1) {
        throw problem(
            name,
            "names " + testable.size() + " columns of this file; a filter cannot tell them apart");
      }
      found = testable.isEmpty() ? exact.get(0) : testable.get(0);
    } else if (exact.size() == 1) {
      found = exact.get(0);
    } else if (loose.size() == 1) {
      found = loose.get(0);
    }
    if (found == null) {
      found = variantField(name);
    }
    if ((found == null || found.maxRepetitionLevel() > 0) && listColumn(name) != null) {
      throw problem(
          name,
          "is a list; a filter tests it through len(...), list_contains(...),"
              + " list_position(...), [index] or IS NULL");
    }
    if ((found == null || found.maxRepetitionLevel() > 0) && mapColumn(name) != null) {
      throw problem(
          name,
          "is a map; a filter tests it through ['key'], map_contains(...),"
              + " map_contains_value(...), cardinality(...) or IS NULL");
    }
    if (found == null) {
      List<String> below =
          schema.columns().stream()
              .map(ColumnDescriptor::dottedPath)
              .filter(p -> p.startsWith(name + "."))
              .toList();
      if (!below.isEmpty()) {
        throw problem(
            name,
            "is a group, not a primitive column; filter on its leaves ("
                + String.join(", ", below.subList(0, Math.min(5, below.size())))
                + (below.size() > 5 ? ", ..." : "")
                + ")");
      }
      throw new IllegalArgumentException(
          fileName
              + ": the filter names no column '"
              + name
              + "'; the columns are "
              + schema.columns().stream().map(ColumnDescriptor::dottedPath).toList());
    }
    if (found.maxRepetitionLevel() > 0) {
      throw problem(
          found.dottedPath(),
          "is inside a list or map; filters apply to top-level columns and fields of structs");
    }
    return FilterColumn.of(found, types);
  }

  /**
   * A test of a list's elements (or a map's keys or values) that every row the computed filter
   * selects has an element passing, for pruning by the element column's statistics, dictionaries,
   * Bloom filters and page index; null where there is none. With literal values: {@code
   * list_contains(l, v)} standing alone is {@code element = v}, {@code list_has_any(l, [v, ...])}
   * {@code element IN (v, ...)}, {@code list_has_all} the first value's equality, {@code
   * map_contains(m, k)} {@code key = k}, and {@code l[i] op v}, {@code list_min(l) op v}, {@code
   * list_max(l) op v} or {@code m['k'] op v} (op one of = < <= > >=) {@code element op v} or {@code
   * value op v}.
   */
  private Test listPruning(Filter.Compute compute) {
    if (!(compute.left() instanceof Expression.Call call)
        || !(call.arguments().get(0) instanceof Expression.Column container)
        || !(compute.right() instanceof Expression.Literal right)
        || right.value() == null) {
      return null;
    }
    Filter.Op op = compute.op();
    List<Object> values = new ArrayList<>();
    ListColumn column;
    if (List.of("list_extract", "list_min", "list_max").contains(call.function())) {
      // The element (or value) compared, or the least or greatest, is one of them.
      if (op == Filter.Op.NE) {
        return null;
      }
      MapColumn map = mapColumn(container.name());
      column = map != null ? map.values() : listColumn(container.name());
      values.add(right.value());
    } else {
      if (op != Filter.Op.EQ
          || !Boolean.TRUE.equals(right.value())
          || !List.of("list_contains", "list_has_any", "list_has_all", "map_contains")
              .contains(call.function())) {
        return null;
      }
      for (Expression a : call.arguments().subList(1, call.arguments().size())) {
        if (!(a instanceof Expression.Literal literal)) {
          return null;
        }
        if (literal.value() != null) {
          values.add(literal.value());
        }
      }
      MapColumn map = call.function().equals("map_contains") ? mapColumn(container.name()) : null;
      column = map != null ? map.keys() : listColumn(container.name());
    }
    if (values.isEmpty() || column == null || !column.values()) {
      return null;
    }
    try {
      return call.function().equals("list_has_any")
          ? in(column.leaf(), values)
          : compare(column.leaf(), op, values.get(0));
    } catch (IllegalArgumentException e) {
      return null; // a literal the basic filters do not take for this column: no pruning
    }
  }

  /**
   * The list a filter names ({@code tags}, {@code s.tags}): a list (or a legacy repeated field) of
   * primitive values or of structs, in no other list or map; null where the name means no list.
   */
  ListColumn listColumn(String name) {
    FieldNode node = arrowField(name);
    if (node == null || node.kind() != FieldNode.Kind.LIST) {
      return null;
    }
    FieldNode element = node.children().get(0);
    // A leaf below the list in no other list has one value slot per element: the list's own
    // offsets place it (a list of structs is tested by its length and nulls only).
    ColumnDescriptor leaf = schema.column(element.firstColumn());
    if (leaf.maxRepetitionLevel() != 1) {
      throw problem(name, "is a list of lists or maps; filters test lists of values or structs");
    }
    return new ListColumn(FilterColumn.of(leaf, types), element.kind() == FieldNode.Kind.LEAF);
  }

  /**
   * The map a filter names ({@code attrs}, {@code s.attrs}), in no list or other map; null where
   * the name means no map.
   */
  MapColumn mapColumn(String name) {
    FieldNode node = arrowField(name);
    if (node == null || node.kind() != FieldNode.Kind.MAP) {
      return null;
    }
    List<FieldNode> entry = node.children().get(0).children();
    ColumnDescriptor key = schema.column(entry.get(0).firstColumn());
    if (key.maxRepetitionLevel() != 1 || entry.get(0).kind() != FieldNode.Kind.LEAF) {
      throw problem(name, "is a map in a list or map; filters test maps of values");
    }
    FieldNode value = entry.size() > 1 ? entry.get(1) : null;
    boolean values = value != null && value.kind() == FieldNode.Kind.LEAF;
    return new MapColumn(
        new ListColumn(FilterColumn.of(key, types), true),
        values
            ? new ListColumn(FilterColumn.of(schema.column(value.column()), types), true)
            : null);
  }

  /**
   * A map column as a filter reads it: its keys and its values, each as a list.
   *
   * @param keys the keys
   * @param values the values, or null where they are not primitive (structs, lists)
   */
  record MapColumn(ListColumn keys, ListColumn values) {}

  /** The Arrow field a dotted name means, through structs only; null for none. */
  private FieldNode arrowField(String name) {
    if (schema == null) {
      return null;
    }
    List<FieldNode> level = arrowFields();
    FieldNode node = null;
    String[] parts = name.split("\\.", -1);
    for (int p = 0; p < parts.length; p++) {
      node = fieldNamed(level, parts[p]);
      if (node == null) {
        return null;
      }
      if (p < parts.length - 1) {
        if (node.kind() != FieldNode.Kind.STRUCT) {
          return null;
        }
        level = node.children();
      }
    }
    return node;
  }

  /**
   * The filter with each name that is no column but a map's key ({@code attrs.color}, as SQL reads
   * {@code attrs['color']}) replaced by that lookup ({@code list_extract(attrs, 'color')}).
   */
  private Filter mapKeysLookedUp(Filter filter) {
    if (schema == null || !hasMaps()) {
      return filter;
    }
    return filter.replaceColumns(
        c -> {
          String name = c.name();
          if (schema.column(name) != null || listColumn(name) != null) {
            return c;
          }
          for (int dot = name.indexOf('.'); dot > 0; dot = name.indexOf('.', dot + 1)) {
            if (mapColumn(name.substring(0, dot)) != null) {
              return Expression.call(
                  "list_extract",
                  Expression.column(name.substring(0, dot)),
                  Expression.literal(name.substring(dot + 1)));
            }
          }
          return c;
        });
  }

  /** The file's fields as Arrow maps them (empty where they do not map). */
  private List<FieldNode> arrowFields() {
    if (arrowFields == null) {
      try {
        arrowFields = NestedSchema.fields(schema, types, new ArrayList<>());
      } catch (RuntimeException e) {
        arrowFields = List.of(); // the read reports what does not map; no list is named here
      }
    }
    return arrowFields;
  }

  /** Whether the file has a map anywhere. */
  private boolean hasMaps() {
    java.util.ArrayDeque<FieldNode> open = new java.util.ArrayDeque<>(arrowFields());
    while (!open.isEmpty()) {
      FieldNode f = open.pop();
      if (f.kind() == FieldNode.Kind.MAP) {
        return true;
      }
      open.addAll(f.children());
    }
    return false;
  }

  /**
   * A list column as a filter reads it.
   *
   * @param leaf the element column (for a list of structs, its first leaf, which places the
   *     elements but is not their value)
   * @param values whether the elements are values (primitive) that functions may read
   */
  record ListColumn(FilterColumn leaf, boolean values) {}

  /** The field of {@code name} among {@code fields}: exactly, else ignoring case if unique. */
  private static FieldNode fieldNamed(List<FieldNode> fields, String name) {
    FieldNode loose = null;
    int looseCount = 0;
    for (FieldNode f : fields) {
      if (f.field().getName().equals(name)) {
        return f;
      }
      if (f.field().getName().equalsIgnoreCase(name)) {
        loose = f;
        looseCount++;
      }
    }
    return looseCount == 1 ? loose : null;
  }

  /**
   * A VARIANT column or a field of one, named by its path ({@code small}, {@code doc.score}, {@code
   * doc.nested.ok}): the column its values are shredded to ({@code small.typed_value}, {@code
   * doc.typed_value.score.typed_value}), whose values the filter compares and whose statistics
   * prune; null when no VARIANT group starts the path. A value the file keeps unshredded at that
   * path (of another type) does not match.
   */
  private ColumnDescriptor variantField(String name) {
    List<String> parts = List.of(name.split("\\."));
    int variant = schema.variantPrefix(parts);
    if (variant < 0) {
      return null;
    }
    String column = String.join(".", parts.subList(0, variant));
    StringBuilder leaf = new StringBuilder(column);
    for (String field : parts.subList(variant, parts.size())) {
      leaf.append(".typed_value.").append(field);
    }
    leaf.append(".typed_value");
    ColumnDescriptor shredded = schema.column(leaf.toString());
    if (shredded == null) {
      throw problem(
          name,
          "is a field of the VARIANT column '"
              + column
              + "', which this file does not shred to a primitive column at that path"
              + " (filters on variant fields compare their shredded values)");
    }
    return shredded;
  }

  private IllegalArgumentException problem(String column, String what) {
    return new IllegalArgumentException(fileName + ": filter column '" + column + "' " + what);
  }

  private static Kind kind(Filter.Op op) {
    return switch (op) {
      case EQ -> Kind.EQ;
      case NE -> Kind.NE;
      case LT -> Kind.LT;
      case LE -> Kind.LE;
      case GT -> Kind.GT;
      case GE -> Kind.GE;
    };
  }

  /** Two columns compared: of one kind (numbers, instants, strings, ...), else refused. */
  private BoundFilter.CompareColumns compareColumns(Filter.CompareColumns pair) {
    FilterColumn left = column(pair.left());
    FilterColumn right = column(pair.right());
    for (FilterColumn c : List.of(left, right)) {
      if (c.domain() == Domain.NONE) {
        throw noOrder(c);
      }
    }
    ColumnComparison how = ColumnComparison.of(left, right);
    if (how == null) {
      throw new IllegalArgumentException(
          fileName
              + ": filter columns '"
              + left.name()
              + "' ("
              + describe(left)
              + ") and '"
              + right.name()
              + "' ("
              + describe(right)
              + ") do not compare; a column compares with another of its kind (numbers, dates"
              + " and timestamps, times, booleans, strings and binaries, UUIDs)");
    }
    return new BoundFilter.CompareColumns(left, kind(pair.op()), right, how);
  }

  private static String describe(FilterColumn c) {
    return c.column().logicalType() != null
        ? c.column().physicalType() + " " + c.column().logicalType().describe()
        : c.column().physicalType().toString();
  }

  private Test compare(FilterColumn column, Filter.Op op, Object literal) {
    Kind kind = kind(op);
    return switch (column.domain()) {
      case SIGNED, UNSIGNED, DECIMAL -> integerTest(column, kind, exact(column, literal));
      case FLOAT -> new Test(column, kind, List.of(floatKey(column, literal)));
      case BYTES -> new Test(column, kind, List.of(bytesKey(column, literal)));
      case NONE -> throw noOrder(column);
    };
  }

  /**
   * LIKE or ILIKE on a string column: TRUE for a pattern of {@code %}s only, an equality for a LIKE
   * without wildcards (so that Bloom filters and dictionaries prune it too), else the pattern.
   */
  private Test like(FilterColumn column, Filter.Like like) {
    if (column.literal() != FilterColumn.LiteralKind.STRING) {
      throw problem(
          column.name(),
          "is not a string column ("
              + column.column().physicalType()
              + "); "
              + (like.ignoreCase() ? "ILIKE" : "LIKE")
              + " applies to strings only");
    }
    LikePattern compiled = LikePattern.compile(like.pattern(), like.escape(), like.ignoreCase());
    if (compiled.matchesEverything()) {
      return new Test(column, Kind.TRUE, List.of());
    }
    byte[] literal = compiled.literal();
    return literal != null
        ? new Test(column, Kind.EQ, List.of(literal))
        : new Test(column, Kind.LIKE, List.of(compiled));
  }

  private Test in(FilterColumn column, List<Object> literals) {
    if (column.domain() == Domain.NONE) {
      throw noOrder(column);
    }
    TreeSet<Object> keys = new TreeSet<>(column.domain()::compare);
    for (Object literal : literals) {
      switch (column.domain()) {
        case SIGNED, UNSIGNED, DECIMAL -> {
          Test eq = integerTest(column, Kind.EQ, exact(column, literal));
          if (eq.kind() == Kind.EQ) {
            keys.add(eq.keys().get(0));
          }
        }
        case FLOAT -> keys.add(floatKey(column, literal));
        default -> keys.add(bytesKey(column, literal));
      }
    }
    if (keys.isEmpty()) {
      return new Test(column, Kind.FALSE, List.of());
    }
    return keys.size() == 1
        ? new Test(column, Kind.EQ, List.of(keys.first()))
        : new Test(column, Kind.IN, new ArrayList<>(keys));
  }

  private IllegalArgumentException noOrder(FilterColumn column) {
    return problem(
        column.name(),
        "("
            + column.column().physicalType()
            + ") has no order Parrow compares by; only IS NULL and IS NOT NULL apply to it");
  }

  /**
   * A comparison of an integer-like column with an exact value: a value between two integers, or
   * outside the column's range, turns the test into one that needs no key or into a constant.
   */
  private static Test integerTest(FilterColumn column, Kind kind, BigDecimal value) {
    BigInteger k;
    if (value.stripTrailingZeros().scale() > 0) {
      switch (kind) {
        case EQ:
          return new Test(column, Kind.FALSE, List.of());
        case NE:
          return new Test(column, Kind.TRUE, List.of());
        case LT:
        case LE:
          kind = Kind.LE;
          k = value.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
          break;
        default:
          kind = Kind.GE;
          k = value.setScale(0, RoundingMode.CEILING).toBigIntegerExact();
      }
    } else {
      k = value.toBigIntegerExact();
    }
    if (k.compareTo(column.min()) < 0 || k.compareTo(column.max()) > 0) {
      boolean below = k.compareTo(column.min()) < 0;
      boolean always =
          switch (kind) {
            case EQ -> false;
            case NE -> true;
            case LT, LE -> !below;
            default -> below;
          };
      return new Test(column, always ? Kind.TRUE : Kind.FALSE, List.of());
    }
    Object key = column.domain() == Domain.DECIMAL ? k : (Object) k.longValue();
    return new Test(column, kind, List.of(key));
  }

  /** The literal's exact value in the column's stored unit (unscaled for decimals). */
  private BigDecimal exact(FilterColumn column, Object literal) {
    try {
      return switch (column.literal()) {
        case INTEGER -> number(literal);
        case DECIMAL -> number(literal).movePointRight(column.scale());
        case BOOLEAN -> {
          Boolean b =
              literal instanceof Boolean v
                  ? v
                  : literal instanceof String s && s.equalsIgnoreCase("true")
                      ? Boolean.TRUE
                      : literal instanceof String s && s.equalsIgnoreCase("false")
                          ? Boolean.FALSE
                          : null;
          if (b == null) {
            throw mismatch(column, literal, "a boolean");
          }
          yield b ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        case DATE -> {
          if (literal instanceof LocalDate d) {
            yield BigDecimal.valueOf(d.toEpochDay());
          }
          if (literal instanceof String s && s.trim().length() <= 10) {
            yield BigDecimal.valueOf(LocalDate.parse(s.trim()).toEpochDay());
          }
          BigDecimal nanos = instantNanos(column, literal);
          yield nanos.divide(BigDecimal.valueOf(86_400_000_000_000L));
        }
        case TIME -> {
          long nanos;
          if (literal instanceof LocalTime t) {
            nanos = t.toNanoOfDay();
          } else if (literal instanceof String s) {
            nanos = LocalTime.parse(s.trim()).toNanoOfDay();
          } else {
            throw mismatch(column, literal, "a time (LocalTime or 'HH:mm:ss')");
          }
          yield BigDecimal.valueOf(nanos).divide(BigDecimal.valueOf(column.unitNanos()));
        }
        case TIMESTAMP ->
            instantNanos(column, literal).divide(BigDecimal.valueOf(column.unitNanos()));
        default -> throw new IllegalStateException(column.literal().toString());
      };
    } catch (DateTimeParseException | NumberFormatException e) {
      throw mismatch(column, literal, "a value of its type (" + e.getMessage() + ")");
    }
  }

  private BigDecimal number(Object literal) {
    if (literal instanceof BigDecimal d) {
      return d;
    }
    if (literal instanceof BigInteger i) {
      return new BigDecimal(i);
    }
    if (literal instanceof Long
        || literal instanceof Integer
        || literal instanceof Short
        || literal instanceof Byte) {
      return BigDecimal.valueOf(((Number) literal).longValue());
    }
    if (literal instanceof Double || literal instanceof Float) {
      double d = ((Number) literal).doubleValue();
      if (!Double.isFinite(d)) {
        // NaN and infinities sort above (or, -inf, below) every number: beyond any column's range.
        return d < 0 ? BigDecimal.valueOf(-1).scaleByPowerOfTen(400) : BigDecimal.TEN.pow(400);
      }
      return new BigDecimal(d);
    }
    if (literal instanceof String s) {
      return new BigDecimal(s.trim());
    }
    throw new NumberFormatException("not a number: " + literal.getClass().getSimpleName());
  }

  /** Nanoseconds since the epoch (UTC) of a date, date-time or instant literal. */
  private BigDecimal instantNanos(FilterColumn column, Object literal) {
    Instant instant;
    if (literal instanceof Instant i) {
      instant = i;
    } else if (literal instanceof LocalDateTime t) {
      instant = t.toInstant(ZoneOffset.UTC);
    } else if (literal instanceof LocalDate d) {
      instant = d.atStartOfDay(ZoneOffset.UTC).toInstant();
    } else if (literal instanceof OffsetDateTime t) {
      instant = t.toInstant();
    } else if (literal instanceof ZonedDateTime t) {
      instant = t.toInstant();
    } else if (literal instanceof String s) {
      instant = parseInstant(s.trim());
    } else {
      throw mismatch(column, literal, "a date or timestamp");
    }
    return BigDecimal.valueOf(instant.getEpochSecond())
        .multiply(BigDecimal.valueOf(1_000_000_000L))
        .add(BigDecimal.valueOf(instant.getNano()));
  }

  /**
   * '1995-01-01', '1995-01-01 12:30:00[.fff]' or with a T, optionally with Z or an offset (no
   * offset means UTC).
   */
  static Instant parseInstant(String s) {
    if (s.length() <= 10) {
      return LocalDate.parse(s).atStartOfDay(ZoneOffset.UTC).toInstant();
    }
    String t = s.replace(' ', 'T');
    try {
      return OffsetDateTime.parse(t).toInstant();
    } catch (DateTimeParseException e) {
      return LocalDateTime.parse(t).toInstant(ZoneOffset.UTC);
    }
  }

  /** NaN or an infinity as DuckDB spells them in text ('nan', 'inf', '-infinity'), else null. */
  static Double specialFloat(String text) {
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "nan", "+nan", "-nan" -> Double.NaN;
      case "inf", "+inf", "infinity", "+infinity" -> Double.POSITIVE_INFINITY;
      case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
      default -> null;
    };
  }

  private Double floatKey(FilterColumn column, Object literal) {
    double d;
    if (literal instanceof Double || literal instanceof Float) {
      d = ((Number) literal).doubleValue();
    } else if (literal instanceof Number) {
      d = number(literal).doubleValue();
    } else if (literal instanceof String s) {
      Double special = specialFloat(s);
      try {
        d = special != null ? special : Double.parseDouble(s.trim());
      } catch (NumberFormatException e) {
        throw mismatch(column, literal, "a number");
      }
    } else {
      throw mismatch(column, literal, "a number");
    }
    // As DuckDB does: a FLOAT column meets a decimal or text literal cast to FLOAT, but a double
    // literal as a double (the column's values widened).
    return column.float32() && !(literal instanceof Double) ? (double) (float) d : d;
  }

  private byte[] bytesKey(FilterColumn column, Object literal) {
    if (column.literal() == FilterColumn.LiteralKind.UUID) {
      UUID uuid;
      if (literal instanceof UUID u) {
        uuid = u;
      } else if (literal instanceof String s) {
        try {
          uuid = UUID.fromString(s.trim());
        } catch (IllegalArgumentException e) {
          throw mismatch(column, literal, "a UUID");
        }
      } else if (literal instanceof byte[] b) {
        return b;
      } else {
        throw mismatch(column, literal, "a UUID");
      }
      return ByteBuffer.allocate(16)
          .putLong(uuid.getMostSignificantBits())
          .putLong(uuid.getLeastSignificantBits())
          .array();
    }
    if (literal instanceof String s) {
      return s.getBytes(StandardCharsets.UTF_8);
    }
    if (literal instanceof byte[] b) {
      return b;
    }
    throw mismatch(
        column,
        literal,
        column.literal() == FilterColumn.LiteralKind.STRING ? "a string" : "bytes or a string");
  }

  private IllegalArgumentException mismatch(FilterColumn column, Object literal, String wanted) {
    String shown = literal instanceof byte[] b ? b.length + " bytes" : "'" + literal + "'";
    return problem(
        column.name(),
        "takes "
            + wanted
            + "; the literal "
            + shown
            + " ("
            + literal.getClass().getSimpleName()
            + ") does not fit it");
  }
}
