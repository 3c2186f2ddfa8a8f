package dev.parrow.arrow.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

class FilterParserTest {
  @Test
  void parsesTheSqlSubset() {
    assertEquals(
        Filter.and(
            Filter.gte("l_shipdate", "1995-01-01"),
            Filter.in("region", "EU", "UK"),
            Filter.isNull("x")),
        Filter.parse("l_shipdate >= DATE '1995-01-01' AND region IN ('EU', 'UK') AND x IS NULL"));
    assertEquals(
        Filter.or(Filter.not(Filter.isNull("a.b")), Filter.lt("c d", 5L)),
        Filter.parse("\"a\".\"b\" IS NOT NULL OR (\"c d\" < 5)"));
    assertEquals(Filter.gt("x", 5L), Filter.parse("5 < x"));
    assertEquals(Filter.ne("x", new BigDecimal("2.50")), Filter.parse("x != 2.50"));
    assertEquals(Filter.eq("x", 1e-3), Filter.parse("x = 1E-3"));
    assertEquals(
        Filter.eq("x", new BigInteger("18446744073709551615")),
        Filter.parse("x = 18446744073709551615"));
    assertEquals(Filter.eq("flag", true), Filter.parse("flag"));
    assertEquals(Filter.eq("s", "it's"), Filter.parse("s = 'it''s'"));
    assertEquals(Filter.not(Filter.between("x", -1L, 1L)), Filter.parse("x NOT BETWEEN -1 AND 1"));
    assertEquals(Filter.not(Filter.in("x", 1L, 2L)), Filter.parse("NOT x IN (1, 2)"));
    assertEquals(
        Filter.compareColumns("l_commitdate", Filter.Op.LT, "l_receiptdate"),
        Filter.parse("l_commitdate < l_receiptdate"));
    assertEquals(
        Filter.and(Filter.compareColumns("x", Filter.Op.GE, "lo"), Filter.lte("x", 5L)),
        Filter.parse("x BETWEEN lo AND 5"));
    assertEquals(
        Filter.not(Filter.compareColumns("a.b", Filter.Op.NE, "c d")),
        Filter.parse("NOT a.b != \"c d\""));
  }

  @Test
  void isFormsAndStringFunctionsAreWrittenWithTheBasicOnes() {
    assertEquals(
        Filter.and(Filter.eq("b", true), Filter.isNotNull("b")), Filter.parse("b IS TRUE"));
    assertEquals(
        Filter.not(Filter.and(Filter.eq("b", false), Filter.isNotNull("b"))),
        Filter.parse("b IS NOT FALSE"));
    assertEquals(
        Filter.and(Filter.eq("x", 5L), Filter.isNotNull("x")),
        Filter.parse("x IS NOT DISTINCT FROM 5"));
    assertEquals(
        Filter.or(
            Filter.and(
                Filter.compareColumns("x", Filter.Op.EQ, "y"),
                Filter.isNotNull("x"),
                Filter.isNotNull("y")),
            Filter.and(Filter.isNull("x"), Filter.isNull("y"))),
        Filter.parse("x IS NOT DISTINCT FROM y"));
    assertEquals(Filter.startsWith("s", "a%"), Filter.parse("starts_with(s, 'a%')"));
    assertEquals(Filter.startsWith("s", "a"), Filter.parse("StartsWith (s, 'a')"));
    assertEquals(Filter.startsWith("s.t", "a"), Filter.parse("prefix(\"s\".t, 'a')"));
    assertEquals(Filter.endsWith("s", "_"), Filter.parse("ends_with(s, '_')"));
    assertEquals(Filter.endsWith("s", "z"), Filter.parse("suffix(s,'z')"));
    assertEquals(Filter.not(Filter.contains("s", "x")), Filter.parse("NOT contains(s, 'x')"));
    // A column named like a function, without a call, is a column.
    assertEquals(Filter.eq("prefix", 1L), Filter.parse("prefix = 1"));
    assertEquals(
        19,
        assertThrows(FilterSyntaxException.class, () -> Filter.parse("x = 1 AND s IS NOT 5"))
            .position());
    assertEquals(
        10,
        assertThrows(FilterSyntaxException.class, () -> Filter.parse("x = 1 AND lower(s, 'a')"))
            .position());
    assertThrows(FilterSyntaxException.class, () -> Filter.parse("contains(s, 5)"));
    assertThrows(FilterSyntaxException.class, () -> Filter.parse("x IS DISTINCT 5"));
  }

