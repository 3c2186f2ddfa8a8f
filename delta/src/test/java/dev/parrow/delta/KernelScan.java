package dev.parrow.delta;

import io.delta.kernel.Scan;
import io.delta.kernel.Table;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.expressions.Predicate;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.data.ScanStateRow;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A Delta table read through Kernel as a connector reads it, for the tests and benchmarks of this
 * module and of others (a test-jar): the latest snapshot's scan files, each read by the engine's
 * Parquet handler with the filter, turned into logical batches, and the rows Kernel's evaluator
 * keeps.
 */
public final class KernelScan {
  private KernelScan() {}

  /** What a scan hands over: a logical batch and the rows of it selected (empty: all). */
  public interface BatchConsumer {
    /**
     * Takes one batch.
     *
     * @param batch the batch (valid until this returns)
     * @param selection which rows are the table's, or empty for every row
     */
    void accept(ColumnarBatch batch, Optional<ColumnVector> selection);
  }

  /**
   * Reads the table's latest snapshot.
   *
   * @param engine the engine
   * @param path the table
   * @param columns the columns to read (null: all)
   * @param filter a filter on data columns, given to the scan (data skipping) and to the Parquet
   *     handler (pruning) and applied by Kernel's evaluator, or null for every row
   * @param consumer what takes each batch
   * @throws Exception if Kernel or the engine fails
   */
  public static void read(
      Engine engine, String path, StructType columns, Predicate filter, BatchConsumer consumer)
      throws Exception {
    var builder = Table.forPath(engine, path).getLatestSnapshot(engine).getScanBuilder();
    if (columns != null) {
      builder = builder.withReadSchema(columns);
    }
    if (filter != null) {
      builder = builder.withFilter(filter);
    }
    Scan scan = builder.build();
    Row state = scan.getScanState(engine);
    StructType physical = ScanStateRow.getPhysicalDataReadSchema(engine, state);
    try (CloseableIterator<FilteredColumnarBatch> files = scan.getScanFiles(engine)) {
      while (files.hasNext()) {
        try (CloseableIterator<Row> fileRows = files.next().getRows()) {
          while (fileRows.hasNext()) {
            Row file = fileRows.next();
            CloseableIterator<ColumnarBatch> data =
                engine
                    .getParquetHandler()
                    .readParquetFiles(
                        Utils.singletonCloseableIterator(
                            InternalScanFileUtils.getAddFileStatus(file)),
                        physical,
                        Optional.ofNullable(filter));
            try (CloseableIterator<FilteredColumnarBatch> logical =
                Scan.transformPhysicalData(engine, state, file, data)) {
              while (logical.hasNext()) {
                FilteredColumnarBatch b = logical.next();
                ColumnarBatch batch = b.getData();
                Optional<ColumnVector> selection = b.getSelectionVector();
                if (filter != null) {
                  selection =
                      Optional.of(
                          engine
                              .getExpressionHandler()
                              .getPredicateEvaluator(batch.getSchema(), filter)
                              .eval(batch, selection));
                }
                consumer.accept(batch, selection);
              }
            }
          }
        }
      }
    }
  }

  /** Whether row {@code r} is selected. */
  public static boolean selected(Optional<ColumnVector> selection, int r) {
    return selection.isEmpty() || (!selection.get().isNullAt(r) && selection.get().getBoolean(r));
  }

  /** A value of a column as text. */
  public interface Text {
    /**
     * The value's text.
     *
     * @param column the column
     * @param row the row
     * @return its text
     */
    String of(ColumnVector column, int row);
  }

  /**
   * Every selected row of the table, each as its values' text joined by {@code |}, sorted.
   *
   * @param engine the engine
   * @param path the table
   * @param filter the filter, or null
   * @param text each value's text
   * @return the rows
   * @throws Exception if Kernel or the engine fails
   */
  public static List<String> rows(Engine engine, String path, Predicate filter, Text text)
      throws Exception {
    List<String> out = new ArrayList<>();
    read(
        engine,
        path,
        null,
        filter,
        (batch, selection) -> {
          for (int r = 0; r < batch.getSize(); r++) {
            if (selected(selection, r)) {
              List<String> values = new ArrayList<>();
              for (int c = 0; c < batch.getSchema().length(); c++) {
                values.add(text.of(batch.getColumnVector(c), r));
              }
              out.add(String.join("|", values));
            }
          }
        });
    out.sort(null);
    return out;
  }
}
