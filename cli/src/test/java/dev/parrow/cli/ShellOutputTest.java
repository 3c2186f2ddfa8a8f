package dev.parrow.cli;

import static dev.parrow.cli.ParrowCommandTest.ORDERS;
import static dev.parrow.cli.ParrowCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.cli.ParrowCommandTest.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user at a shell meets: one table however the rows arrive, columns aligned by the width
 * characters take on screen, flags shared by head and cat, the nearest verb or flag suggested on a
 * typo, and inputs that are not Arrow named with what they look like.
 */
class ShellOutputTest {
  private static long headerLines(String out) {
    return out.lines().filter(l -> l.startsWith("order_id")).count();
  }

  @Test
  void headAndCatPrintOneTableAcrossBatchesAndRowGroups() {
    // orders.parquet has row groups of 2,048 rows: batches of 7 rows make many batches.
    Result head = run("head", ORDERS.toString(), "-n", "30", "--batch-size", "7");
    assertEquals(0, head.code(), head.err());
    assertEquals(1, headerLines(head.out()), head.out());
    assertEquals(31, head.out().lines().count(), "a header and 30 rows");
    Result cat = run("cat", ORDERS.toString(), "--batch-size", "1000");
    assertEquals(0, cat.code(), cat.err());
    assertEquals(1, headerLines(cat.out()), "one header for 5,000 rows");
    assertEquals(5_001, cat.out().lines().count());
    Result where = run("head", ORDERS.toString(), "-n", "50", "--where", "order_id > 100");
    assertEquals(0, where.code(), where.err());
    assertEquals(1, headerLines(where.out()), where.out());
  }

  @Test
  void headAndCatShareTheirFlags() {
    for (String verb : List.of("head", "cat")) {
      for (String flag : List.of("-n", "--limit", "--rows")) {
        Result r = run(verb, ORDERS.toString(), flag, "3", "--format", "csv");
        assertEquals(0, r.code(), verb + " " + flag + ": " + r.err());
        assertEquals(4, r.out().lines().count(), verb + " " + flag + ": a header and 3 rows");
        assertTrue(r.out().startsWith("order_id,"), r.out());
      }
      Result jsonl = run(verb, ORDERS.toString(), "-n", "2", "--format", "jsonl");
      assertEquals(2, jsonl.out().lines().filter(l -> l.startsWith("{")).count(), jsonl.out());
    }
  }

  @Test
  void tablesAlignByTheColumnsCharactersTakeOnScreen() {
    assertEquals(2, DisplayWidth.of('漢'));
    assertEquals(2, DisplayWidth.of(0x1F600)); // 😀
    assertEquals(0, DisplayWidth.of(0x0301)); // combining acute accent
    assertEquals(1, DisplayWidth.of('é'));
    assertEquals(6, Table.width("東京都"));
    assertEquals(6, Table.width("e\u0301t\u00e9 😀"));
    byte[] utf8 = "a東😀é".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(6, DisplayWidth.ofUtf8(utf8, 0, utf8.length));
    // Cut to 5 columns: two wide characters (4) and the ellipsis; a third would overflow.
    assertEquals("東京…", Table.cut("東京都庁", 5));
    assertEquals(5, Table.width(Table.cut("東京都庁", 5)));
  }

  @Test
  void tableRowsOfWideCharactersLineUp() throws Exception {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (var allocator = new org.apache.arrow.memory.RootAllocator();
        var root =
            org.apache.arrow.vector.VectorSchemaRoot.create(
                new org.apache.arrow.vector.types.pojo.Schema(
                    List.of(
                        org.apache.arrow.vector.types.pojo.Field.nullable(
                            "city", new org.apache.arrow.vector.types.pojo.ArrowType.Utf8()),
                        org.apache.arrow.vector.types.pojo.Field.nullable(
                            "n", new org.apache.arrow.vector.types.pojo.ArrowType.Int(32, true)))),
                allocator)) {
      var city = (org.apache.arrow.vector.VarCharVector) root.getVector("city");
      var n = (org.apache.arrow.vector.IntVector) root.getVector("n");
      String[] cities = {"😀 emoji", "東京", "Zürich", "plain"};
      city.allocateNew();
      n.allocateNew();
      for (int i = 0; i < cities.length; i++) {
        city.setSafe(i, cities[i].getBytes(java.nio.charset.StandardCharsets.UTF_8));
        n.set(i, i * 1000);
      }
      root.setRowCount(cities.length);
      RowPrinter printer = new RowPrinter(bytes, RowPrinter.Format.table, "", 0);
      printer.print(root, 2);
      // A second batch goes on in the same table, in the widths of the first: no second header.
      try (var rest = root.slice(2, 2)) {
        printer.print(rest, 2);
      }
      printer.flush();
    }
    List<String> lines =
        new String(bytes.toByteArray(), java.nio.charset.StandardCharsets.UTF_8).lines().toList();
    assertEquals(5, lines.size(), lines.toString());
    // Every line's number column ends at the same screen column.
    int end = Table.width(lines.get(0));
    for (String line : lines) {
      assertEquals(end, Table.width(line), "'" + line + "' in " + lines);
    }
  }