  @Test
  void constantArithmeticIsFoldedAsDuckDbComputesIt() {
    // TPC-H's conditions, as its queries write them.
    assertEquals(
        Filter.between("l_discount", new BigDecimal("0.05"), new BigDecimal("0.07")),
        Filter.parse("l_discount BETWEEN 0.06 - 0.01 AND 0.06 + 0.01"));
    assertEquals(
        Filter.lte("l_shipdate", "1998-09-02"),
        Filter.parse("l_shipdate <= DATE '1998-12-01' - INTERVAL '90' DAY"));
    assertEquals(
        Filter.lt("d", "1995-01-01"), Filter.parse("d < DATE '1994-01-01' + INTERVAL 1 YEAR"));
    assertEquals(
        Filter.lt("d", "2020-02-29"), Filter.parse("d < DATE '2020-01-31' + interval '1 month'"));
    assertEquals(
        Filter.lt("t", "2020-01-01T11:30"),
        Filter.parse("t < TIMESTAMP '2020-01-01 10:00' + INTERVAL 90 MINUTES"));
    assertEquals(Filter.eq("d", "2020-01-04"), Filter.parse("d = CAST('2020-01-01' AS DATE) + 3"));
    assertEquals(
        Filter.eq("d", "2020-01-03"), Filter.parse("d = '2020-01-01'::DATE + INTERVAL '2 days'"));
    assertEquals(
        Filter.eq("d", "2019-12-31T23:00"),
        Filter.parse("d = INTERVAL '-1' HOUR + DATE '2020-01-01'"));
    assertEquals(Filter.eq("x", 3.5), Filter.parse("x = 7 / 2"));
    assertEquals(Filter.eq("x", 9L), Filter.parse("x = (1 + 2) * 3"));
    assertEquals(Filter.eq("x", -1L), Filter.parse("x = 2 - 3"));
    assertEquals(Filter.eq("x", new BigDecimal("7.0")), Filter.parse("x = 2 * 3.5"));
    assertEquals(Filter.eq("x", 1001.0), Filter.parse("x = 1e3 + 1"));
    assertEquals(Filter.eq("x", "5"), Filter.parse("x = CAST('5' AS INTEGER)"));
    byte[] bytes = {1, (byte) 0xFF, 'a'};
    org.junit.jupiter.api.Assertions.assertArrayEquals(
        bytes, (byte[]) ((Filter.Compare) Filter.parse("b = '\\x01\\xFFa'::BLOB")).value());
    // A binary literal prints as DuckDB's BLOB text, which parses back.
    org.junit.jupiter.api.Assertions.assertArrayEquals(
        bytes, (byte[]) ((Filter.Compare) Filter.parse(Filter.eq("b", bytes).toString())).value());
    for (String bad :
        List.of(
            "x = 'a' + 1",
            "x > INTERVAL '1' DAY",
            "d < DATE '2020-01-01' + INTERVAL '1' FORTNIGHT",
            "b = '\\xZZ'::BLOB",
            "d < DATE 'soon' + 1",
            "x = (1 + 2")) {
      assertThrows(FilterSyntaxException.class, () -> Filter.parse(bad), bad);
    }
  }

  @Test
  void aFilterListsTheColumnsItNamesInOrder() {
    Filter f =
        Filter.parse("a = 1 AND (b.c IN (1, 2) OR NOT d IS NULL) AND a < 5 AND \"x y\" >= 'z'");
    assertEquals(java.util.List.of("a", "b.c", "d", "a", "x y"), f.columns());
  }

  @Test
  void printsSqlThatParsesBack() {
    Filter f =
        Filter.or(
            Filter.and(Filter.gt("a.b", 3L), Filter.eq("s", "x'y")),
            Filter.not(Filter.in("c", 1L, 2L)),
            Filter.isNull("d"),
            Filter.compareColumns("a.b", Filter.Op.GE, "x\"y"));
    assertEquals(f, Filter.parse(f.toString()));
    assertEquals(List.of("a.b", "s", "c", "d", "a.b", "x\"y"), f.columns());
  }

