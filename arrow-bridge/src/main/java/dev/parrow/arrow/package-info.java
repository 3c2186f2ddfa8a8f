/**
 * The public API that reads Parquet into Arrow vectors and writes them back. Built by the flat-reader
 * issue and those after it; empty until then.
 */
package dev.parrow.arrow;
