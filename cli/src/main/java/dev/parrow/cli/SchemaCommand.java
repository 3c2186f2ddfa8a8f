package dev.parrow.cli;

import dev.parrow.arrow.ParquetFile;
import dev.parrow.codec.metadata.FileMetaData;
import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;
import dev.parrow.codec.schema.ColumnDescriptor;
import dev.parrow.codec.schema.GroupNode;
import dev.parrow.codec.schema.PrimitiveNode;
import dev.parrow.codec.schema.SchemaNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code parrow schema FILE}: the schema tree, then one line per leaf column. */
@Command(
    name = "schema",
    mixinStandardHelpOptions = true,
    description =
        "Print the Parquet schema: the tree with physical and logical types and repetition, "
            + "then each leaf column with its levels.")
final class SchemaCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = Inputs.PARQUET_LOCATION)
  String file;

  @picocli.CommandLine.Mixin KeySettings keys;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    if (Inputs.isDataset(file)) {
      DatasetText.schema(out, file, dev.parrow.arrow.ParquetDataset.open(file));
      return 0;
    }
    try (ParquetFile f = Inputs.parquet(file, keys.decryption())) {
      FileMetaData meta = f.footer().metaData();
      out.printf(
          "%s: %s, %s, %s%n",
          f.input().name(),
          Sizes.plural(meta.numRows(), "row"),
          Sizes.plural(meta.rowGroups().size(), "row group"),
          Sizes.plural(f.footer().schema().columnCount(), "leaf column"));
      printEncryption(out, f.footer());
      out.println();
      printTree(out, f.footer().schema().root());
      out.println();
      Table table = new Table(">#", "column", "physical", "logical", "converted", ">def", ">rep");
      for (ColumnDescriptor c : f.footer().schema().columns()) {
        table.row(
            c.index(),
            c.dottedPath(),
            physical(c.element()),
            c.logicalType() == null ? null : c.logicalType().describe(),
            convertedType(c.element()),
            c.maxDefinitionLevel(),
            c.maxRepetitionLevel());
      }
      table.print(out, "");
    }
    return 0;
  }

  /**
   * An encrypted file's algorithm, its footer's mode, each encrypted column with the metadata of
   * its key, and those this read has no key for (never a key itself).
   */
  static void printEncryption(PrintWriter out, dev.parrow.codec.footer.Footer footer) {
    if (footer.crypto() == null) {
      return;
    }
    out.println(
        "encryption: "
            + footer.crypto().algorithm().describe()
            + (footer.metaData().encryptionAlgorithm() == null
                ? ", encrypted footer"
                : ", plaintext footer (signed)"));
    for (EncryptedColumn c : encryptedColumns(footer)) {
      String key =
          c.ownKey()
              ? "column key"
                  + (c.keyMetadata() == null ? "" : " (key metadata " + c.keyMetadata() + ")")
              : "footer key";
      out.println(
          "  " + c.path() + ": " + key + (c.readable() ? "" : "; unreadable: no key given for it"));
    }
  }

  /**
   * An encrypted column, as its chunk in the first row group says.
   *
   * @param path its dotted path
   * @param ownKey whether it has a key of its own (else the footer's)
   * @param keyMetadata its key's metadata as text ({@link #keyMetadata}), or null
   * @param readable whether this read has its key
   */
  record EncryptedColumn(String path, boolean ownKey, String keyMetadata, boolean readable) {}

  /** The encrypted columns of a file (none without row groups to tell), in schema order. */
  static List<EncryptedColumn> encryptedColumns(dev.parrow.codec.footer.Footer footer) {
    List<EncryptedColumn> out = new java.util.ArrayList<>();
    if (footer.metaData().rowGroups().isEmpty()) {
      return out;
    }
    var group = footer.metaData().rowGroups().get(0);
    for (ColumnDescriptor c : footer.schema().columns()) {
      var chunk = group.columns().get(c.index());
      var how = chunk.cryptoMetadata();
      if (how == null) {
        continue;
      }
      var own =
          how instanceof dev.parrow.codec.metadata.ColumnCryptoMetaData.WithColumnKey k ? k : null;
      out.add(
          new EncryptedColumn(
              c.dottedPath(),
              own != null,
              own == null || own.keyMetadata() == null
                  ? null
                  : keyMetadata(own.keyMetadata().toByteArray()),
              chunk.metaData() != null));
    }
    return out;
  }

  /** Key metadata as text when it is printable (a key id), else as hex. */
  private static String keyMetadata(byte[] bytes) {
    for (byte b : bytes) {
      if (b < 0x20 || b > 0x7e) {
        return "0x" + java.util.HexFormat.of().formatHex(bytes);
      }
    }
    return "'" + new String(bytes, java.nio.charset.StandardCharsets.US_ASCII) + "'";
  }

  static void printTree(PrintWriter out, GroupNode root) {
    out.println("message " + root.name() + annotation(root.element()) + " {");
    for (SchemaNode child : root.children()) {
      printNode(out, child, "  ");
    }
    out.println("}");
  }

  private static void printNode(PrintWriter out, SchemaNode node, String indent) {
    SchemaElement e = node.element();
    String head =
        indent
            + repetition(e)
            + " "
            + (node instanceof PrimitiveNode ? physical(e).toLowerCase(Locale.ROOT) : "group")
            + " "
            + e.name()
            + annotation(e)
            + (e.fieldId() == null ? "" : " = " + e.fieldId());
    if (node instanceof GroupNode g) {
      out.println(head + " {");
      for (SchemaNode child : g.children()) {
        printNode(out, child, indent + "  ");
      }
      out.println(indent + "}");
    } else {
      out.println(head + ";");
    }
  }

  private static String repetition(SchemaElement e) {
    if (e.repetition() == Repetition.VECTOR) {
      return "vector(" + e.vectorLength() + ")";
    }
    return e.repetition().name().toLowerCase(Locale.ROOT);
  }

  static String physical(SchemaElement e) {
    if (e.type() == null) {
      return "group";
    }
    return switch (e.type()) {
      case FIXED_LEN_BYTE_ARRAY -> "FIXED_LEN_BYTE_ARRAY(" + e.typeLength() + ")";
      case BYTE_ARRAY -> "BINARY";
      default -> e.type().name();
    };
  }

  /** The converted type, with precision and scale for DECIMAL. */
  static String convertedType(SchemaElement e) {
    if (e.convertedType() == null) {
      return null;
    }
    return switch (e.convertedType()) {
      case DECIMAL -> "DECIMAL(" + e.precision() + "," + e.scale() + ")";
      default -> e.convertedType().name();
    };
  }

  /** " (LOGICAL)" preferring the logical type, else " (CONVERTED)", else nothing. */
  private static String annotation(SchemaElement e) {
    if (e.logicalType() != null) {
      return " (" + e.logicalType().describe() + ")";
    }
    String converted = convertedType(e);
    return converted == null ? "" : " (" + converted + ")";
  }
}