  @Test
  void errorsPointAtTheirPosition() {
    FilterSyntaxException e =
        assertThrows(FilterSyntaxException.class, () -> Filter.parse("a = 1 AND b = "));
    assertEquals(14, e.position());
    assertTrue(e.getMessage().contains("position 15"), e.getMessage());
    assertEquals(
        6, assertThrows(FilterSyntaxException.class, () -> Filter.parse("a = 1 b")).position());
    assertEquals(
        4, assertThrows(FilterSyntaxException.class, () -> Filter.parse("a = 'x")).position());
    assertEquals(
        0, assertThrows(FilterSyntaxException.class, () -> Filter.parse("  ")).position() - 2);
    assertThrows(FilterSyntaxException.class, () -> Filter.parse("a + = 1"));
    // A chain of operators nests one deeper per operator: past Filter.MAX_DEPTH, refused.
    assertTrue(
        assertThrows(
                FilterSyntaxException.class, () -> Filter.parse("a" + " - a".repeat(300) + " > 0"))
            .getMessage()
            .contains("nests more than 256 deep"));
    assertEquals(4, Filter.parse("a - a - a > 0").depth());
    assertEquals(
        4,
        assertThrows(FilterSyntaxException.class, () -> Filter.parse("a = lower(s, 'a', 'b')"))
            .position());
    assertThrows(FilterSyntaxException.class, () -> Filter.parse("(a = 1"));
  }

  @Test
  void likeWithNotAndEscape() {
    assertEquals(Filter.like("s", "ab%"), Filter.parse("s LIKE 'ab%'"));
    assertEquals(Filter.not(Filter.like("s", "%x_")), Filter.parse("s NOT LIKE '%x_'"));
    assertEquals(Filter.ilike("s", "Ab%"), Filter.parse("s ILIKE 'Ab%'"));
    assertEquals(
        Filter.not(new Filter.Like("s", "a!_", '!', true)),
        Filter.parse("s NOT ILIKE 'a!_' ESCAPE '!'"));
    assertEquals(Filter.ilike("s", "x"), Filter.parse(Filter.ilike("s", "x").toString()));
    assertEquals(new Filter.Like("s", "10!%", '!'), Filter.parse("s LIKE '10!%' ESCAPE '!'"));
    assertEquals(Filter.startsWith("s", "5%_"), Filter.parse("s LIKE '5\\%\\_%' ESCAPE '\\'"));
    // Printed as SQL that parses back (and that DuckDB reads).
    Filter f = Filter.and(new Filter.Like("a b", "it''s\\_%", '\\'), Filter.like("c", "%"));
    assertEquals(f, Filter.parse(f.toString()));
    assertEquals(List.of("a b", "c"), f.columns());

    assertTrue(
        assertThrows(FilterSyntaxException.class, () -> Filter.parse("s LIKE 5"))
            .getMessage()
            .contains("a 'quoted' pattern after LIKE"));
    assertTrue(
        assertThrows(FilterSyntaxException.class, () -> Filter.parse("s LIKE 'a' ESCAPE 'ab'"))
            .getMessage()
            .contains("ESCAPE takes one character"));
    assertTrue(
        assertThrows(FilterSyntaxException.class, () -> Filter.parse("s LIKE 'a!' ESCAPE '!'"))
            .getMessage()
            .contains("ends with its escape character"));
  }

