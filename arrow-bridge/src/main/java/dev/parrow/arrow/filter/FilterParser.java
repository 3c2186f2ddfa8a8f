package dev.parrow.arrow.filter;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The SQL subset of {@link Filter#parse}, by recursive descent: OR binds loosest, then AND, then
 * NOT, then the predicates. A literal on the left of a comparison is turned round ({@code 5 < x} is
 * {@code x > 5}); a column on both sides compares the two ({@code a < b}).
 */
final class FilterParser {
  private final String text;
  private int pos;

  FilterParser(String text) {
    this.text = text;
  }

  Filter parse() {
    skipSpace();
    if (pos == text.length()) {
      throw error(pos, "an empty filter expression");
    }
    Filter f = or();
    skipSpace();
    if (pos < text.length()) {
      throw error(pos, "unexpected '" + rest() + "'");
    }
    return f;
  }

  private Filter or() {
    List<Filter> parts = new ArrayList<>();
    parts.add(and());
    while (keyword("OR")) {
      parts.add(and());
    }
    return parts.size() == 1 ? parts.get(0) : new Filter.Or(parts);
  }

  private Filter and() {
    List<Filter> parts = new ArrayList<>();
    parts.add(not());
    while (keyword("AND")) {
      parts.add(not());
    }
    return parts.size() == 1 ? parts.get(0) : new Filter.And(parts);
  }

  private Filter not() {
    if (keyword("NOT")) {
      return new Filter.Not(not());
    }
    return predicate();
  }

  private Filter predicate() {
    skipSpace();
    int start = pos;
    if (symbol("(")) {
      Filter inner = or();
      expect(")");
      return inner;
    }
    Filter call = stringFunction();
    if (call != null) {
      return call;
    }
    Operand left = operand();
    skipSpace();
    int opAt = pos;
    if (keyword("IS")) {
      return is(left, start);
    }
    boolean negated = keyword("NOT");
    if (keyword("BETWEEN")) {
      String column = column(left, start);
      Filter low = bound(column, Filter.Op.GE, operand());
      if (!keyword("AND")) {
        throw error(pos, "expected AND in BETWEEN");
      }
      Filter high = bound(column, Filter.Op.LE, operand());
      Filter f = Filter.and(low, high);
      return negated ? new Filter.Not(f) : f;
    }
    if (keyword("IN")) {
      String column = column(left, start);
      expect("(");
      List<Object> values = new ArrayList<>();
      do {
        values.add(literal());
      } while (symbol(","));
      expect(")");
      Filter f = new Filter.In(column, values);
      return negated ? new Filter.Not(f) : f;
    }
    boolean like = keyword("LIKE");
    boolean ilike = !like && keyword("ILIKE");
    if (like || ilike) {
      String column = column(left, start);
      String pattern = quoted("a 'quoted' pattern after " + (like ? "LIKE" : "ILIKE"));
      Character escape = null;
      int escapeAt = pos;
      if (keyword("ESCAPE")) {
        String e = quoted("a 'quoted' character after ESCAPE");
        if (e.length() != 1) {
          throw error(escapeAt, "ESCAPE takes one character, not '" + e + "'");
        }
        escape = e.charAt(0);
      }
      Filter f;
      try {
        f = new Filter.Like(column, pattern, escape, ilike);
      } catch (IllegalArgumentException e) {
        throw error(start, e.getMessage());
      }
      return negated ? new Filter.Not(f) : f;
    }
    if (negated) {
      throw error(pos, "expected BETWEEN, IN, LIKE or ILIKE after NOT");
    }
    Filter.Op op = operator();
    if (op == null && left.column != null && atPredicateEnd()) {
      // A boolean column on its own, as SQL allows: WHERE express.
      return new Filter.Compare(left.column, Filter.Op.EQ, Boolean.TRUE);
    }
    if (op == null) {
      throw error(
          opAt,
          pos == text.length()
              ? "the expression ends where a comparison was expected"
              : "expected a comparison (= <> != < <= > >=, BETWEEN, IN, LIKE, ILIKE, IS NULL)");
    }
    skipSpace();
    Operand right = operand();
    if (left.column != null && right.column == null) {
      return new Filter.Compare(left.column, op, right.value);
    }
    if (left.column == null && right.column != null) {
      return new Filter.Compare(right.column, op.swapped(), left.value);
    }
    if (left.column == null) {
      throw error(start, "a comparison needs a column on one side");
    }
    return new Filter.CompareColumns(left.column, op, right.column);
  }

  /** One bound of BETWEEN: a value, or another column. */
  private static Filter bound(String column, Filter.Op op, Operand bound) {
    return bound.column != null
        ? new Filter.CompareColumns(column, op, bound.column)
        : new Filter.Compare(column, op, bound.value);
  }

  /**
   * What follows IS: [NOT] NULL, [NOT] TRUE or FALSE, [NOT] DISTINCT FROM a value or a column. The
   * last four are true or false, never unknown ({@link Filter#notDistinct}: a null value is not
   * TRUE, and is distinct from any value but null).
   */
  private Filter is(Operand left, int start) {
    String column = column(left, start);
    boolean negated = keyword("NOT");
    if (keyword("NULL")) {
      Filter f = new Filter.IsNull(column);
      return negated ? new Filter.Not(f) : f;
    }
    boolean isTrue = keyword("TRUE");
    if (isTrue || keyword("FALSE")) {
      // IS TRUE is IS NOT DISTINCT FROM TRUE: never unknown, so NOT of it is IS NOT TRUE.
      Filter same = Filter.notDistinct(column, isTrue);
      return negated ? Filter.not(same) : same;
    }
    if (keyword("DISTINCT")) {
      if (!keyword("FROM")) {
        throw error(pos, "expected FROM after DISTINCT");
      }
      skipSpace();
      Operand other = operand();
      // Never unknown, so NOT of it is IS DISTINCT FROM exactly.
      Filter same =
          other.column == null
              ? Filter.notDistinct(column, other.value)
              : Filter.columnsNotDistinct(column, other.column);
      return negated ? same : Filter.not(same);
    }
    throw error(
        pos, "expected NULL, TRUE, FALSE or DISTINCT FROM after IS" + (negated ? " NOT" : ""));
  }

  /**
   * A string function of a column and a 'quoted' text, as DuckDB and Spark name them: starts_with
   * (startswith, prefix), ends_with (endswith, suffix) and contains, each the LIKE pattern that
   * takes the text as itself; null when no function call starts here.
   */
  private Filter stringFunction() {
    String word = peekWord();
    if (word == null) {
      return null;
    }
    int start = pos;
    int after = pos + word.length();
    while (after < text.length() && Character.isWhitespace(text.charAt(after))) {
      after++;
    }
    if (after >= text.length() || text.charAt(after) != '(') {
      return null;
    }
    String name = word.toLowerCase(Locale.ROOT);
    pos = after + 1;
    skipSpace();
    Operand column = operand();
    String col = column(column, start);
    expect(",");
    String argument = quoted("a 'quoted' text as the second argument of " + word);
    expect(")");
    return switch (name) {
      case "starts_with", "startswith", "prefix" -> Filter.startsWith(col, argument);
      case "ends_with", "endswith", "suffix" -> Filter.endsWith(col, argument);
      case "contains" -> Filter.contains(col, argument);
      default ->
          throw error(
              start,
              "unknown function '"
                  + word
                  + "'; the functions are starts_with, ends_with and contains");
    };
  }

  /** Whether the predicate ends here: the end, a closing parenthesis, AND or OR. */
  private boolean atPredicateEnd() {
    skipSpace();
    if (pos == text.length() || text.charAt(pos) == ')') {
      return true;
    }
    String word = peekWord();
    return word != null && (word.equalsIgnoreCase("AND") || word.equalsIgnoreCase("OR"));
  }

  private String column(Operand operand, int at) {
    if (operand.column == null) {
      throw error(at, "expected a column name, not a literal");
    }
    return operand.column;
  }

  private Filter.Op operator() {
    skipSpace();
    String[] symbols = {"<=", ">=", "<>", "!=", "==", "=", "<", ">"};
    for (String s : symbols) {
      if (text.startsWith(s, pos)) {
        pos += s.length();
        return switch (s) {
          case "<=" -> Filter.Op.LE;
          case ">=" -> Filter.Op.GE;
          case "<>", "!=" -> Filter.Op.NE;
          case "=", "==" -> Filter.Op.EQ;
          case "<" -> Filter.Op.LT;
          default -> Filter.Op.GT;
        };
      }
    }
    return null;
  }

  /** A column (dotted path) or a literal. */
  private record Operand(String column, Object value) {}

  private Operand operand() {
    skipSpace();
    if (pos == text.length()) {
      throw error(pos, "the expression ends where a column or value was expected");
    }
    char c = text.charAt(pos);
    if (c == '"' || isIdentStart(c)) {
      int start = pos;
      String word = c == '"' ? null : peekWord();
      if (word != null) {
        String upper = word.toUpperCase(Locale.ROOT);
        if (startsLiteral(upper)) {
          return new Operand(null, literal());
        }
        if (isReserved(upper)) {
          throw error(start, "expected a column or value, not " + upper);
        }
      }
      StringBuilder path = new StringBuilder(identifier());
      while (pos < text.length() && text.charAt(pos) == '.') {
        pos++;
        path.append('.').append(identifier());
      }
      return new Operand(path.toString(), null);
    }
    return new Operand(null, literal());
  }

  private static boolean isReserved(String upper) {
    return switch (upper) {
      case "AND", "OR", "NOT", "IN", "IS", "NULL", "BETWEEN", "LIKE", "ILIKE" -> true;
      default -> false;
    };
  }

  private String identifier() {
    if (pos < text.length() && text.charAt(pos) == '"') {
      int start = pos;
      pos++;
      StringBuilder out = new StringBuilder();
      while (true) {
        if (pos >= text.length()) {
          throw error(start, "unterminated quoted identifier");
        }
        char c = text.charAt(pos++);
        if (c == '"') {
          if (pos < text.length() && text.charAt(pos) == '"') {
            out.append('"');
            pos++;
          } else {
            return out.toString();
          }
        } else {
          out.append(c);
        }
      }
    }
    String word = peekWord();
    if (word == null) {
      throw error(pos, "expected a column name");
    }
    pos += word.length();
    return word;
  }

  /**
   * Whether a word at the cursor starts a literal rather than a column: TRUE, FALSE, a typed
   * literal (DATE '...'), INTERVAL, or CAST(...).
   */
  private boolean startsLiteral(String upper) {
    int after = pos + upper.length();
    while (after < text.length() && Character.isWhitespace(text.charAt(after))) {
      after++;
    }
    char next = after < text.length() ? text.charAt(after) : 0;
    return switch (upper) {
      case "TRUE", "FALSE" -> true;
      case "DATE", "TIME", "TIMESTAMP" -> next == '\'';
      case "INTERVAL" -> next == '\'' || Character.isDigit(next);
      case "CAST" -> next == '(';
      default -> false;
    };
  }

  /**
   * A literal: a value, or constant arithmetic folded as DuckDB computes it ({@code 0.06 - 0.01},
   * {@code DATE '1998-12-01' - INTERVAL '90' DAY}); see {@link LiteralArithmetic}.
   */
  private Object literal() {
    int start = pos;
    Object value = sum();
    try {
      return LiteralArithmetic.value(value);
    } catch (IllegalArgumentException e) {
      throw error(start, e.getMessage());
    }
  }

  private Object sum() {
    return chain('+', '-', this::product);
  }

  private Object product() {
    return chain('*', '/', this::factor);
  }

  /** Operands joined by either of two operators, left to right, each step folded. */
  private Object chain(char op1, char op2, java.util.function.Supplier<Object> operand) {
    Object left = operand.get();
    while (true) {
      skipSpace();
      int at = pos;
      if (pos < text.length() && (text.charAt(pos) == op1 || text.charAt(pos) == op2)) {
        char op = text.charAt(pos++);
        left = fold(left, op, operand.get(), at);
      } else {
        return left;
      }
    }
  }

  private Object fold(Object left, char op, Object right, int at) {
    try {
      return LiteralArithmetic.apply(left, op, right);
    } catch (IllegalArgumentException | ArithmeticException | java.time.DateTimeException e) {
      // Also a date moved past the years Java's dates hold.
      throw error(at, e.getMessage());
    }
  }

  /** A value, a parenthesised sum, INTERVAL, or CAST(value AS type); then a {@code ::type}. */
  private Object factor() {
    skipSpace();
    if (pos == text.length()) {
      throw error(pos, "the expression ends where a value was expected");
    }
    Object value;
    int start = pos;
    String word = peekWord();
    String upper = word == null ? "" : word.toUpperCase(Locale.ROOT);
    if (symbol("(")) {
      value = sum();
      expect(")");
    } else if (upper.equals("INTERVAL")) {
      pos += word.length();
      value = interval(start);
    } else if (upper.equals("CAST") && startsLiteral(upper)) {
      pos += word.length();
      expect("(");
      value = sum();
      if (!keyword("AS")) {
        throw error(pos, "expected AS in CAST");
      }
      value = cast(value, typeName(), start);
      expect(")");
    } else {
      value = primary();
    }
    while (symbol("::")) {
      value = cast(value, typeName(), start);
    }
    return value;
  }

  /** A type's name after AS or {@code ::} (with any parenthesised parameters, which are kept). */
  private String typeName() {
    skipSpace();
    String name = peekWord();
    if (name == null) {
      throw error(pos, "expected a type name");
    }
    pos += name.length();
    if (symbol("(")) {
      while (pos < text.length() && text.charAt(pos) != ')') {
        pos++;
      }
      expect(")");
    }
    return name.toUpperCase(Locale.ROOT);
  }

  /**
   * A literal cast to a type: a string cast to DATE, TIME or TIMESTAMP becomes that typed literal,
   * one cast to BLOB (or BYTEA, VARBINARY) takes its {@code \xAA} escapes as bytes, as DuckDB's
   * does; any other cast leaves the value to the column's type, which decides as it does for an
   * untyped literal.
   */
  private Object cast(Object value, String type, int at) {
    Object v = LiteralArithmetic.value(value);
    return switch (type) {
      case "DATE", "TIME", "TIMESTAMP", "TIMESTAMPTZ", "DATETIME" -> {
        if (!(v instanceof String text)) {
          throw error(at, "only a 'quoted' text can be cast to " + type);
        }
        yield new LiteralArithmetic.Typed(
            type.startsWith("TIMESTAMP") || type.equals("DATETIME") ? "TIMESTAMP" : type, text);
      }
      case "BLOB", "BYTEA", "VARBINARY", "BINARY" -> {
        if (!(v instanceof String text)) {
          throw error(at, "only a 'quoted' text can be cast to " + type);
        }
        try {
          yield LiteralArithmetic.blob(text);
        } catch (IllegalArgumentException e) {
          throw error(at, e.getMessage());
        }
      }
      default -> value;
    };
  }

  /** INTERVAL '90' DAY, INTERVAL 90 DAYS, INTERVAL '1 year 2 months'. */
  private Object interval(int start) {
    skipSpace();
    String amount;
    if (pos < text.length() && text.charAt(pos) == '\'') {
      amount = string().trim();
    } else {
      int from = pos;
      while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
        pos++;
      }
      amount = text.substring(from, pos);
    }
    String unit = null;
    skipSpace();
    String next = peekWord();
    if (next != null && LiteralArithmetic.isUnit(next)) {
      pos += next.length();
      unit = next;
    }
    try {
      return LiteralArithmetic.interval(amount, unit);
    } catch (IllegalArgumentException | ArithmeticException e) {
      throw error(start, e.getMessage());
    }
  }

  /** A number, a 'quoted string', TRUE or FALSE, or a typed literal (DATE '...'). */
  private Object primary() {
    skipSpace();
    if (pos == text.length()) {
      throw error(pos, "the expression ends where a value was expected");
    }
    char c = text.charAt(pos);
    if (c == '\'') {
      return string();
    }
    if (c == '-' || c == '+' || c == '.' || Character.isDigit(c)) {
      return number();
    }
    String word = peekWord();
    if (word != null) {
      String upper = word.toUpperCase(Locale.ROOT);
      if (upper.equals("TRUE") || upper.equals("FALSE")) {
        pos += word.length();
        return upper.equals("TRUE");
      }
      if (upper.equals("NULL")) {
        throw error(pos, "NULL is not a value to compare with; use IS NULL or IS NOT NULL");
      }
      if (upper.equals("DATE") || upper.equals("TIME") || upper.equals("TIMESTAMP")) {
        int save = pos;
        pos += word.length();
        skipSpace();
        if (pos < text.length() && text.charAt(pos) == '\'') {
          // The column's type decides what the text means, unless arithmetic needs the value.
          return new LiteralArithmetic.Typed(upper, string());
        }
        pos = save;
      }
    }
    throw error(pos, "expected a value: a number, a 'quoted string', TRUE or FALSE");
  }

  /** A 'quoted' string, or an error saying {@code what} was expected. */
  private String quoted(String what) {
    skipSpace();
    if (pos >= text.length() || text.charAt(pos) != '\'') {
      throw error(pos, "expected " + what);
    }
    return string();
  }

  private String string() {
    int start = pos;
    pos++;
    StringBuilder out = new StringBuilder();
    while (true) {
      if (pos >= text.length()) {
        throw error(start, "unterminated string");
      }
      char c = text.charAt(pos++);
      if (c == '\'') {
        if (pos < text.length() && text.charAt(pos) == '\'') {
          out.append('\'');
          pos++;
        } else {
          return out.toString();
        }
      } else {
        out.append(c);
      }
    }
  }

  private Object number() {
    int start = pos;
    if (text.charAt(pos) == '-' || text.charAt(pos) == '+') {
      pos++;
    }
    boolean fraction = false;
    boolean exponent = false;
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (Character.isDigit(c)) {
        pos++;
      } else if (c == '.' && !fraction && !exponent) {
        fraction = true;
        pos++;
      } else if ((c == 'e' || c == 'E') && !exponent) {
        exponent = true;
        pos++;
        if (pos < text.length() && (text.charAt(pos) == '-' || text.charAt(pos) == '+')) {
          pos++;
        }
      } else {
        break;
      }
    }
    String s = text.substring(start, pos);
    try {
      if (exponent) {
        return Double.parseDouble(s);
      }
      if (fraction) {
        return new BigDecimal(s);
      }
      BigInteger big = new BigInteger(s);
      return big.bitLength() < 64 ? (Object) big.longValueExact() : big;
    } catch (NumberFormatException | ArithmeticException e) {
      throw error(start, "'" + s + "' is not a number");
    }
  }

  private String peekWord() {
    int end = pos;
    if (end < text.length() && isIdentStart(text.charAt(end))) {
      end++;
      while (end < text.length()
          && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
        end++;
      }
      return text.substring(pos, end);
    }
    return null;
  }

  private static boolean isIdentStart(char c) {
    return Character.isLetter(c) || c == '_';
  }

  private boolean keyword(String word) {
    skipSpace();
    String next = peekWord();
    if (next != null && next.equalsIgnoreCase(word)) {
      pos += next.length();
      return true;
    }
    return false;
  }

  private boolean symbol(String s) {
    skipSpace();
    if (text.startsWith(s, pos)) {
      pos += s.length();
      return true;
    }
    return false;
  }

  private void expect(String s) {
    if (!symbol(s)) {
      throw error(
          pos, pos == text.length() ? "expected '" + s + "' at the end" : "expected '" + s + "'");
    }
  }

  private void skipSpace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private String rest() {
    String r = text.substring(pos);
    return r.length() > 20 ? r.substring(0, 20) + "..." : r;
  }

  private FilterSyntaxException error(int at, String problem) {
    return new FilterSyntaxException(text, at, problem);
  }
}
