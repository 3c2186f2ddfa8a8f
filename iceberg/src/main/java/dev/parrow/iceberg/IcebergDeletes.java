package dev.parrow.iceberg;

import dev.parrow.arrow.ParquetArrowReader;
import dev.parrow.arrow.ParquetFile;
import dev.parrow.arrow.ReadOptions;
import dev.parrow.arrow.filter.Filter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.Schema;
import org.apache.iceberg.deletes.PositionDeleteIndex;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.types.TypeUtil;

/**
 * The deletes a scan task carries for its data file: position deletes (Parquet delete files, read
 * by Parrow for this data file's rows only) and deletion vectors (Puffin blobs, decoded by
 * Iceberg's own {@link PositionDeleteIndex}) become the rows to leave out, a selection Parrow
 * applies while it reads (pages with no row left are not decoded); equality deletes become sets of
 * keys that rows are tested against after they are read.
 */
final class IcebergDeletes {
  private IcebergDeletes() {}

  /** One equality delete file's keys: its equality columns' values, row by row. */
  record EqualityKeys(List<Integer> fieldIds, Set<List<Object>> keys) {}

  /**
   * The rows of data file {@code dataLocation} that the position deletes and deletion vectors among
   * {@code deletes} remove.
   */
  static BitSet positions(
      String dataLocation, List<DeleteFile> deletes, FileIO io, BufferAllocator allocator)
      throws IOException {
    BitSet deleted = new BitSet();
    for (DeleteFile d : deletes) {
      if (d.content() != FileContent.POSITION_DELETES) {
        continue;
      }
      if (d.format() == FileFormat.PUFFIN) {
        vector(d, io).forEach(pos -> deleted.set(row(pos, d)));
      } else if (d.format() == FileFormat.PARQUET) {
        positionFile(dataLocation, d, io, allocator, deleted);
      } else {
        throw new UnsupportedOperationException(
            d.location() + ": position deletes in " + d.format() + " are not read by Parrow");
      }
    }
    return deleted;
  }

  private static int row(long pos, DeleteFile d) {
    if (pos < 0 || pos >= Integer.MAX_VALUE) {
      throw new UnsupportedOperationException(
          d.location() + ": a deleted position " + pos + " beyond 2^31 rows of one data file");
    }
    return (int) pos;
  }

  /** A deletion vector: its blob in the Puffin file, decoded by Iceberg. */
  private static PositionDeleteIndex vector(DeleteFile d, FileIO io) throws IOException {
    long offset = d.contentOffset();
    long size = d.contentSizeInBytes();
    if (size < 0 || size > Integer.MAX_VALUE - 8) {
      throw new IOException(d.location() + ": a deletion vector of " + size + " bytes");
    }
    try (IcebergInputFile file = new IcebergInputFile(io.newInputFile(d.location()))) {
      ByteBuffer bytes = file.read(offset, (int) size);
      return PositionDeleteIndex.deserialize(bytes.array(), d);
    }
  }