  @Test
  void listFunctionsAndIndexesParseAndPrintBack() {
    Expression tags = Expression.column("tags");
    Filter element =
        Filter.compute(
            Expression.call("list_extract", tags, Expression.literal(1L)),
            Filter.Op.EQ,
            Expression.literal("a"));
    assertEquals(element, Filter.parse("tags[1] = 'a'"));
    assertEquals(element, Filter.parse("tags [ 1 ] = 'a'"));
    assertEquals(element, Filter.parse("list_element(tags, 1) = 'a'"));
    assertEquals(element, Filter.parse("array_extract(tags, 1) = 'a'"));
    assertEquals("\"tags\"[1] = 'a'", element.toString());
    assertEquals(element, Filter.parse(element.toString()));
    // A map's value by key: SQL reads m['key'] as a field's path (the binder looks the key up
    // where the name is a map); DuckDB's map_extract_value prints the lookup back.
    assertEquals(Filter.eq("m.k", 1L), Filter.parse("m['k'] = 1"));
    Filter lookup =
        Filter.compute(
            Expression.call("list_extract", Expression.column("m"), Expression.literal("k")),
            Filter.Op.EQ,
            Expression.literal(1L));
    assertEquals(lookup, Filter.parse("map_extract_value(m, 'k') = 1"));
    assertEquals("map_extract_value(\"m\", 'k') = 1", lookup.toString());
    assertEquals(lookup, Filter.parse(lookup.toString()));
    Filter hasKey =
        Filter.test(
            Expression.call("map_contains", Expression.column("m"), Expression.literal("k")));
    assertEquals(hasKey, Filter.parse("map_contains(m, 'k')"));
    assertEquals(hasKey, Filter.parse(hasKey.toString()));
    // A negative index counts from the end; an index may be computed.
    assertEquals(
        Filter.compute(
            Expression.call("list_extract", tags, Expression.call("-", Expression.column("i"))),
            Filter.Op.GT,
            Expression.literal(0L)),
        Filter.parse("tags[-i] > 0"));
    // A struct field by name, then an element of the list it holds.
    assertEquals(
        Filter.compute(
            Expression.call("list_extract", Expression.column("s.tags"), Expression.literal(-1L)),
            Filter.Op.EQ,
            Expression.literal("b")),
        Filter.parse("s['tags'][-1] = 'b'"));
    Filter contains = Filter.test(Expression.call("list_contains", tags, Expression.literal("x")));
    for (String alias : List.of("list_contains", "list_has", "array_contains", "array_has")) {
      assertEquals(contains, Filter.parse(alias + "(tags, 'x')"), alias);
    }
    assertEquals(contains, Filter.parse(contains.toString()));
    Filter position =
        Filter.compute(
            Expression.call("list_position", tags, Expression.literal("x")),
            Filter.Op.EQ,
            Expression.literal(2L));
    for (String alias : List.of("list_position", "list_indexof", "array_position")) {
      assertEquals(position, Filter.parse(alias + "(tags, 'x') = 2"), alias);
    }
    Filter length =
        Filter.compute(Expression.call("length", tags), Filter.Op.GT, Expression.literal(2L));
    for (String alias : List.of("len", "length", "array_length")) {
      assertEquals(length, Filter.parse(alias + "(tags) > 2"), alias);
    }
    Filter any =
        Filter.test(
            Expression.call("list_has_any", tags, Expression.literal("x"), Expression.column("y")));
    assertEquals(any, Filter.parse("list_has_any(tags, ['x', y])"));
    assertEquals(any, Filter.parse("array_has_any(tags, ['x', y])"));
    assertEquals("list_has_any(\"tags\", ['x', \"y\"]) = TRUE", any.toString());
    assertEquals(any, Filter.parse(any.toString()));
    Filter none = Filter.test(Expression.call("list_has_all", tags));
    assertEquals(none, Filter.parse("list_has_all(tags, [])"));
    assertEquals(none, Filter.parse(none.toString()));
    assertThrows(FilterSyntaxException.class, () -> Filter.parse("list_has_any(tags, 'x')"));
    FilterSyntaxException slice =
        assertThrows(FilterSyntaxException.class, () -> Filter.parse("tags[1:2] = 'a'"));
    assertTrue(slice.getMessage().contains("slices"), slice.getMessage());
    assertThrows(FilterSyntaxException.class, () -> Filter.parse("tags[1 = 'a'"));
    assertThrows(FilterSyntaxException.class, () -> Filter.parse("list_contains(tags) = 'a'"));
  }

