package dev.parrow.codec.metadata;

/** Header of an index page: empty in the format ("TODO" there), never written by known writers. */
public record IndexPageHeader() {}
