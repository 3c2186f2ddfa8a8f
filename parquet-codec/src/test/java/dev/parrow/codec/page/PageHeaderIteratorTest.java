package dev.parrow.codec.page;

import static dev.parrow.codec.testing.SampleMetadata.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.DataPageHeader;
import dev.parrow.codec.metadata.DataPageHeaderV2;
import dev.parrow.codec.metadata.DictionaryPageHeader;
import dev.parrow.codec.metadata.Encoding;
import dev.parrow.codec.metadata.PageHeader;
import dev.parrow.codec.metadata.PageType;
import dev.parrow.codec.metadata.Statistics;
import dev.parrow.codec.thrift.ThriftCodec;
import dev.parrow.storage.InputFile;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PageHeaderIteratorTest {

  private static PageHeader dataPage(int values, int size, Statistics stats) {
    return new PageHeader(
        PageType.DATA_PAGE,
        size,
        size,
        null,
        new DataPageHeader(values, Encoding.PLAIN, Encoding.RLE, Encoding.RLE, stats),
        null,
        null,
        null);
  }

  private static PageHeader dictionaryPage(int values, int size) {
    return new PageHeader(
        PageType.DICTIONARY_PAGE,
        size,
        size,
        null,
        null,
        null,
        new DictionaryPageHeader(values, Encoding.PLAIN, null),
        null);
  }

  /**
   * A file with 4 bytes of magic, then each page's header and {@code compressedPageSize} filler
   * bytes.
   */
  private static byte[] chunk(PageHeader... pages) {
    byte[] bytes = new byte[4];
    for (PageHeader p : pages) {
      bytes =
          concat(
              bytes, ThriftCodec.writePageHeader(p), new byte[Math.max(0, p.compressedPageSize())]);
    }
    return bytes;
  }

  private static List<PageInfo> walk(byte[] bytes, long chunkLength, long values) {
    PageHeaderIterator it =
        new PageHeaderIterator(InputFile.of(bytes), new ChunkRange(4, chunkLength), values);
    List<PageInfo> pages = new ArrayList<>();
    while (it.hasNext()) {
      pages.add(it.next());
    }
    return pages;
  }

  @Test
  void walksDictionaryAndDataPagesUntilTheValuesAreThere() {
    byte[] bytes = chunk(dictionaryPage(3, 12), dataPage(10, 40, null), dataPage(5, 20, null));
    List<PageInfo> pages = walk(bytes, bytes.length - 4, 15);
    assertEquals(3, pages.size());
    assertEquals(PageType.DICTIONARY_PAGE, pages.get(0).header().type());
    assertEquals(4, pages.get(0).offset());
    assertEquals(pages.get(0).end(), pages.get(1).offset());
    assertEquals(bytes.length, pages.get(2).end());
    assertEquals(2, pages.get(2).index());
  }

  @Test
  void readsHeadersLargerThanTheFirstWindow() {
    Bytes big = Bytes.of(new byte[5000]);
    Statistics stats = new Statistics(null, null, 0L, null, big, big, null, null, null);
    byte[] bytes = chunk(dataPage(1, 4, stats));
    List<PageInfo> pages = walk(bytes, bytes.length - 4, 1);
    assertEquals(1, pages.size());
    assertTrue(pages.get(0).headerLength() > PageHeaderIterator.FIRST_WINDOW);
    assertEquals(big, pages.get(0).header().dataPageHeader().statistics().maxValue());
  }

  @Test
  void aPageThatOverrunsItsChunkIsAnErrorNamingThePage() {
    byte[] bytes = chunk(dataPage(1, 10, null), dataPage(1, 10, null));
    ParquetFormatException e =
        assertThrows(ParquetFormatException.class, () -> walk(bytes, bytes.length - 9, 2));
    assertEquals(1, e.page());
    assertTrue(e.getMessage().contains("runs past the end"), e.getMessage());
  }

  @Test
  void aChunkThatEndsBeforeItsValuesIsAnError() {
    byte[] bytes = chunk(dataPage(3, 10, null));
    ParquetFormatException e =
        assertThrows(ParquetFormatException.class, () -> walk(bytes, bytes.length - 4, 7));
    assertTrue(e.getMessage().contains("after 3 of its 7 values"), e.getMessage());
  }

  @Test
  void negativeSizesAndCountsAreErrors() {
    byte[] negativeSize =
        chunk(
            new PageHeader(
                PageType.DATA_PAGE,
                10,
                -3,
                null,
                new DataPageHeader(1, Encoding.PLAIN, Encoding.RLE, Encoding.RLE, null),
                null,
                null,
                null));
    assertThrows(
        ParquetFormatException.class, () -> walk(negativeSize, negativeSize.length - 4, 1));
    byte[] negativeDictionary = chunk(dictionaryPage(-4, 4), dataPage(1, 4, null));
    ParquetFormatException e =
        assertThrows(
            ParquetFormatException.class,
            () -> walk(negativeDictionary, negativeDictionary.length - 4, 1));
    assertTrue(e.getMessage().contains("dictionary page claims -4 values"), e.getMessage());
    byte[] badLevels =
        chunk(
            new PageHeader(
                PageType.DATA_PAGE_V2,
                10,
                10,
                null,
                null,
                null,
                null,
                new DataPageHeaderV2(3, 0, 3, Encoding.PLAIN, 8, 8, true, null)));
    assertThrows(ParquetFormatException.class, () -> walk(badLevels, badLevels.length - 4, 3));
    byte[] noBody = chunk(new PageHeader(PageType.DATA_PAGE, 10, 10, null, null, null, null, null));
    assertThrows(ParquetFormatException.class, () -> walk(noBody, noBody.length - 4, 3));
  }

  @Test
  void garbageWhereAHeaderShouldBeIsAFormatError() {
    byte[] bytes = new byte[64];
    java.util.Arrays.fill(bytes, (byte) 0xEE);
    PageHeaderIterator it = new PageHeaderIterator(InputFile.of(bytes), new ChunkRange(4, 60), 1);
    assertTrue(it.hasNext());
    ParquetFormatException e = assertThrows(ParquetFormatException.class, it::next);
    assertEquals(0, e.page());
  }

  @Test
  void aChunkWithNoValuesHasNoPagesToWalk() {
    assertFalse(
        new PageHeaderIterator(InputFile.of(new byte[8]), new ChunkRange(4, 0), 0).hasNext());
  }

  /**
   * Small pages come with their bytes, read with their headers (a read takes in the pages after
   * them): the bytes are the file's, at the page's offset, and a chunk of 300 small pages takes a
   * few reads instead of two a page. Large pages are read on their own, as before.
   */
  @Test
  void smallPagesComeWithTheirBytesFromFewReads() throws Exception {
    java.util.Random random = new java.util.Random(3);
    List<PageHeader> headers = new ArrayList<>();
    headers.add(dictionaryPage(3, 40));
    for (int i = 0; i < 300; i++) {
      headers.add(dataPage(10, random.nextInt(3000), null));
    }
    headers.add(dataPage(10, 200_000, null));
    headers.add(dataPage(10, 30, null));
    byte[] bytes = chunk(headers.toArray(new PageHeader[0]));
    // Filler bytes told apart by position, so that bytes from the wrong place cannot match.
    List<PageInfo> plain = walk(bytes, bytes.length - 4, 302 * 10L);
    for (PageInfo p : plain) {
      for (int i = 0; i < p.header().compressedPageSize(); i++) {
        bytes[(int) p.dataOffset() + i] = (byte) (p.dataOffset() + i * 31);
      }
    }
    byte[] file = bytes;
    int[] reads = {0};
    InputFile counting =
        new InputFile() {
          private final InputFile in = InputFile.of(file);

          @Override
          public String name() {
            return "counted";
          }

          @Override
          public long length() throws java.io.IOException {
            return in.length();
          }

          @Override
          public void readFully(long position, java.nio.ByteBuffer destination)
              throws java.io.IOException {
            reads[0]++;
            in.readFully(position, destination);
          }

          @Override
          public void close() {}
        };
    PageHeaderIterator it =
        new PageHeaderIterator(counting, new ChunkRange(4, file.length - 4), 302 * 10L);
    int withBytes = 0;
    PageInfo last = null;
    while (it.hasNext()) {
      PageInfo p = it.next();
      if (p.stored() != null) {
        withBytes++;
        int n = p.header().compressedPageSize();
        assertEquals(
            java.nio.ByteBuffer.wrap(file, (int) p.dataOffset(), n),
            java.nio.ByteBuffer.wrap(p.stored(), p.storedAt(), n),
            "page " + p.index());
      }
      last = p;
    }
    assertEquals(303, last.index() + 1);
    assertTrue(withBytes > 290, withBytes + " small pages came with their bytes");
    assertTrue(reads[0] < 40, reads[0] + " reads for 303 headers");
  }
}
