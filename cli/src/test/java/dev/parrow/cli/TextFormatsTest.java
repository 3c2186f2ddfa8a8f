package dev.parrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The CLI's hand-written text paths against the JDK's: decimals against BigDecimal, dates against
 * LocalDate, numbers against Long.toString; the progress line and table fitting by their rules.
 */
class TextFormatsTest {

  @Test
  void decimalsAsBigDecimalWritesThem() {
    SplittableRandom random = new SplittableRandom(7);
    long[] edges = {0, 1, -1, 9, 10, 99, 100, -100, Long.MAX_VALUE, Long.MIN_VALUE, 5, -5};
    for (int i = 0; i < 200_000; i++) {
      long unscaled = i < edges.length ? edges[i] : random.nextLong() >> random.nextInt(64);
      int scale = random.nextInt(-3, 20);
      Utf8Buffer b = new Utf8Buffer(8);
      ValueText.appendScaled(unscaled, scale, b);
      assertEquals(
          BigDecimal.valueOf(unscaled, scale).toPlainString(),
          b.toString(),
          unscaled + " scale " + scale);
    }
  }

  @Test
  void datesAsLocalDateWritesThem() {
    for (long day = -800_000; day <= 3_000_000; day += 7) {
      Utf8Buffer b = new Utf8Buffer(8);
      ValueText.appendDate(day, b);
      assertEquals(LocalDate.ofEpochDay(day).toString(), b.toString(), "day " + day);
    }
  }

  @Test
  void longsAsLongToStringWritesThem() {
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 0; i < 100_000; i++) {
      long v =
          i == 0
              ? Long.MIN_VALUE
              : i == 1 ? Long.MAX_VALUE : random.nextLong() >> random.nextInt(64);
      assertEquals(Long.toString(v), new Utf8Buffer(1).append(v).toString());
    }
  }

  @Test
  void progressLineCountsRateAndTimeLeft() {
    StringWriter err = new StringWriter();
    Progress p = new Progress(new PrintWriter(err), 1_000_000, false, true);
    String line = p.line(250_000, 2_000_000_000L);
    assertEquals(
        "parrow: [######                  ] 250,000 / 1,000,000 rows  25%  125K rows/s  ETA 0:06",
        line);
    assertEquals(
        "parrow: 1,234 rows  617 rows/s",
        new Progress(null, -1, false, true).line(1_234, 2_000_000_000L));
    p.update(10);
    assertTrue(err.toString().startsWith("\rparrow: ["), err.toString());
    p.finish("wrote 10 rows to x", 10);
    assertTrue(err.toString().contains("\r\u001b[Kparrow: wrote 10 rows to x in "), err.toString());

    StringWriter log = new StringWriter();
    Progress quietBar = new Progress(new PrintWriter(log), 10, false, false);
    quietBar.update(5);
    assertEquals("", log.toString(), "no bar when stderr is no terminal");
    quietBar.finish("wrote 10 rows to x", 10);
    assertTrue(
        log.toString().matches("parrow: wrote 10 rows to x in [0-9.]+ s \\(.*\\)\n"),
        log.toString());
    StringWriter silent = new StringWriter();
    new Progress(new PrintWriter(silent), 10, true, false).finish("x", 1);
    assertEquals("", silent.toString());
  }

  @Test
  void tablesFitByCuttingTheWidestColumns() {
    int[] widths = {3, 40, 100};
    Table.fit(widths, 60);
    assertEquals(3, widths[0]);
    assertTrue(widths[1] + widths[2] + 3 <= 60, widths[1] + " " + widths[2]);
    assertEquals(widths[1], widths[2], "one cap for the wide columns");
    int[] tiny = {30, 30, 30};
    Table.fit(tiny, 5);
    assertEquals(Table.MIN_CUT_WIDTH, tiny[0], "never below the minimum");
    assertEquals("abcd…", Table.cut("abcdefgh", 5));
    assertEquals("ab", Table.cut("ab", 5));
    assertEquals(3, Table.width("😀é"), "columns on screen: an emoji takes two, not chars");
    assertFalse(
        RowPrinter.escape("a\u0007b\u009bc")
            .chars()
            .anyMatch(c -> c < 0x20 || (c >= 0x7f && c <= 0x9f)));
    assertEquals("a\\x07b\\x9bc\\n", RowPrinter.escape("a\u0007b\u009bc\n"));
  }
}
