package dev.parrow.arrow.internal.read;

import dev.parrow.arrow.filter.Filter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A filter on a requested schema as a filter on the file's columns ({@link SchemaEvolution}): each
 * column named by its file path, and a column the file lacks taken as null everywhere. A filter
 * keeps the rows where it is true; with SQL's three-valued logic a comparison with null is unknown,
 * so NOT is first pushed down through AND and OR to the comparisons (exact under that logic), after
 * which a comparison with a missing column, unknown, can only keep no row and counts as false.
 */
final class FilterRewrite {
  private FilterRewrite() {}

  /**
   * The rewritten filter: a {@link Filter}, or {@link Boolean#TRUE} (every row) or {@link
   * Boolean#FALSE} (no row) when the missing columns decide it.
   *
   * @param names each requested column a filter may name: its file path, or null when the file
   *     lacks it
   */
  static Object rewrite(Filter filter, Map<String, String> names) {
    return rewrite(filter, false, names);
  }

  private static Object rewrite(Filter f, boolean negated, Map<String, String> names) {
    if (f instanceof Filter.Not n) {
      return rewrite(n.child(), !negated, names);
    }
    if (f instanceof Filter.And a) {
      return combine(a.children(), negated, !negated, names);
    }
    if (f instanceof Filter.Or o) {
      return combine(o.children(), negated, negated, names);
    }
    Filter kept;
    if (f instanceof Filter.Compare c) {
      String column = column(c.column(), names);
      if (column == null) {
        return Boolean.FALSE;
      }
      kept = new Filter.Compare(column, c.op(), c.value());
    } else if (f instanceof Filter.In in) {
      String column = column(in.column(), names);
      if (column == null) {
        return Boolean.FALSE;
      }
      kept = new Filter.In(column, in.values());
    } else {
      String column = column(((Filter.IsNull) f).column(), names);
      if (column == null) {
        // Null everywhere: IS NULL is true, NOT IS NULL false.
        return !negated;
      }
      kept = new Filter.IsNull(column);
    }
    return negated ? new Filter.Not(kept) : kept;
  }

  /** AND (when {@code all}) or OR of the children, each negated when {@code negated}. */
  private static Object combine(
      List<Filter> children, boolean negated, boolean all, Map<String, String> names) {
    List<Filter> kept = new ArrayList<>();
    for (Filter child : children) {
      Object r = rewrite(child, negated, names);
      if (r instanceof Filter f) {
        kept.add(f);
      } else if ((Boolean) r != all) {
        // A false term of an AND, or a true term of an OR, decides it.
        return !all;
      }
    }
    if (kept.isEmpty()) {
      return all;
    }
    if (kept.size() == 1) {
      return kept.get(0);
    }
    return all ? new Filter.And(kept) : new Filter.Or(kept);
  }

  /** The file's name of a requested column; null when the file lacks it. */
  private static String column(String requested, Map<String, String> names) {
    if (!names.containsKey(requested)) {
      throw new IllegalArgumentException(
          "the filter names '"
              + requested
              + "', which is not a column of the schema read as (a top-level field, or a dotted"
              + " path through structs to a primitive field)");
    }
    return names.get(requested);
  }
}
