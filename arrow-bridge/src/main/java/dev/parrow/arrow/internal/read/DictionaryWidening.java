package dev.parrow.arrow.internal.read;

import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.internal.fill.DictionaryFiller;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.footer.Footer;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import dev.parrow.storage.InputFile;
import dev.parrow.types.DictionaryMode;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * An explicit {@link DictionaryMode#UNIFY} whose union the writer's index type cannot index (an
 * int8 factor whose levels differ by row group): the dictionary pages of the narrow-index
 * dictionary leaves are read up front, and those whose union is too large are read with int32
 * indices instead; so are those with a chunk whose pages fell back from dictionary encoding, whose
 * values (added to the dictionary as they are read) no dictionary page counts. Only the caller's
 * explicit choice widens; AUTO keeps the writer's index type.
 */
public final class DictionaryWidening {
  private DictionaryWidening() {}

  /**
   * The projection of {@code options}, its overflowing dictionaries widened.
   *
   * @param footer the file's footer
   * @param input the file, whose dictionary pages are read for an explicit UNIFY
   * @param options the read options
   * @return the projection
   */
  public static Projection projection(Footer footer, InputFile input, ReadOptions options) {
    Projection plain = Projection.of(footer, options);
    if (options.types().dictionaryMode() != DictionaryMode.UNIFY) {
      return plain;
    }
    Set<Integer> widened = new TreeSet<>();
    for (LeafColumn leaf : plain.leaves()) {
      var encoding = leaf.field().getDictionary();
      if (encoding != null
          && encoding.getIndexType().getBitWidth() < 32
          && unionExceeds(
              footer,
              input,
              options,
              leaf,
              DictionaryFiller.largestIndex(encoding.getIndexType()))) {
        widened.add(leaf.column().index());
      }
    }
    return widened.isEmpty() ? plain : Projection.of(footer, options, widened);
  }

  /**
   * Whether the leaf's dictionary may need more than {@code limit} + 1 values: its dictionary pages
   * together hold more, or a chunk has fallback pages.
   */
  private static boolean unionExceeds(
      Footer footer, InputFile input, ReadOptions options, LeafColumn leaf, long limit) {
    Set<ByteBuffer> union = new HashSet<>();
    List<Integer> groups = options.rowGroups();
    int count = footer.metaData().rowGroups().size();
    for (int position = 0; position < (groups.isEmpty() ? count : groups.size()); position++) {
      int g = groups.isEmpty() ? position : groups.get(position);
      if (g < 0 || g >= count) {
        // The reader refuses it, with its own message.
        return false;
      }
      var meta =
          footer.metaData().rowGroups().get(g).columns().get(leaf.column().index()).metaData();
      if (meta != null && !meta.onlyDictionaryPages()) {
        return true;
      }
      DenseValues dictionary;
      try {
        dictionary =
            new ColumnReader(
                    leaf.column(), ChunkPages.open(input, footer, g, leaf.column(), options))
                .readDictionaryOnly();
      } catch (ParquetFormatException e) {
        throw e.inColumn(leaf.column().dottedPath()).inRowGroup(g).inFile(footer.fileName());
      }
      if (dictionary instanceof BinaryValues b) {
        for (int i = 0; i < b.size(); i++) {
          union.add(
              ByteBuffer.wrap(Arrays.copyOfRange(b.bytes(), b.offsets()[i], b.offsets()[i + 1])));
        }
        if (union.size() - 1 > limit) {
          return true;
        }
      }
    }
    return false;
  }
}
