package dev.parrow.codec.schema;

import dev.parrow.codec.metadata.SchemaElement;

/**
 * A leaf: one column of values. {@code column} is its index among the leaves, in schema order.
 *
 * @param element the leaf's schema element
 * @param column its index among the leaves
 */
public record PrimitiveNode(SchemaElement element, int column) implements SchemaNode {}
