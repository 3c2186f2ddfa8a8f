package dev.parrow.arrow.internal.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.parrow.arrow.internal.filter.BoundExpression.ValueType;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.ChronoField;
import java.time.temporal.IsoFields;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExpressionEvaluatorTest {
  /** Date parts computed from day numbers, checked against java.time over twelve thousand years. */
  @Test
  void datePartsAgreeWithJavaTime() {
    int rows = 4096;
    ExpressionEvaluator.Values days = new ExpressionEvaluator.Values();
    days.present = new long[rows / 64];
    Arrays.fill(days.present, -1L);
    days.longs = new long[rows];
    List<String> parts =
        List.of("year", "month", "day", "quarter", "dayofweek", "isodow", "dayofyear", "week");
    for (long from = -2_500_000; from < 2_500_000; from += rows * 97L) {
      for (int i = 0; i < rows; i++) {
        days.longs[i] = from + i * 97L % 1_000_003;
      }
      for (String part : parts) {
        long[] got = DateFunctions.part(part, days, ValueType.DATE, rows).longs;
        for (int i = 0; i < rows; i++) {
          LocalDate d = LocalDate.ofEpochDay(days.longs[i]);
          long expected =
              switch (part) {
                case "year" -> d.getYear();
                case "month" -> d.getMonthValue();
                case "day" -> d.getDayOfMonth();
                case "quarter" -> d.get(IsoFields.QUARTER_OF_YEAR);
                case "dayofweek" ->
                    d.getDayOfWeek() == DayOfWeek.SUNDAY ? 0 : d.getDayOfWeek().getValue();
                case "isodow" -> d.getDayOfWeek().getValue();
                case "dayofyear" -> d.get(ChronoField.DAY_OF_YEAR);
                default -> d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR);
              };
          assertEquals(expected, got[i], part + " of " + d);
        }
      }
    }
  }

  @Test
  void scaledComparisonsAreExactPastSixtyFourBits() {
    assertEquals(0, ExpressionEvaluator.compareScaled(150, 1, 15, 10));
    assertEquals(-1, ExpressionEvaluator.compareScaled(149, 1, 15, 10));
    // 10^18 * 100 is past 64 bits: above every long.
    assertEquals(
        -1, ExpressionEvaluator.compareScaled(Long.MAX_VALUE, 1, 1_000_000_000_000_000_000L, 100));
    assertEquals(
        1, ExpressionEvaluator.compareScaled(Long.MIN_VALUE, 1, -1_000_000_000_000_000_000L, 100));
    assertEquals(
        1, ExpressionEvaluator.compareScaled(1_000_000_000_000_000_000L, 100, Long.MAX_VALUE, 1));
  }

  /** A regular expression that backtracks exponentially stops with an error, not a hang. */
  @Test
  void aBacktrackingRegularExpressionIsStopped() {
    String value = "a".repeat(60) + "!";
    ExpressionEvaluator.Values v = new ExpressionEvaluator.Values();
    v.present = new long[] {1L};
    v.data = value.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    v.starts = new int[] {0};
    v.ends = new int[] {v.data.length};
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class,
            () ->
                StringFunctions.regexp(
                    v,
                    java.util.regex.Pattern.compile("^(.*a){12}$"),
                    false,
                    1,
                    "f.parquet: the filter"));
    org.junit.jupiter.api.Assertions.assertTrue(
        e.getMessage().startsWith("f.parquet: the filter: its regular expression backtracks"),
        e.getMessage());
    // A pattern that does not backtrack so reads the same value.
    assertEquals(
        1,
        StringFunctions.regexp(v, java.util.regex.Pattern.compile("a+!$"), false, 1, "f").longs[0]);
  }
}
