package dev.parrow.storage;

/**
 * Byte ranges an {@link InputFile} fetches ahead of the reads that need them; closing it lets the
 * file drop them. Closing twice does nothing.
 */
public interface Prefetch extends AutoCloseable {
  /** A prefetch that holds nothing, for files that read cheaply where they are. */
  Prefetch NONE = () -> {};

  /** Drops the ranges; reads of them afterwards go to the file again. */
  @Override
  void close();
}
