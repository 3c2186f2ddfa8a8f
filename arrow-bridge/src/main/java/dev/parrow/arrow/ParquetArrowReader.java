package dev.parrow.arrow;

import dev.parrow.arrow.internal.DecodePool;
import dev.parrow.arrow.internal.LeafColumn;
import dev.parrow.codec.ParquetFormatException;
import dev.parrow.codec.column.ColumnReader;
import dev.parrow.codec.metadata.ColumnMetaData;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.page.ChunkRange;
import dev.parrow.codec.page.PageReader;
import dev.parrow.codec.values.DenseValues;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads a Parquet file into Arrow batches: each {@link #loadNextBatch} fills the vectors of
 * {@link #getVectorSchemaRoot} with up to {@link ReadOptions#batchSize} rows of one row group. Being an
 * {@link ArrowReader}, it can be handed to anything that consumes Arrow streams (for example
 * {@code Data.exportArrayStream}).
 *
 * <p>Every problem with the file is a {@link ParquetFormatException} naming the file, column, row group
 * and page.
 */
public final class ParquetArrowReader extends ArrowReader {
  private final ParquetFile file;
  private final ReadOptions options;
  private final Projection projection;
  private final List<Integer> rowGroups;

  private int groupCursor = -1;
  private int currentGroup = -1;
  private long rowsLeftInGroup;
  private ColumnReader[] readers;
  private final DenseValues[] values;
  /** Per optional leaf: the batch's validity bits, decoded straight from the definition levels. */
  private final byte[][] validity;
  private long bytesRead;

  ParquetArrowReader(BufferAllocator allocator, ParquetFile file, ReadOptions options) {
    super(allocator);
    this.file = file;
    this.options = options;
    this.projection = Projection.of(file.footer(), options);
    int groupCount = file.metadata().rowGroups().size();
    List<Integer> groups = new ArrayList<>();
    if (options.rowGroups().isEmpty()) {
      for (int g = 0; g < groupCount; g++) {
        groups.add(g);
      }
    } else {
      for (int g : options.rowGroups()) {
        if (g < 0 || g >= groupCount) {
          throw new IllegalArgumentException("no row group " + g + " in " + file.footer().fileName() + " ("
              + groupCount + " row groups)");
        }
        groups.add(g);
      }
    }
    this.rowGroups = List.copyOf(groups);
    List<LeafColumn> leaves = projection.leaves();
    this.values = new DenseValues[leaves.size()];
    for (int i = 0; i < leaves.size(); i++) {
      values[i] = leaves.get(i).filler().newValues(leaves.get(i).column());
    }
    this.validity = new byte[leaves.size()][];
    for (int i = 0; i < leaves.size(); i++) {
      // Flat leaves only (Projection checks): optional ones have max definition level 1.
      validity[i] = leaves.get(i).column().maxDefinitionLevel() > 0 ? new byte[(options.batchSize() + 7) / 8] : null;
    }
  }

  /** Things about the mapping a user may want to know (unknown annotations read as physical types). */
  public List<String> warnings() {
    return projection.warnings();
  }

  @Override
  protected Schema readSchema() {
    return projection.schema();
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    prepareLoadNextBatch();
    while (rowsLeftInGroup == 0) {
      if (!nextRowGroup()) {
        return false;
      }
    }
    int rows = (int) Math.min(options.batchSize(), rowsLeftInGroup);
    VectorSchemaRoot root = getVectorSchemaRoot();
    try {
      DecodePool.runAll(projection.leaves().size(), options.parallelism(), i -> readLeaf(i, rows, root));
    } catch (IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(e);
    }
    root.setRowCount(rows);
    rowsLeftInGroup -= rows;
    return true;
  }

  /** Reads one leaf's share of the batch into its vector (runs on a decode thread). */
  private void readLeaf(int i, int rows, VectorSchemaRoot root) {
    LeafColumn leaf = projection.leaves().get(i);
    try {
      values[i].clear();
      leaf.filler().prepare(root.getVector(i), rows, values[i]);
      byte[] bits = validity[i];
      int got;
      int present;
      if (bits == null) {
        got = readers[i].read(rows, null, null, 0, values[i]);
        present = got;
      } else {
        java.util.Arrays.fill(bits, 0, (rows + 7) >>> 3, (byte) 0);
        got = readers[i].readFlat(rows, bits, values[i]);
        present = readers[i].lastPresent();
      }
      if (got != rows) {
        throw new ParquetFormatException("the column chunk ends after " + (rowsRead() + got)
            + " values but the row group has " + file.metadata().rowGroups().get(currentGroup).numRows() + " rows");
      }
      leaf.filler().fill(root.getVector(i), rows, bits, present, values[i]);
    } catch (ParquetFormatException e) {
      throw e.inColumn(leaf.column().dottedPath()).inRowGroup(currentGroup).inFile(file.footer().fileName());
    }
  }

  private long rowsRead() {
    return file.metadata().rowGroups().get(currentGroup).numRows() - rowsLeftInGroup;
  }

  private boolean nextRowGroup() {
    if (++groupCursor >= rowGroups.size()) {
      return false;
    }
    currentGroup = rowGroups.get(groupCursor);
    RowGroup group = file.metadata().rowGroups().get(currentGroup);
    List<LeafColumn> leaves = projection.leaves();
    readers = new ColumnReader[leaves.size()];
    for (int i = 0; i < leaves.size(); i++) {
      LeafColumn leaf = leaves.get(i);
      ColumnMetaData meta = group.columns().get(leaf.column().index()).metaData();
      try {
        PageReader pages = new PageReader(file.input(), leaf.column(), meta, ChunkRange.of(meta, file.footer()),
            options.verifyCrc(), options.maxPageBytes());
        readers[i] = new ColumnReader(leaf.column(), pages);
      } catch (ParquetFormatException e) {
        throw e.inColumn(leaf.column().dottedPath()).inRowGroup(currentGroup).inFile(file.footer().fileName());
      }
      bytesRead += meta.totalCompressedSize();
    }
    rowsLeftInGroup = group.numRows();
    return true;
  }

  @Override
  public long bytesRead() {
    return bytesRead;
  }

  @Override
  protected void closeReadSource() {
    // The ParquetFile owns the input; the reader holds nothing else that needs closing.
  }
}
