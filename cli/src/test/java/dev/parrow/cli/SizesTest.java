package dev.parrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Short counts, as progress and summaries print rates. */
class SizesTest {
  @Test
  void slowRatesKeepADecimalAndLargeOnesAUnit() {
    assertEquals("0.1", Sizes.shortCount(2 / 21.9));
    assertEquals("9.5", Sizes.shortCount(9.5));
    assertEquals("10", Sizes.shortCount(10));
    assertEquals("950", Sizes.shortCount(950));
    assertEquals("12.3K", Sizes.shortCount(12_345));
    assertEquals("4.5M", Sizes.shortCount(4_500_000));
    assertEquals("1.2G", Sizes.shortCount(1.2e9));
  }
}
