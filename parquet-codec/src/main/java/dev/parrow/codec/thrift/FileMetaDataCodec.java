package dev.parrow.codec.thrift;

import dev.parrow.codec.metadata.Bytes;
import dev.parrow.codec.metadata.ColumnChunk;
import dev.parrow.codec.metadata.ColumnOrder;
import dev.parrow.codec.metadata.EncryptionAlgorithm;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.KeyValue;
import dev.parrow.codec.metadata.RowGroup;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.metadata.SortingColumn;
import java.util.List;

/** FileMetaData, RowGroup, SortingColumn, ColumnOrder and EncryptionAlgorithm. */
final class FileMetaDataCodec {
  private FileMetaDataCodec() {}

  static FileMetaData readFileMetaData(ThriftReader r) {
    Integer version = null;
    List<SchemaElement> schema = null;
    Long numRows = null;
    List<RowGroup> rowGroups = null;
    List<KeyValue> keyValues = null;
    String createdBy = null;
    List<ColumnOrder> columnOrders = null;
    EncryptionAlgorithm encryption = null;
    Bytes signingKey = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> version = r.i32();
        case 2 -> schema = r.structList(SchemaCodec::readSchemaElement);
        case 3 -> numRows = r.i64();
        case 4 -> rowGroups = r.structList(FileMetaDataCodec::readRowGroup);
        case 5 -> keyValues = r.structList(ColumnChunkCodec::readKeyValue);
        case 6 -> createdBy = r.string();
        case 7 -> columnOrders = r.structList(FileMetaDataCodec::readColumnOrder);
        case 8 -> encryption = r.struct(FileMetaDataCodec::readEncryptionAlgorithm);
        case 9 -> signingKey = r.binary();
        default -> r.skipField();
      }
    }
    r.endStruct();
    String s = "FileMetaData";
    return new FileMetaData(
        Required.field(version, s, "version"),
        Required.field(schema, s, "schema"),
        Required.field(numRows, s, "num_rows"),
        Required.field(rowGroups, s, "row_groups"),
        keyValues,
        createdBy,
        columnOrders,
        encryption,
        signingKey);
  }

  static void writeFileMetaData(ThriftWriter w, FileMetaData m) {
    w.beginStruct();
    w.i32(1, m.version());
    w.structList(2, m.schema(), SchemaCodec::writeSchemaElement);
    w.i64(3, m.numRows());
    w.structList(4, m.rowGroups(), FileMetaDataCodec::writeRowGroup);
    w.structList(5, m.keyValueMetadata(), ColumnChunkCodec::writeKeyValue);
    w.string(6, m.createdBy());
    w.structList(7, m.columnOrders(), FileMetaDataCodec::writeColumnOrder);
    w.struct(8, m.encryptionAlgorithm(), FileMetaDataCodec::writeEncryptionAlgorithm);
    w.binary(9, m.footerSigningKeyMetadata());
    w.endStruct();
  }

  static RowGroup readRowGroup(ThriftReader r) {
    List<ColumnChunk> columns = null;
    Long totalByteSize = null;
    Long numRows = null;
    List<SortingColumn> sorting = null;
    Long fileOffset = null;
    Long totalCompressed = null;
    Short ordinal = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> columns = r.structList(ColumnChunkCodec::readColumnChunk);
        case 2 -> totalByteSize = r.i64();
        case 3 -> numRows = r.i64();
        case 4 -> sorting = r.structList(FileMetaDataCodec::readSortingColumn);
        case 5 -> fileOffset = r.i64();
        case 6 -> totalCompressed = r.i64();
        case 7 -> ordinal = r.i16();
        default -> r.skipField();
      }
    }
    r.endStruct();
    String s = "RowGroup";
    return new RowGroup(
        Required.field(columns, s, "columns"),
        Required.field(totalByteSize, s, "total_byte_size"),
        Required.field(numRows, s, "num_rows"),
        sorting,
        fileOffset,
        totalCompressed,
        ordinal);
  }

  static void writeRowGroup(ThriftWriter w, RowGroup g) {
    w.beginStruct();
    w.structList(1, g.columns(), ColumnChunkCodec::writeColumnChunk);
    w.i64(2, g.totalByteSize());
    w.i64(3, g.numRows());
    w.structList(4, g.sortingColumns(), FileMetaDataCodec::writeSortingColumn);
    w.i64(5, g.fileOffset());
    w.i64(6, g.totalCompressedSize());
    w.i16(7, g.ordinal());
    w.endStruct();
  }

  private static SortingColumn readSortingColumn(ThriftReader r) {
    Integer column = null;
    Boolean descending = null;
    Boolean nullsFirst = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> column = r.i32();
        case 2 -> descending = r.bool();
        case 3 -> nullsFirst = r.bool();
        default -> r.skipField();
      }
    }
    r.endStruct();
    String s = "SortingColumn";
    return new SortingColumn(
        Required.field(column, s, "column_idx"),
        Required.field(descending, s, "descending"),
        Required.field(nullsFirst, s, "nulls_first"));
  }

  private static void writeSortingColumn(ThriftWriter w, SortingColumn c) {
    w.beginStruct();
    w.i32(1, c.columnIdx());
    w.bool(2, c.descending());
    w.bool(3, c.nullsFirst());
    w.endStruct();
  }

  private static ColumnOrder readColumnOrder(ThriftReader r) {
    // The element is the union itself: read it as an empty-member union.
    Integer member = null;
    r.beginStruct();
    while (r.nextField()) {
      if (member == null) {
        member = (int) r.fieldId();
      }
      r.skipField();
    }
    r.endStruct();
    // An empty union names no order; keep it as an unknown order so the list stays aligned with
    // leaves.
    return new ColumnOrder(member == null ? 0 : member);
  }

  private static void writeColumnOrder(ThriftWriter w, ColumnOrder order) {
    w.beginStruct();
    if (order.unionField() > 0) {
      w.emptyStruct(order.unionField());
    }
    w.endStruct();
  }

  static dev.parrow.codec.metadata.FileCryptoMetaData readFileCryptoMetaData(ThriftReader r) {
    EncryptionAlgorithm algorithm = null;
    Bytes keyMetadata = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> algorithm = r.struct(FileMetaDataCodec::readEncryptionAlgorithm);
        case 2 -> keyMetadata = r.binary();
        default -> r.skipField();
      }
    }
    r.endStruct();
    return new dev.parrow.codec.metadata.FileCryptoMetaData(
        Required.field(algorithm, "FileCryptoMetaData", "encryption_algorithm"), keyMetadata);
  }

  static void writeFileCryptoMetaData(
      ThriftWriter w, dev.parrow.codec.metadata.FileCryptoMetaData m) {
    w.beginStruct();
    w.struct(1, m.algorithm(), FileMetaDataCodec::writeEncryptionAlgorithm);
    w.binary(2, m.keyMetadata());
    w.endStruct();
  }

  private static EncryptionAlgorithm readEncryptionAlgorithm(ThriftReader r) {
    EncryptionAlgorithm result = null;
    r.beginStruct();
    while (r.nextField()) {
      int member = r.fieldId();
      if (result == null) {
        result = r.struct(rr -> readAesParameters(rr, member));
      } else {
        r.skipField();
      }
    }
    r.endStruct();
    return result;
  }

  private static EncryptionAlgorithm readAesParameters(ThriftReader r, int member) {
    Bytes aadPrefix = null;
    Bytes aadFileUnique = null;
    Boolean supplyAadPrefix = null;
    r.beginStruct();
    while (r.nextField()) {
      switch (r.fieldId()) {
        case 1 -> aadPrefix = r.binary();
        case 2 -> aadFileUnique = r.binary();
        case 3 -> supplyAadPrefix = r.bool();
        default -> r.skipField();
      }
    }
    r.endStruct();
    return new EncryptionAlgorithm(member, aadPrefix, aadFileUnique, supplyAadPrefix);
  }

  private static void writeEncryptionAlgorithm(ThriftWriter w, EncryptionAlgorithm a) {
    w.beginStruct();
    w.struct(
        a.unionField(),
        a,
        (ww, v) -> {
          ww.beginStruct();
          ww.binary(1, v.aadPrefix());
          ww.binary(2, v.aadFileUnique());
          ww.bool(3, v.supplyAadPrefix());
          ww.endStruct();
        });
    w.endStruct();
  }
}
