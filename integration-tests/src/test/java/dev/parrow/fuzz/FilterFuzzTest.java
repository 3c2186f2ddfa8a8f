package dev.parrow.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.filter.Filter;
import dev.parrow.arrow.filter.FilterSyntaxException;
import java.nio.charset.StandardCharsets;

/**
 * Filter expressions, as {@code --where} and {@code Filter.parse} take them from users: any text
 * parses or fails with a FilterSyntaxException; a filter parsed prints as SQL that parses back to
 * the same SQL; and reading a file of every column type with it (comparisons, IN, BETWEEN, IS NULL,
 * LIKE and ILIKE, computed values, through statistics, dictionaries, Bloom filters and the page
 * index), and a file of lists, structs and maps (the list functions), returns valid vectors or
 * fails with an IllegalArgumentException naming the column before anything is read (or naming the
 * filter, when its arithmetic overflows 64 bits). Seeds: expressions over those files' columns.
 */
class FilterFuzzTest {
  private static final byte[] FILE = HintFuzzTest.resource("flat_pruning.parquet");
  private static final byte[] NESTED = HintFuzzTest.resource("nested_v1.parquet");

  @FuzzTest
  void filter(byte[] input) throws Exception {
    String text = new String(input, StandardCharsets.UTF_8);
    Filter filter;
    try {
      filter = Filter.parse(text);
    } catch (FilterSyntaxException e) {
      return;
    }
    // Printed SQL parses to a filter that prints the same (a literal such as 1. may come back as
    // 1, of another Java type but the same value).
    assertEquals(filter.toString(), Filter.parse(filter.toString()).toString(), text);
    for (byte[] file : new byte[][] {FILE, NESTED}) {
      try {
        FuzzChecks.readAll(file, ReadOptions.builder().filter(filter).build());
      } catch (IllegalArgumentException e) {
        // An unknown column, a group, or a literal the column cannot hold: refused before
        // reading; or arithmetic past 64 bits, found while reading.
      }
    }
  }
}
