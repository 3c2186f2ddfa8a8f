package dev.parrow.codec.schema;

import dev.parrow.codec.metadata.Repetition;
import dev.parrow.codec.metadata.SchemaElement;

/** A node of the Parquet schema tree: a group or a primitive leaf. */
public sealed interface SchemaNode permits GroupNode, PrimitiveNode {

  /**
   * The schema element this node was built from.
   *
   * @return the element
   */
  SchemaElement element();

  /** {@return the field's name} */
  default String name() {
    return element().name();
  }

  /**
   * The node's repetition; the root has none and reports REQUIRED.
   *
   * @return the repetition
   */
  default Repetition repetition() {
    Repetition r = element().repetition();
    return r == null ? Repetition.REQUIRED : r;
  }
}
