package dev.parrow.arrow;

import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One column of a {@link ParquetDataset}, as {@link ParquetDataset#describe()} tells it.
 *
 * @param field the dataset's field
 * @param partitionKey whether the column comes from {@code key=value} directories
 * @param filesWithColumn how many files hold the column (the others read it as nulls); 0 for a
 *     partition key
 * @param widenedFrom the narrower types some files store and the reader widens, empty when none
 * @param dictionaryPagesOnly whether the column is a primitive one whose every chunk, in every file
 *     holding it, keeps all its values in its dictionary page (no page fell back to another
 *     encoding, by the footers): read as a dictionary ({@link
 *     dev.parrow.types.DictionaryMode#PER_ROW_GROUP} with {@link
 *     dev.parrow.types.TypeOptions#dictionaryColumns}), its values are never hashed
 */
public record DatasetColumn(
    Field field,
    boolean partitionKey,
    int filesWithColumn,
    List<String> widenedFrom,
    boolean dictionaryPagesOnly) {}
