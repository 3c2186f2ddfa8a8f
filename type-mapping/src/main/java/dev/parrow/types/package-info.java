/**
 * Parquet schema to Arrow schema and back, level information per field, and the ARROW:schema blob.
 * Built by the flat-reader and ARROW:schema issues; empty until then.
 */
package dev.parrow.types;
