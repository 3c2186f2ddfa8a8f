package dev.parrow.arrow.internal.read;

import dev.parrow.types.FieldNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/**
 * One node of the tree that assembles a nested field, mirroring its Arrow type (leaf, struct, list,
 * map). A batch is read in two phases: first every {@link LeafReader} reads whole records of its
 * column (levels and values; the leaves are independent and may run in parallel), then {@link
 * #build} goes down the tree, each node turning the levels of one leaf below it into its own
 * validity (and offsets), never touching the buffers of its children.
 */
public sealed interface FieldReader permits LeafReader, StructReader, ListReader, VariantReader {

  /**
   * The leaf whose levels give this node's slots (any leaf below it would do; the first is taken).
   */
  LeafReader source();

  /** Fills {@code vector} from the leaves' batch; returns its slot count. */
  int build(FieldVector vector, BufferAllocator allocator);

  /**
   * Records in {@code out} the vector of every leaf below, within {@code vector} (this node's), and
   * the vectors above it: {@code above} (those above this node, from its top-level field down),
   * this node's, and those between.
   */
  void leafVectors(FieldVector vector, List<FieldVector> above, LeafVectors out);

  /** Frees what the node holds of its own (a variant's stored vector); the leaves hold nothing. */
  default void close() {}

  /**
   * The reader tree of {@code node}; its leaves are the readers in {@code leaves}, by column index.
   */
  static FieldReader of(FieldNode node, Map<Integer, LeafReader> leaves) {
    return switch (node.kind()) {
      case LEAF -> leaves.get(node.column());
      case STRUCT -> {
        List<FieldReader> children = new ArrayList<>();
        for (FieldNode child : node.children()) {
          children.add(of(child, leaves));
        }
        yield new StructReader(node.levels(), children);
      }
      case VARIANT -> {
        FieldNode stored = node.children().get(0);
        // The stored group's first leaf is one of its own fields (metadata, value): its parent's
        // path is the variant's.
        List<String> leafPath = leaves.get(stored.firstColumn()).leaf().column().path();
        String path = String.join(".", leafPath.subList(0, leafPath.size() - 1));
        yield new VariantReader(stored.field(), of(stored, leaves), path);
      }
      case LIST, MAP ->
          new ListReader(
              node.levels(), node.field().isNullable(), of(node.children().get(0), leaves));
    };
  }
}
