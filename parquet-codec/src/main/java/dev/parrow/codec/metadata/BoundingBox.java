package dev.parrow.codec.metadata;

/** The bounding box of geospatial values; z and m bounds are null when absent. */
public record BoundingBox(
    double xmin,
    double xmax,
    double ymin,
    double ymax,
    Double zmin,
    Double zmax,
    Double mmin,
    Double mmax) {}
