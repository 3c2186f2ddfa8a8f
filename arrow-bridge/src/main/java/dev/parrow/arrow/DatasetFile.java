package dev.parrow.arrow;

import java.util.Map;

/**
 * One file of a {@link ParquetDataset}.
 *
 * @param location its path or URI
 * @param partitions its partition values by key, in their key's type (Long, LocalDate or String;
 *     null for {@code __HIVE_DEFAULT_PARTITION__}), in directory order
 * @param rows how many rows its footer declares
 */
public record DatasetFile(String location, Map<String, Object> partitions, long rows) {}
