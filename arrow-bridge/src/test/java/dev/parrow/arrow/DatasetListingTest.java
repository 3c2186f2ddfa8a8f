package dev.parrow.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dataset's location may be a path, a {@code file:} URI, a directory or a glob; the files it
 * lists are the same, whatever characters their names hold, and hidden names are left out.
 */
class DatasetListingTest {
  @TempDir Path dir;

  @Test
  void pathsUrisAndGlobsListTheSameFiles() throws Exception {
    Path root = dir.resolve("sales data");
    LongFiles.write(root.resolve("k=a b/part 1.parquet"), 1);
    LongFiles.write(root.resolve("k=c%25d/part-2.parquet"), 2); // Hive escapes % as %25
    LongFiles.write(root.resolve("_temporary/part-3.parquet"), 3);
    LongFiles.write(root.resolve("k=e/.hidden.parquet"), 4);
    for (String location :
        List.of(
            root.toString(),
            root + "/",
            root.toUri().toString(),
            root + "/*/*.parquet",
            root.toUri() + "*/*.parquet")) {
      ParquetDataset dataset = ParquetDataset.open(location);
      List<DatasetFile> files = dataset.files();
      assertEquals(2, files.size(), location);
      assertEquals("a b", files.get(0).partitions().get("k"), location);
      assertEquals("c%d", files.get(1).partitions().get("k"), location);
      assertEquals(root.resolve("k=a b/part 1.parquet").toString(), files.get(0).location());
    }
  }
}
