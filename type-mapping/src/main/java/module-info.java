/**
 * Parquet and Arrow schemas mapped both ways, the ARROW:schema blob, and the rules of
 * TYPE-MAPPING.md.
 */
module dev.parrow.types {
  requires transitive dev.parrow.codec;
  requires transitive org.apache.arrow.vector;

  exports dev.parrow.types;
}
