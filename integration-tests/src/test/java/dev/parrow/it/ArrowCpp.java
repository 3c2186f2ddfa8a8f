package dev.parrow.it;

import java.nio.file.Path;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.dataset.scanner.ScanOptions;
import org.apache.arrow.dataset.scanner.Scanner;
import org.apache.arrow.dataset.source.Dataset;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/** Arrow C++ (the arrow-dataset JNI library) as an independent Parquet reader. */
final class ArrowCpp {
  private ArrowCpp() {}

  static Columns read(Path file, BufferAllocator allocator) throws Exception {
    return read(file, FileFormat.PARQUET, allocator);
  }

  /**
   * An Arrow IPC file as Arrow C++ reads it (delta dictionaries applied, as Arrow Java's are not).
   * Deterministic only with one Arrow I/O thread, which this module's failsafe configuration sets.
   */
  static Columns readIpcFile(Path file, BufferAllocator allocator) throws Exception {
    return read(file, FileFormat.ARROW_IPC, allocator);
  }

  // arrow-dataset declares close() as throwing InterruptedException; nothing here interrupts.
  @SuppressWarnings("try")
  private static Columns read(Path file, FileFormat format, BufferAllocator allocator)
      throws Exception {
    Columns columns = new Columns();
    try (FileSystemDatasetFactory factory =
            new FileSystemDatasetFactory(
                allocator, NativeMemoryPool.getDefault(), format, file.toUri().toString());
        Dataset dataset = factory.finish();
        Scanner scanner = dataset.newScan(new ScanOptions(32_768));
        ArrowReader reader = scanner.scanBatches()) {
      columns.start(reader.getVectorSchemaRoot().getSchema());
      while (reader.loadNextBatch()) {
        columns.append(reader.getVectorSchemaRoot(), reader);
      }
    }
    return columns;
  }
}
