package dev.parrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.PageType;
import dev.parrow.codec.page.PageInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every corpus file gives its schema, metadata and all page headers, or (encrypted and malformed
 * files) a clear {@link ParquetFormatException}. Nothing is skipped; the summary names every file
 * that was rejected and why.
 */
class CorpusInspectionIT {
  private static final Map<String, String> REJECTED = new TreeMap<>();

  @TestFactory
  Stream<DynamicTest> everyCorpusFile() {
    List<Path> files = Corpus.allParquetFiles();
    assertTrue(files.size() > 100, "the corpus looks incomplete: " + files.size() + " files");
    return files.stream().map(f -> DynamicTest.dynamicTest(Corpus.name(f), () -> inspect(f)));
  }

  private static void inspect(Path file) throws Exception {
    String name = Corpus.name(file);
    Inspection inspection;
    try {
      inspection = Inspection.of(file);
    } catch (ParquetFormatException e) {
      assertTrue(
          e.getMessage().startsWith(file.toString()),
          "the error names the file: " + e.getMessage());
      if (Corpus.isEncrypted(file)) {
        // Without keys: an error saying what the file needs (EncryptionIT reads them with keys).
        assertTrue(
            e.getMessage().contains("encrypted (") && e.getMessage().contains("keys"),
            e.getMessage());
      } else if (!Corpus.isBadData(file)) {
        fail("a valid corpus file was rejected: " + e.getMessage(), e);
      }
      REJECTED.put(name, e.getMessage());
      return;
    }
    if (Corpus.isEncrypted(file)) {
      fail("an encrypted file was read without complaint");
    }
    checkPages(inspection);
  }

  /** Data pages add up to each chunk's value count; a dictionary page, if any, comes first. */
  private static void checkPages(Inspection inspection) {
    var groups = inspection.footer().metaData().rowGroups();
    for (int g = 0; g < groups.size(); g++) {
      for (int c = 0; c < groups.get(g).columns().size(); c++) {
        ColumnMetaData meta = groups.get(g).columns().get(c).metaData();
        List<PageInfo> pages = inspection.pages(g, c);
        long values = 0;
        for (int p = 0; p < pages.size(); p++) {
          PageInfo page = pages.get(p);
          if (page.header().type() == PageType.DICTIONARY_PAGE) {
            assertEquals(0, p, "dictionary page position in row group " + g + " column " + c);
          } else if (page.header().type() == PageType.DATA_PAGE) {
            values += page.header().dataPageHeader().numValues();
          } else if (page.header().type() == PageType.DATA_PAGE_V2) {
            values += page.header().dataPageHeaderV2().numValues();
          }
        }
        assertEquals(meta.numValues(), values, "values of row group " + g + " column " + c);
      }
    }
  }

  @AfterAll
  static void summary() {
    System.out.println(
        "Corpus files rejected with a ParquetFormatException (" + REJECTED.size() + "):");
    REJECTED.forEach((file, why) -> System.out.println("  " + file + ": " + why));
  }
}