  /** A Parquet position delete file's positions of {@code dataLocation}. */
  private static void positionFile(
      String dataLocation, DeleteFile d, FileIO io, BufferAllocator allocator, BitSet deleted)
      throws IOException {
    Schema schema = new Schema(MetadataColumns.DELETE_FILE_PATH, MetadataColumns.DELETE_FILE_POS);
    ReadOptions read =
        ReadOptions.builder()
            .readAs(IcebergSchemas.toArrow(schema))
            .filter(Filter.eq(MetadataColumns.DELETE_FILE_PATH.name(), dataLocation))
            .build();
    try (ParquetFile file = ParquetFile.open(new IcebergInputFile(io.newInputFile(d.location())));
        ParquetArrowReader reader = file.newReader(allocator, read)) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        BigIntVector pos = (BigIntVector) root.getVector(MetadataColumns.DELETE_FILE_POS.name());
        for (int i = 0; i < root.getRowCount(); i++) {
          deleted.set(row(pos.get(i), d));
        }
      }
    }
  }

  /**
   * The keys of each equality delete file among {@code deletes}, read as {@code tableSchema}'s
   * columns of its equality field ids.
   */
  static List<EqualityKeys> equality(
      List<DeleteFile> deletes, Schema tableSchema, FileIO io, BufferAllocator allocator)
      throws IOException {
    List<EqualityKeys> out = new ArrayList<>();
    for (DeleteFile d : deletes) {
      if (d.content() != FileContent.EQUALITY_DELETES) {
        continue;
      }
      if (d.format() != FileFormat.PARQUET) {
        throw new UnsupportedOperationException(
            d.location() + ": equality deletes in " + d.format() + " are not read by Parrow");
      }
      List<Integer> ids = d.equalityFieldIds();
      Schema keySchema = TypeUtil.select(tableSchema, new HashSet<>(ids));
      Set<List<Object>> keys = new HashSet<>();
      ReadOptions read = ReadOptions.builder().readAs(IcebergSchemas.toArrow(keySchema)).build();
      try (ParquetFile file =
              ParquetFile.open(new IcebergInputFile(io.newInputFile(d.location())));
          ParquetArrowReader reader = file.newReader(allocator, read)) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot root = reader.getVectorSchemaRoot();
          List<Column> columns = columns(root, keySchema, ids);
          for (int i = 0; i < root.getRowCount(); i++) {
            keys.add(key(columns, i));
          }
        }
      }
      out.add(new EqualityKeys(List.copyOf(ids), keys));
    }
    return out;
  }

  /**
   * A primitive column at any depth of structs: the vectors from the top-level one down to its own.
   * Where a struct above it is null, its value is {@link #NULL_STRUCT}, not null: Iceberg's
   * equality deletes compare the struct projections of rows, and a null key ({@code point.y =
   * null}) matches a row whose point holds a null y, not a row whose point is null.
   */
  record Column(List<FieldVector> path) {
    Object get(int row) {
      for (int i = 0; i < path.size() - 1; i++) {
        if (path.get(i).isNull(row)) {
          return NULL_STRUCT;
        }
      }
      FieldVector own = path.get(path.size() - 1);
      return own.isNull(row) ? null : own.getObject(row);
    }
  }

  /** The value of a field whose struct is null (equal only to another such value). */
  static final Object NULL_STRUCT =
      new Object() {
        @Override
        public String toString() {
          return "(null struct)";
        }
      };

  /**
   * The columns of {@code ids} in {@code root}, read as {@code schema}: each found through the
   * structs above it (Iceberg's equality fields are primitive, in structs but not in lists or
   * maps).
   *
   * @throws UnsupportedOperationException for a field inside a list or map, or not primitive
   */
  static List<Column> columns(VectorSchemaRoot root, Schema schema, List<Integer> ids) {
    java.util.Map<Integer, Integer> parents = TypeUtil.indexParents(schema.asStruct());
    List<Column> out = new ArrayList<>();
    for (int id : ids) {
      java.util.ArrayDeque<Integer> chain = new java.util.ArrayDeque<>();
      for (Integer at = id; at != null; at = parents.get(at)) {
        chain.addFirst(at);
      }
      List<FieldVector> path = new ArrayList<>();
      FieldVector v = null;
      for (int at : chain) {
        org.apache.iceberg.types.Types.NestedField f = schema.findField(at);
        if (v == null) {
          v = root.getVector(f.name());
        } else if (v instanceof org.apache.arrow.vector.complex.StructVector struct) {
          v = (FieldVector) struct.getChild(f.name());
        } else {
          throw new UnsupportedOperationException(
              "an equality delete on " + schema.findColumnName(id) + ", inside a list or map");
        }
        path.add(v);
      }
      if (!schema.findField(id).type().isPrimitiveType()) {
        throw new UnsupportedOperationException(
            "an equality delete on " + schema.findColumnName(id) + ", which is not primitive");
      }
      out.add(new Column(path));
    }
    return out;
  }

  /**
   * Row {@code row}'s values of {@code columns} as a key that equal values give equal keys of
   * (bytes compared by content, text as strings); a null stays null, and matches a null, as
   * Iceberg's equality deletes do.
   */
  static List<Object> key(List<Column> columns, int row) {
    List<Object> key = new ArrayList<>(columns.size());
    for (Column c : columns) {
      Object v = c.get(row);
      if (v instanceof byte[] b) {
        v = ByteBuffer.wrap(b);
      } else if (v instanceof org.apache.arrow.vector.util.Text t) {
        v = t.toString();
      } else if (v instanceof java.math.BigDecimal d) {
        v = d.stripTrailingZeros();
      }
      key.add(v);
    }
    return key;
  }
}
