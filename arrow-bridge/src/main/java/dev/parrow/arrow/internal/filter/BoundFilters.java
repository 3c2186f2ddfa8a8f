package dev.parrow.arrow.internal.filter;

import java.util.ArrayList;
import java.util.List;

/** Walks of a bound filter. */
public final class BoundFilters {
  private BoundFilters() {}

  /** The columns the filter tests, each once, in the order they first appear. */
  public static List<FilterColumn> columns(BoundFilter filter) {
    List<FilterColumn> out = new ArrayList<>();
    collect(filter, out);
    return out;
  }

  private static void collect(BoundFilter f, List<FilterColumn> out) {
    if (f instanceof BoundFilter.And and) {
      and.children().forEach(c -> collect(c, out));
    } else if (f instanceof BoundFilter.Or or) {
      or.children().forEach(c -> collect(c, out));
    } else if (f instanceof BoundFilter.CompareColumns pair) {
      add(pair.left(), out);
      add(pair.right(), out);
    } else if (f instanceof BoundFilter.Computed computed) {
      computed.columns().forEach(c -> add(c, out));
    } else {
      add(((BoundFilter.Test) f).column(), out);
    }
  }

  private static void add(FilterColumn c, List<FilterColumn> out) {
    if (out.stream().noneMatch(o -> o.column().index() == c.column().index())) {
      out.add(c);
    }
  }
}
