package dev.parrow.arrow.internal.filter;

import dev.parrow.arrow.filter.Filter;
import dev.parrow.codec.bloom.BloomFilter;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.storage.InputFile;
import dev.parrow.types.TypeOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Asks each row group's Bloom filter of a column whether it may hold a value. */
public final class BloomProbe {
  private BloomProbe() {}

  /**
   * Per row group: false when its filter rules the value out, true when the value may be there,
   * null when the chunk has no Bloom filter Parrow can read.
   */
  public static List<Boolean> probe(Footer footer, InputFile input, String column, Object value)
      throws IOException {
    BoundFilter bound =
        new FilterBinder(footer.schema(), TypeOptions.defaults(), footer.fileName())
            .bind(Filter.eq(column, value));
    BoundFilter.Test test = (BoundFilter.Test) bound;
    List<Boolean> out = new ArrayList<>();
    for (int g = 0; g < footer.metaData().rowGroups().size(); g++) {
      var group = footer.metaData().rowGroups().get(g);
      ColumnMetaData meta = group.columns().get(test.column().column().index()).metaData();
      BloomFilter bloom =
          BloomFilter.read(
              input,
              meta,
              dev.parrow.arrow.internal.read.ChunkPages.crypto(footer, g, test.column().column()));
      if (bloom == null) {
        out.add(null);
      } else if (test.kind() == BoundFilter.Kind.FALSE) {
        out.add(false);
      } else {
        out.add(ChunkPruning.mightContain(bloom, test));
      }
    }
    return out;
  }
}