  @Test
  void computedValuesParseAndPrintBack() {
    Expression s = Expression.column("s");
    assertEquals(
        Filter.compute(Expression.call("lower", s), Filter.Op.EQ, Expression.literal("ann")),
        Filter.parse("lower(s) = 'ann'"));
    assertEquals(
        Filter.compute(
            Expression.call("+", Expression.column("a"), Expression.literal(1L)),
            Filter.Op.GT,
            Expression.column("b")),
        Filter.parse("a + 1 > b"));
    // Constant arithmetic folds; a parenthesised value is a value, a parenthesised test a test.
    assertEquals(
        Filter.compute(
            Expression.call("*", Expression.column("a"), Expression.literal(6L)),
            Filter.Op.LT,
            Expression.literal(1L)),
        Filter.parse("(a * (2 + 4)) < 1"));
    assertEquals(Filter.gt("a", 1L), Filter.parse("(a > 1)"));
    assertEquals(
        Filter.compute(
            Expression.call(
                "*",
                Expression.call("+", Expression.column("a"), Expression.column("b")),
                Expression.literal(2L)),
            Filter.Op.GT,
            Expression.column("c")),
        Filter.parse("(a + b) * 2 > c"));
    // SQL's NULL: unknown in comparisons and IN lists.
    assertEquals(
        Filter.compute(Expression.column("a"), Filter.Op.EQ, Expression.literal(null)),
        Filter.parse("a = NULL"));
    assertEquals(
        Filter.or(
            Filter.in("a", 1L),
            Filter.compute(Expression.column("a"), Filter.Op.EQ, Expression.literal(null))),
        Filter.parse("a IN (1, NULL)"));
    assertEquals(Filter.test(Expression.literal(true)), Filter.parse("TRUE"));
    assertEquals(
        Filter.compute(Expression.literal(1L), Filter.Op.EQ, Expression.literal(1L)),
        Filter.parse("1 = 1"));
    // Tests on a column stay the basic filters, which prune; on a computed value, calls.
    assertEquals(Filter.like("s", "a%"), Filter.parse("s ~~ 'a%'"));
    assertEquals(Filter.not(Filter.ilike("s", "a%")), Filter.parse("s !~~* 'a%'"));
    assertEquals(new Filter.Like("s", "a%\\%_", '\\'), Filter.parse("s GLOB 'a*%?'"));
    assertEquals(Filter.isNull("s"), Filter.parse("s IS NULL"));
    assertEquals(
        Filter.test(Expression.call("like", Expression.call("upper", s), Expression.literal("A%"))),
        Filter.parse("upper(s) LIKE 'A%'"));
    assertEquals(
        Filter.test(Expression.call("regexp_full_match", s, Expression.literal("a.c"))),
        Filter.parse("s SIMILAR TO 'a.c'"));
    // SQL's spellings of the functions.
    assertEquals(Filter.parse("year(d) = 2024"), Filter.parse("EXTRACT(YEAR FROM d) = 2024"));
    assertEquals(Filter.parse("year(d) = 2024"), Filter.parse("date_part('year', d) = 2024"));
    assertEquals(
        Filter.parse("substring(s, 1, 2) = 'ab'"), Filter.parse("substr(s FROM 1 FOR 2) = 'ab'"));
    assertEquals(Filter.parse("date(ts) = '2024-01-01'"), Filter.parse("ts::DATE = '2024-01-01'"));
    assertEquals(Filter.parse("length(s) > 2"), Filter.parse("char_length(s) > 2"));
    // A struct's field, as DuckDB writes it too.
    assertEquals(Filter.eq("a.b.c", 1L), Filter.parse("a['b']['c'] = 1"));
    assertEquals(Filter.eq("a.b", 1L), Filter.parse("struct_extract(a, 'b') = 1"));
    assertEquals(Filter.eq("a.b c", 1L), Filter.parse("a [ 'b c' ] = 1"));

    for (String sql :
        List.of(
            "lower(s) = 'ann'",
            "a - -1 > b * 2",
            "-a < 3",
            "a % 7 = 3 AND b // 2 <> 1",
            "(a + b) * (c - d) >= 0",
            "s || t LIKE 'x%' ESCAPE '!'",
            "lower(s) NOT ILIKE '%a%'",
            "concat(s, NULL, 'x') = 'x'",
            "coalesce(a, b, 0) > 0",
            "regexp_matches(s, '[0-9]+') AND NOT (s SIMILAR TO 'a')",
            "d + 1 > DATE '2024-01-01'",
            "ts::DATE = DATE '2024-01-01' + INTERVAL 1 DAY",
            "like(lower(s), 'a%') <> TRUE",
            "lower(s) IS NULL",
            "NULL",
            "FALSE OR a IN (b, 1, NULL)",
            "hour(t) BETWEEN 9 AND 17",
            "a = TIMESTAMPTZ '2024-01-01T10:00:00Z' - INTERVAL 1 HOUR",
            "CAST(a AS DOUBLE) / 3 > CAST(b AS INTEGER)",
            "a::VARCHAR LIKE '1%'",
            "round(a, -2) > floor(b) + ceiling(c)",
            "position('x' IN s) = 0 AND instr(s, 'y') > pow(2, 3)",
            "date_trunc('month', d) = DATE '2024-03-01'",
            "greatest(a, b, 0) > least(c, d) AND nullif(s, '') IS NULL",
            "lower(s) IS DISTINCT FROM s",
            "regexp_matches(s, 'a') IS NOT TRUE",
            "a + 1 IS NOT DISTINCT FROM NULL",
            "d + INTERVAL 1 MONTH > e",
            "ts - INTERVAL '1 year 2 months 3 days 4 hours' < DATE '2024-01-01'",
            "INTERVAL 90 MINUTE + ts > ts",
            "date_diff('day', a, b) > datediff('month', c, DATE '2024-01-01')",
            "d < current_date AND ts < now()",
            "CASE WHEN a > 1 AND (b OR c IS NULL) THEN x WHEN d THEN y ELSE 0 END > 2",
            "CASE a WHEN 1 THEN 'one' WHEN b + 1 THEN 'more' END = 'one'",
            "CASE WHEN s LIKE 'a%' THEN TRUE ELSE FALSE END",
            "(CASE WHEN a THEN 1 END) * 2 > 1")) {
      Filter parsed = Filter.parse(sql);
      assertEquals(parsed, Filter.parse(parsed.toString()), sql + " printed as " + parsed);
    }
  }
}
