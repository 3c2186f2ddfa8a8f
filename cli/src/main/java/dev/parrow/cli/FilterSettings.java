package dev.parrow.cli;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.ReadStats;
import dev.parrow.arrow.filter.Filter;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** The row filter and read statistics options of the verbs that read rows. */
final class FilterSettings {
  @Option(
      names = "--where",
      paramLabel = "EXPR",
      description =
          "Only the rows where this SQL condition holds, as in a DuckDB WHERE clause: = <> < <= >"
              + " >= (a column with a value or with another column), BETWEEN, IN (...), IS [NOT]"
              + " NULL / TRUE / FALSE / DISTINCT FROM, [NOT] LIKE and ILIKE, starts_with(),"
              + " ends_with(), contains(), AND, OR, NOT; \"quoted\" names and dotted struct"
              + " paths; dates and times as 'quoted strings' or DATE '...', constant arithmetic"
              + " (0.06 - 0.01, DATE '1998-12-01' - INTERVAL '90' DAY); values computed from"
              + " columns: + - * / // %% ||, lower(), upper(), length(), substring(), year(),"
              + " EXTRACT(... FROM ...), CAST(... AS DATE), coalesce(), regexp_matches(), ...;"
              + " lists by len(), list_contains(), list_has_any(), [index], ...; maps by ['key'],"
              + " map_contains(), cardinality() (a condition starting with - as --where='-x <"
              + " 3'). Row groups and pages that cannot match are skipped.")
  String where;

  @Option(
      names = "--stats",
      description =
          "Print what was read and skipped as one JSON line on stderr (row groups, pages, bytes,"
              + " rows); count prints it with --where (without, it reads only the footers).")
  boolean stats;

  /** The options with the filter, parsed (a syntax error names its position). */
  ReadOptions.Builder apply(ReadOptions.Builder options) {
    return where == null ? options : options.filter(Filter.parse(where));
  }

  void report(ReadStats read, PrintWriter err) {
    if (stats) {
      err.println(read.toJson());
      err.flush();
    }
  }
}
