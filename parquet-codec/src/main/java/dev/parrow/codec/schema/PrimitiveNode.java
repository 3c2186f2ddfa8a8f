package dev.parrow.codec.schema;

import dev.parrow.codec.metadata.SchemaElement;

/** A leaf: one column of values. {@code column} is its index among the leaves, in schema order. */
public record PrimitiveNode(SchemaElement element, int column) implements SchemaNode {}