  @Test
  void aTypoGetsTheNearestVerbOrFlag() {
    Result verb = run("haed", ORDERS.toString());
    assertEquals(1, verb.code());
    assertTrue(verb.err().contains("Did you mean") && verb.err().contains("head"), verb.err());
    Result flag = run("head", ORDERS.toString(), "--limt", "3");
    assertEquals(1, flag.code());
    assertTrue(flag.err().contains("Did you mean") && flag.err().contains("--limit"), flag.err());
  }

  @Test
  void anInputThatIsNotArrowIsNamedWithWhatItLooksLike(@TempDir Path dir) throws Exception {
    Path empty = Files.createFile(dir.resolve("empty.arrow"));
    Path csv = Files.writeString(dir.resolve("data.csv"), "id,name\n1,Ada\n2,Grace\n");
    Path garbage = Files.write(dir.resolve("garbage.arrow"), new byte[] {0, 1, 2, 3, 4, 5, 6});
    for (String verb : List.of("from-arrow", "append")) {
      for (Path input : List.of(ORDERS, empty, csv, garbage)) {
        Path out = dir.resolve("out-" + verb + ".parquet");
        if (verb.equals("append")) {
          Files.copy(ORDERS, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        Result r = run(verb, input.toString(), out.toString());
        assertEquals(1, r.code(), verb + " " + input);
        String err = r.err();
        assertTrue(err.contains(input.toString()), verb + " names the input: " + err);
        assertFalse(err.startsWith("parrow: Unexpected"), err);
        if (input == ORDERS) {
          assertTrue(err.contains("is a Parquet file"), err);
        } else if (input == empty) {
          assertTrue(err.contains("is empty"), err);
        } else if (input == csv) {
          assertTrue(err.contains("looks like text") && err.contains("id,name"), err);
        } else {
          assertTrue(err.contains("not a readable Arrow IPC"), err);
        }
      }
    }
  }

  @Test
  void timesAreWrittenAsOtherToolsParseThem() {
    var seconds = org.apache.arrow.vector.types.TimeUnit.SECOND;
    assertEquals("1970-01-01T01:00:00+01:00", Temporals.timestamp(0, seconds, "Europe/Paris"));
    assertEquals("1970-01-01T00:00:00Z", Temporals.timestamp(0, seconds, "UTC"));
    long year1000 =
        java.time.LocalDateTime.of(1000, 1, 1, 0, 0).toEpochSecond(java.time.ZoneOffset.UTC);
    assertEquals("1000-01-01T00:00:00", Temporals.timestamp(year1000, seconds, null));
    assertEquals(
        "1970-01-01T00:00:00.5",
        Temporals.timestamp(500, org.apache.arrow.vector.types.TimeUnit.MILLISECOND, null));
    assertEquals("13:00:00", Temporals.timeOfDay(13 * 3600, seconds));
  }

  @Test
  void binaryIsBase64ForToolsAndHexForPeople() {
    for (String text : List.of("", "a", "ab", "abc", "abcd", "\u00ff\u0000binary")) {
      byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
      Utf8Buffer out = new Utf8Buffer(8);
      ValueText.appendBase64(bytes, 0, bytes.length, out);
      assertEquals(java.util.Base64.getEncoder().encodeToString(bytes), out.toString(), text);
    }
    Result csv = run("head", ORDERS.toString(), "-n", "1", "--format", "csv", "--binary", "hex");
    assertEquals(0, csv.code(), csv.err());
  }
}
