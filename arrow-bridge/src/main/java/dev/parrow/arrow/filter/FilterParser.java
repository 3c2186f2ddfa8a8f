package dev.parrow.arrow.filter;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The SQL subset of {@link Filter#parse}, by recursive descent: OR binds loosest, then AND, then
 * NOT, then the predicates, then values: || loosest, then + and -, then * / // %, then signs, casts
 * and function calls. A column compared with a literal or another column is one of the basic
 * filters, which prune (a literal on the left is turned round: {@code 5 < x} is {@code x > 5});
 * anything else computed ({@link Filter.Compute}).
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
    if (f.depth() > Filter.MAX_DEPTH) {
      throw error(0, "the expression nests more than " + Filter.MAX_DEPTH + " deep");
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
    FilterSyntaxException asFilter = null;
    if (symbol("(")) {
      // A parenthesised condition, unless what follows shows it to be a value: (a + b) * 2 > c.
      try {
        Filter inner = or();
        expect(")");
        if (!continuesValue()) {
          return inner;
        }
      } catch (FilterSyntaxException e) {
        asFilter = e;
      }
      pos = start;
    }
    try {
      return predicateOn(operand(), start);
    } catch (FilterSyntaxException e) {
      throw asFilter != null ? asFilter : e;
    }
  }

  /** Whether the text after a closing parenthesis goes on as a value: an operator or a test. */
  private boolean continuesValue() {
    skipSpace();
    if (pos < text.length() && "=<>!+-*/%|:~".indexOf(text.charAt(pos)) >= 0) {
      return true;
    }
    String word = peekWord();
    if (word == null) {
      return false;
    }
    return switch (word.toUpperCase(Locale.ROOT)) {
      case "IS", "IN", "NOT", "BETWEEN", "LIKE", "ILIKE", "GLOB", "SIMILAR" -> true;
      default -> false;
    };
  }

  /** What follows a value in a predicate: a comparison, IS, [NOT] BETWEEN, IN, LIKE, ... */
  private Filter predicateOn(Expression left, int start) {
    skipSpace();
    int opAt = pos;
    if (keyword("IS")) {
      return is(left, start);
    }
    String likeOperator = likeOperator();
    if (likeOperator != null) {
      String pattern = quoted("a 'quoted' pattern after " + likeOperator);
      boolean ignoreCase = likeOperator.endsWith("*");
      Filter f = like(left, pattern, null, ignoreCase, start);
      return likeOperator.startsWith("!") ? new Filter.Not(f) : f;
    }
    boolean negated = keyword("NOT");
    if (keyword("BETWEEN")) {
      Filter low = compare(left, Filter.Op.GE, operand(), start);
      if (!keyword("AND")) {
        throw error(pos, "expected AND in BETWEEN");
      }
      Filter high = compare(left, Filter.Op.LE, operand(), start);
      Filter f = Filter.and(low, high);
      return negated ? new Filter.Not(f) : f;
    }
    if (keyword("IN")) {
      Filter f = in(left, start);
      return negated ? new Filter.Not(f) : f;
    }
    boolean like = keyword("LIKE");
    boolean ilike = !like && keyword("ILIKE");
    if (like || ilike) {
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
      Filter f = like(left, pattern, escape, ilike, start);
      return negated ? new Filter.Not(f) : f;
    }
    if (keyword("GLOB")) {
      Filter f =
          like(left, globAsLike(quoted("a 'quoted' pattern after GLOB")), '\\', false, start);
      return negated ? new Filter.Not(f) : f;
    }
    if (keyword("SIMILAR")) {
      if (!keyword("TO")) {
        throw error(pos, "expected TO after SIMILAR");
      }
      String regex = quoted("a 'quoted' regular expression after SIMILAR TO");
      Filter f =
          condition(
              new Expression.Call("regexp_full_match", List.of(finish(left), literal(regex))));
      return negated ? new Filter.Not(f) : f;
    }
    if (negated) {
      throw error(pos, "expected BETWEEN, IN, LIKE, ILIKE, GLOB or SIMILAR TO after NOT");
    }
    Filter.Op op = operator();
    if (op == null && atPredicateEnd()) {
      return alone(left, start);
    }
    if (op == null) {
      throw error(
          opAt,
          pos == text.length()
              ? "the expression ends where a comparison was expected"
              : "expected a comparison (= <> != < <= > >=, BETWEEN, IN, LIKE, ILIKE, IS NULL)");
    }
    return compare(left, op, operand(), start);
  }

  /** A value standing alone as a condition: a boolean column, a test, or TRUE, FALSE or NULL. */
  private Filter alone(Expression value, int start) {
    if (value instanceof Expression.Column c) {
      // A boolean column on its own, as SQL allows: WHERE express.
      return new Filter.Compare(c.name(), Filter.Op.EQ, Boolean.TRUE);
    }
    if (value instanceof Expression.Call call && Expression.TESTS.contains(call.function())) {
      return condition(call);
    }
    return Filter.test(finish(value));
  }

  /**
   * Two values compared: a column with a literal or a column as the basic filters (which prune),
   * anything else computed.
   */
  private Filter compare(Expression left, Filter.Op op, Expression right, int start) {
    String leftColumn = left instanceof Expression.Column c ? c.name() : null;
    String rightColumn = right instanceof Expression.Column c ? c.name() : null;
    if (leftColumn != null && rightColumn != null) {
      return new Filter.CompareColumns(leftColumn, op, rightColumn);
    }
    if (leftColumn != null && isValue(right)) {
      return new Filter.Compare(leftColumn, op, value(right, start));
    }
    if (rightColumn != null && isValue(left)) {
      return new Filter.Compare(rightColumn, op.swapped(), value(left, start));
    }
    return new Filter.Compute(finish(left), op, finish(right));
  }

  /** A non-null literal. */
  private static boolean isValue(Expression e) {
    return e instanceof Expression.Literal l && l.value() != null;
  }

  /** A literal's value for a column's test, which the column's type reads (DATE '...' as text). */
  private Object value(Expression literal, int at) {
    try {
      return LiteralArithmetic.value(((Expression.Literal) literal).value());
    } catch (IllegalArgumentException e) {
      throw error(at, e.getMessage());
    }
  }

  /**
   * IN (values): a column's literals as one IN test, and each other value (a column, an expression,
   * NULL) an equality ORed with it, which is what IN means in SQL.
   */
  private Filter in(Expression left, int start) {
    expect("(");
    List<Object> values = new ArrayList<>();
    List<Filter> others = new ArrayList<>();
    do {
      Expression v = operand();
      if (left instanceof Expression.Column && isValue(v)) {
        values.add(value(v, start));
      } else {
        others.add(compare(left, Filter.Op.EQ, v, start));
      }
    } while (symbol(","));
    expect(")");
    if (!values.isEmpty()) {
      others.add(0, new Filter.In(((Expression.Column) left).name(), values));
    }
    return others.size() == 1 ? others.get(0) : new Filter.Or(others);
  }

  private Filter like(
      Expression left, String pattern, Character escape, boolean ignoreCase, int start) {
    try {
      if (left instanceof Expression.Column c) {
        return new Filter.Like(c.name(), pattern, escape, ignoreCase);
      }
      List<Expression> args = new ArrayList<>(List.of(finish(left), literal(pattern)));
      if (escape != null) {
        args.add(literal(String.valueOf(escape)));
      }
      new Filter.Like("value", pattern, escape, ignoreCase); // checks the pattern
      return Filter.test(new Expression.Call(ignoreCase ? "ilike" : "like", args));
    } catch (IllegalArgumentException e) {
      throw error(start, e.getMessage());
    }
  }

  /** DuckDB's ~~ (LIKE), ~~* (ILIKE) and their negations with !, or null. */
  private String likeOperator() {
    skipSpace();
    for (String s : new String[] {"!~~*", "!~~", "~~*", "~~"}) {
      if (text.startsWith(s, pos)) {
        pos += s.length();
        return s;
      }
    }
    return null;
  }

  /** A GLOB pattern as LIKE with a backslash escape: * any run, ? one character. */
  private String globAsLike(String glob) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < glob.length(); i++) {
      char c = glob.charAt(i);
      switch (c) {
        case '*' -> out.append('%');
        case '?' -> out.append('_');
        case '%', '_', '\\' -> out.append('\\').append(c);
        case '[' -> throw error(pos, "GLOB's [...] character sets are not supported; use LIKE");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /** A test of a value as a filter; on a column, the basic filter that prunes. */
  private static Filter condition(Expression.Call test) {
    List<Expression> a = test.arguments();
    if (a.get(0) instanceof Expression.Column c) {
      if (test.function().equals("is_null")) {
        return new Filter.IsNull(c.name());
      }
      if ((test.function().equals("like") || test.function().equals("ilike"))
          && a.stream()
              .skip(1)
              .allMatch(x -> x instanceof Expression.Literal l && l.value() instanceof String)) {
        String escape = a.size() > 2 ? (String) ((Expression.Literal) a.get(2)).value() : null;
        if (escape == null || escape.length() == 1) {
          return new Filter.Like(
              c.name(),
              (String) ((Expression.Literal) a.get(1)).value(),
              escape == null ? null : escape.charAt(0),
              test.function().equals("ilike"));
        }
      }
    }
    return Filter.test(test);
  }

  /**
   * What follows IS: [NOT] NULL, [NOT] TRUE or FALSE, [NOT] DISTINCT FROM a value or a column. The
   * last four are true or false, never unknown ({@link Filter#notDistinct}: a null value is not
   * TRUE, and is distinct from any value but null).
   */
  private Filter is(Expression left, int start) {
    boolean negated = keyword("NOT");
    if (keyword("NULL")) {
      Filter f = isNull(left);
      return negated ? new Filter.Not(f) : f;
    }
    boolean isTrue = keyword("TRUE");
    if (isTrue || keyword("FALSE")) {
      // IS TRUE is IS NOT DISTINCT FROM TRUE: never unknown, so NOT of it is IS NOT TRUE.
      Filter same =
          left instanceof Expression.Column c
              ? Filter.notDistinct(c.name(), isTrue)
              : notDistinct(left, literal(isTrue), start);
      return negated ? Filter.not(same) : same;
    }
    if (keyword("DISTINCT")) {
      if (!keyword("FROM")) {
        throw error(pos, "expected FROM after DISTINCT");
      }
      skipSpace();
      int otherAt = pos;
      Expression other = operand();
      // Never unknown, so NOT of it is IS DISTINCT FROM exactly.
      Filter same;
      if (left instanceof Expression.Column c && other instanceof Expression.Column o) {
        same = Filter.columnsNotDistinct(c.name(), o.name());
      } else if (left instanceof Expression.Column c && isValue(other)) {
        same = Filter.notDistinct(c.name(), value(other, otherAt));
      } else if (other instanceof Expression.Literal l && l.value() == null) {
        same = isNull(left);
      } else {
        same = notDistinct(left, other, start);
      }
      return negated ? same : Filter.not(same);
    }
    throw error(
        pos, "expected NULL, TRUE, FALSE or DISTINCT FROM after IS" + (negated ? " NOT" : ""));
  }

  private Filter isNull(Expression value) {
    return condition(new Expression.Call("is_null", List.of(finish(value))));
  }

  /** a IS NOT DISTINCT FROM b: equal and neither null, or both null; never unknown. */
  private Filter notDistinct(Expression a, Expression b, int start) {
    return Filter.or(
        Filter.and(
            compare(a, Filter.Op.EQ, b, start), Filter.not(isNull(a)), Filter.not(isNull(b))),
        Filter.and(isNull(a), isNull(b)));
  }

  /** Whether the predicate ends here: the end, a closing parenthesis, AND or OR. */
  private boolean atPredicateEnd() {
    skipSpace();
    if (pos == text.length() || text.charAt(pos) == ')') {
      return true;
    }
    String word = peekWord();
    if (word == null) {
      return false;
    }
    return switch (word.toUpperCase(Locale.ROOT)) {
      case "AND", "OR", "THEN", "ELSE", "END", "WHEN" -> true;
      default -> false;
    };
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

  /**
   * A value: a column, a literal, or arithmetic and function calls on them. Literals stay as
   * written (a typed literal as {@link LiteralArithmetic.Typed}) until {@link #finish} or {@link
   * #value} says what they are; arithmetic on literals alone is folded as DuckDB computes it.
   */
  private Expression operand() {
    skipSpace();
    if (pos == text.length()) {
      throw error(pos, "the expression ends where a column or value was expected");
    }
    Expression left = sum();
    while (true) {
      skipSpace();
      int at = pos;
      if (!text.startsWith("||", pos)) {
        return left;
      }
      pos += 2;
      left = binary("||", left, sum(), at);
    }
  }

  private Expression sum() {
    Expression left = product();
    while (true) {
      skipSpace();
      int at = pos;
      if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
        String op = String.valueOf(text.charAt(pos++));
        left = binary(op, left, product(), at);
      } else {
        return left;
      }
    }
  }

  private Expression product() {
    Expression left = unary();
    while (true) {
      skipSpace();
      int at = pos;
      String op =
          text.startsWith("//", pos)
              ? "//"
              : pos < text.length() && "*/%".indexOf(text.charAt(pos)) >= 0
                  ? String.valueOf(text.charAt(pos))
                  : null;
      if (op == null) {
        return left;
      }
      pos += op.length();
      left = binary(op, left, unary(), at);
    }
  }

  /** A sign before a value that is not a number literal (which takes its own sign). */
  private Expression unary() {
    skipSpace();
    int at = pos;
    if (pos + 1 < text.length()
        && (text.charAt(pos) == '-' || text.charAt(pos) == '+')
        && !Character.isDigit(text.charAt(pos + 1))
        && text.charAt(pos + 1) != '.') {
      boolean minus = text.charAt(pos++) == '-';
      Expression value = unary();
      if (!minus) {
        return value;
      }
      if (value instanceof Expression.Literal l && l.value() instanceof Number) {
        return binary("-", literal(0L), value, at);
      }
      return Expression.call("-", value);
    }
    Expression value = atom();
    while (symbol("::")) {
      value = cast(value, typeName(), at);
    }
    return value;
  }

  /** Applies an operator, folding it where both sides are literals that LiteralArithmetic takes. */
  private Expression binary(String op, Expression left, Expression right, int at) {
    if (op.length() == 1
        && "+-*/".contains(op)
        && left instanceof Expression.Literal l
        && right instanceof Expression.Literal r
        && l.value() != null
        && r.value() != null) {
      try {
        return literal(LiteralArithmetic.apply(l.value(), op.charAt(0), r.value()));
      } catch (IllegalArgumentException | ArithmeticException | java.time.DateTimeException e) {
        // Also a date moved past the years Java's dates hold.
        throw error(at, e.getMessage());
      }
    }
    if (left instanceof Expression.Literal l
        && l.value() instanceof LiteralArithmetic.Interval i
        && op.equals("+")) {
      return shift(right, "+", i);
    }
    if (right instanceof Expression.Literal r
        && r.value() instanceof LiteralArithmetic.Interval i
        && (op.equals("+") || op.equals("-"))) {
      return shift(left, op, i);
    }
    if (left instanceof Expression.Literal l && l.value() instanceof LiteralArithmetic.Interval
        || right instanceof Expression.Literal r
            && r.value() instanceof LiteralArithmetic.Interval) {
      throw error(at, "an interval is added to or taken from a date or timestamp, not " + op);
    }
    return Expression.call(op, finish(left), finish(right));
  }

  /**
   * A value plus or minus an interval: its months and days (a Period) then its time (a Duration),
   * as DuckDB adds them.
   */
  private Expression shift(Expression value, String op, LiteralArithmetic.Interval interval) {
    Expression out = finish(value);
    if (!interval.period().isZero() || interval.duration().isZero()) {
      out = Expression.call(op, out, literal(interval.period()));
    }
    if (!interval.duration().isZero()) {
      out = Expression.call(op, out, literal(interval.duration()));
    }
    return out;
  }

  /**
   * A parenthesised value, INTERVAL, CAST(value AS type), EXTRACT(part FROM value), a function
   * call, a literal or a column.
   */
  private Expression atom() {
    skipSpace();
    if (pos == text.length()) {
      throw error(pos, "the expression ends where a value was expected");
    }
    int start = pos;
    if (symbol("(")) {
      Expression inner = operand();
      expect(")");
      return inner;
    }
    char c = text.charAt(pos);
    String word = c == '"' ? null : peekWord();
    if (word != null) {
      String upper = word.toUpperCase(Locale.ROOT);
      if (upper.equals("INTERVAL") && startsLiteral(upper)) {
        pos += word.length();
        return literal(interval(start));
      }
      if (upper.equals("CASE")) {
        pos += word.length();
        return caseWhen(start);
      }
      if (upper.equals("CAST") && startsLiteral(upper)) {
        pos += word.length();
        expect("(");
        Expression value = operand();
        if (!keyword("AS")) {
          throw error(pos, "expected AS in CAST");
        }
        Expression cast = cast(value, typeName(), start);
        expect(")");
        return cast;
      }
      if (startsLiteral(upper) || upper.equals("NULL")) {
        return literal(primary());
      }
      Object now = now(upper);
      if (now != null) {
        return literal(now);
      }
      boolean likeCall =
          (upper.equals("LIKE") || upper.equals("ILIKE")) && followedByParenthesis(word);
      if (isReserved(upper) && !likeCall) {
        throw error(start, "expected a column or value, not " + upper);
      }
      if (followedByParenthesis(word)) {
        return call(word, start);
      }
    }
    if (c == '"' || isIdentStart(c)) {
      StringBuilder path = new StringBuilder(identifier());
      while (true) {
        if (pos < text.length() && text.charAt(pos) == '.') {
          pos++;
          path.append('.').append(identifier());
        } else if (fieldName()) {
          // DuckDB's s['field'], a struct's field: the dotted path.
          path.append('.').append(quoted("a 'quoted' field name in [...]"));
          expect("]");
        } else {
          Expression value = Expression.column(path.toString());
          while (subscript()) {
            // DuckDB's l[i]: a list's element, from 1 (from the end where negative).
            Expression index = operand();
            if (symbol(":")) {
              throw error(pos, "list slices [a:b] are not supported; take an element with [i]");
            }
            expect("]");
            value = make("list_extract", List.of(value, index), start);
          }
          return value;
        }
      }
    }
    return literal(primary());
  }

  /**
   * CURRENT_DATE, CURRENT_TIMESTAMP, now() and today(), taken (in UTC) when the filter is parsed;
   * null for any other word.
   */
  private Object now(String upper) {
    boolean call = upper.equals("NOW") || upper.equals("TODAY");
    boolean keyword =
        upper.equals("CURRENT_DATE")
            || upper.equals("CURRENT_TIMESTAMP")
            || upper.equals("LOCALTIMESTAMP");
    if (!call && !keyword) {
      return null;
    }
    int after = pos + upper.length();
    if (call && !followedByParenthesis(upper)) {
      return null;
    }
    pos = after;
    if (call || followedByParenthesis("")) {
      expect("(");
      expect(")");
    }
    // Typed literals, as if written DATE '...' or TIMESTAMP '...'.
    java.time.Instant instant = java.time.Instant.now();
    return upper.equals("CURRENT_DATE") || upper.equals("TODAY")
        ? new LiteralArithmetic.Typed(
            "DATE", java.time.LocalDate.ofInstant(instant, java.time.ZoneOffset.UTC).toString())
        : new LiteralArithmetic.Typed("TIMESTAMP", instant.toString());
  }

  /**
   * CASE WHEN condition THEN value ... [ELSE value] END, or CASE value WHEN value THEN value ...
   * (each WHEN an equality with the first value).
   */
  private Expression caseWhen(int start) {
    skipSpace();
    Expression subject = peekKeyword("WHEN") ? null : operand();
    List<Filter> conditions = new ArrayList<>();
    List<Expression> values = new ArrayList<>();
    while (keyword("WHEN")) {
      skipSpace();
      int at = pos;
      conditions.add(subject == null ? or() : compare(subject, Filter.Op.EQ, operand(), at));
      if (!keyword("THEN")) {
        throw error(pos, "expected THEN in CASE");
      }
      values.add(finish(operand()));
    }
    if (conditions.isEmpty()) {
      throw error(pos, "expected WHEN in CASE");
    }
    Expression otherwise = keyword("ELSE") ? finish(operand()) : literal(null);
    if (!keyword("END")) {
      throw error(pos, "expected END to close the CASE at position " + (start + 1));
    }
    return new Expression.Case(conditions, values, otherwise);
  }

  private boolean peekKeyword(String word) {
    String next = peekWord();
    return next != null && next.equalsIgnoreCase(word);
  }

  /** Whether {@code ['} starts here: a struct field by name (a list's index is not taken). */
  private boolean fieldName() {
    int open = pos;
    while (open < text.length() && Character.isWhitespace(text.charAt(open))) {
      open++;
    }
    if (open >= text.length() || text.charAt(open) != '[') {
      return false;
    }
    int at = open + 1;
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      at++;
    }
    if (at < text.length() && text.charAt(at) == '\'') {
      pos = open + 1;
      return true;
    }
    return false;
  }

  /** Whether {@code [} without a quote after it starts here: a list's index; if so, taken. */
  private boolean subscript() {
    int open = pos;
    while (open < text.length() && Character.isWhitespace(text.charAt(open))) {
      open++;
    }
    if (open >= text.length() || text.charAt(open) != '[') {
      return false;
    }
    pos = open + 1;
    return true;
  }

  private boolean followedByParenthesis(String word) {
    int after = pos + word.length();
    while (after < text.length() && Character.isWhitespace(text.charAt(after))) {
      after++;
    }
    return after < text.length() && text.charAt(after) == '(';
  }

  /** The names DuckDB and Spark give functions, to Expression's. */
  private static String functionName(String name) {
    return switch (name) {
      case "len", "char_length", "character_length" -> "length";
      case "octet_length" -> "strlen";
      case "substr" -> "substring";
      case "lcase" -> "lower";
      case "ucase" -> "upper";
      case "dayofmonth" -> "day";
      case "weekday", "dow" -> "dayofweek";
      case "doy" -> "dayofyear";
      case "weekofyear" -> "week";
      case "to_date" -> "date";
      case "ceiling" -> "ceil";
      case "pow" -> "power";
      case "log" -> "log10";
      case "instr" -> "strpos";
      case "ifnull" -> "coalesce";
      case "datetrunc" -> "date_trunc";
      case "datediff" -> "date_diff";
      case "array_length" -> "length";
      case "list_has", "array_contains", "array_has" -> "list_contains";
      case "list_indexof", "array_position", "array_indexof" -> "list_position";
      case "list_element", "array_extract", "map_extract_value" -> "list_extract";
      case "array_has_any" -> "list_has_any";
      case "array_has_all" -> "list_has_all";
      default -> name;
    };
  }

  /** A function call: name( arguments ), with SQL's special forms. */
  private Expression call(String word, int start) {
    String name = functionName(word.toLowerCase(Locale.ROOT));
    pos += word.length();
    expect("(");
    switch (name) {
      case "extract" -> {
        skipSpace();
        String part = peekWord();
        if (part == null) {
          part = quoted("a date part (YEAR, MONTH, ...) after EXTRACT(");
        } else {
          pos += part.length();
        }
        if (!keyword("FROM")) {
          throw error(pos, "expected FROM in EXTRACT");
        }
        Expression value = operand();
        expect(")");
        return part(part, value, start);
      }
      case "date_part", "datepart" -> {
        String part = quoted("a 'quoted' date part as the first argument of " + word);
        expect(",");
        Expression value = operand();
        expect(")");
        return part(part, value, start);
      }
      case "position" -> {
        // position(text IN value) is strpos(value, text).
        Expression needle = sum();
        if (!keyword("IN")) {
          throw error(pos, "expected IN in POSITION");
        }
        Expression haystack = operand();
        expect(")");
        return make("strpos", List.of(haystack, needle), start);
      }
      case "list_has_any", "list_has_all" -> {
        // list_has_any(l, [v, ...]): the values after the list.
        List<Expression> args = new ArrayList<>(List.of(operand()));
        expect(",");
        expect("[");
        if (!symbol("]")) {
          do {
            args.add(operand());
          } while (symbol(","));
          expect("]");
        }
        expect(")");
        return make(name, args, start);
      }
      case "struct_extract" -> {
        // struct_extract(s, 'field') is the dotted path s.field.
        Expression struct = operand();
        expect(",");
        String field = quoted("a 'quoted' field name as struct_extract's second argument");
        expect(")");
        if (!(struct instanceof Expression.Column c)) {
          throw error(start, "struct_extract takes a column (a struct) and a field's name");
        }
        return Expression.column(c.name() + "." + field);
      }
      case "substring" -> {
        Expression value = operand();
        List<Expression> args = new ArrayList<>(List.of(value));
        if (keyword("FROM")) {
          args.add(operand());
          if (keyword("FOR")) {
            args.add(operand());
          }
        } else {
          while (symbol(",")) {
            args.add(operand());
          }
        }
        expect(")");
        return make("substring", args, start);
      }
      default -> {}
    }
    List<Expression> args = new ArrayList<>();
    if (!symbol(")")) {
      do {
        args.add(operand());
      } while (symbol(","));
      expect(")");
    }
    switch (name) {
      case "starts_with", "startswith", "prefix", "ends_with", "endswith", "suffix", "contains" -> {
        if (args.size() != 2
            || !(args.get(1) instanceof Expression.Literal l && l.value() instanceof String)) {
          throw error(start, word + " takes a value and a 'quoted' text");
        }
        String textArg = (String) ((Expression.Literal) args.get(1)).value();
        String literally = Filter.Like.literally(textArg);
        String pattern =
            switch (name) {
              case "starts_with", "startswith", "prefix" -> literally + "%";
              case "contains" -> "%" + literally + "%";
              default -> "%" + literally;
            };
        return make(
            "like",
            List.of(args.get(0), literal(pattern), literal(String.valueOf(Filter.Like.ESCAPE))),
            start);
      }
      default -> {
        return make(name, args, start);
      }
    }
  }

  /** EXTRACT's and date_part's part as its function. */
  private Expression part(String part, Expression value, int at) {
    String name =
        switch (part.toLowerCase(Locale.ROOT)) {
          case "year", "years", "y" -> "year";
          case "month", "months", "mon" -> "month";
          case "day", "days", "d", "dayofmonth" -> "day";
          case "hour", "hours", "h" -> "hour";
          case "minute", "minutes", "m", "min" -> "minute";
          case "second", "seconds", "s", "sec" -> "second";
          case "quarter", "quarters" -> "quarter";
          case "dow", "dayofweek", "weekday" -> "dayofweek";
          case "isodow" -> "isodow";
          case "doy", "dayofyear" -> "dayofyear";
          case "week", "weeks", "w", "weekofyear" -> "week";
          default -> throw error(at, "unknown date part '" + part + "'");
        };
    return make(name, List.of(value), at);
  }

  private Expression make(String name, List<Expression> args, int at) {
    try {
      return new Expression.Call(name, args.stream().map(this::finish).toList());
    } catch (IllegalArgumentException e) {
      throw error(at, e.getMessage());
    }
  }

  /** An expression whose literals are values (a typed literal its Java value). */
  private Expression finish(Expression e) {
    if (e instanceof Expression.Literal l) {
      if (l.value() instanceof LiteralArithmetic.Typed
          || l.value() instanceof LiteralArithmetic.Interval) {
        try {
          return literal(LiteralArithmetic.typedValue(l.value()));
        } catch (IllegalArgumentException ex) {
          throw error(pos, ex.getMessage());
        }
      }
      return l;
    }
    return e;
  }

  private static Expression literal(Object value) {
    return new Expression.Literal(value);
  }

  private static boolean isReserved(String upper) {
    return switch (upper) {
      case "AND",
          "OR",
          "NOT",
          "IN",
          "IS",
          "BETWEEN",
          "LIKE",
          "ILIKE",
          "WHEN",
          "THEN",
          "ELSE",
          "END" ->
          true;
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
      case "DATE", "TIME", "TIMESTAMP", "TIMESTAMPTZ" -> next == '\'';
      case "INTERVAL" -> next == '\'' || Character.isDigit(next);
      case "CAST" -> next == '(';
      default -> false;
    };
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
   * A value cast to a type. A string literal cast to DATE, TIME or TIMESTAMP becomes that typed
   * literal, one cast to BLOB (or BYTEA, VARBINARY) takes its {@code \\xAA} escapes as bytes, as
   * DuckDB's does; any other cast of a literal leaves it to the column's type, which decides as it
   * does for an untyped literal. A column or computed value cast to DATE is its date; other casts
   * of them are refused.
   */
  private Expression cast(Expression value, String type, int at) {
    if (!(value instanceof Expression.Literal literal)) {
      String to =
          switch (type) {
            case "DATE" -> "DATE";
            case "DOUBLE", "FLOAT8" -> "DOUBLE";
            case "FLOAT", "FLOAT4", "REAL" -> "FLOAT";
            case "BIGINT", "INT8", "LONG" -> "BIGINT";
            case "INTEGER", "INT", "INT4", "SIGNED" -> "INTEGER";
            case "SMALLINT", "INT2", "SHORT" -> "SMALLINT";
            case "TINYINT", "INT1" -> "TINYINT";
            case "VARCHAR", "TEXT", "STRING", "CHAR", "BPCHAR" -> "VARCHAR";
            default ->
                throw error(
                    at,
                    "a column or computed value casts to DATE, DOUBLE, FLOAT, BIGINT, INTEGER,"
                        + " SMALLINT, TINYINT or VARCHAR, not "
                        + type);
          };
      return to.equals("DATE")
          ? make("date", List.of(value), at)
          : make("cast", List.of(value, literal(to)), at);
    }
    if (literal.value() == null) {
      return literal;
    }
    Object v;
    try {
      v = LiteralArithmetic.value(literal.value());
    } catch (IllegalArgumentException e) {
      throw error(at, e.getMessage());
    }
    return literal(
        switch (type) {
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
          default -> literal.value();
        });
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
        pos += word.length();
        return null;
      }
      if (upper.equals("DATE")
          || upper.equals("TIME")
          || upper.equals("TIMESTAMP")
          || upper.equals("TIMESTAMPTZ")) {
        int save = pos;
        pos += word.length();
        skipSpace();
        if (pos < text.length() && text.charAt(pos) == '\'') {
          // The column's type decides what the text means, unless arithmetic needs the value.
          return new LiteralArithmetic.Typed(
              upper.startsWith("TIMESTAMP") ? "TIMESTAMP" : upper, string());
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
