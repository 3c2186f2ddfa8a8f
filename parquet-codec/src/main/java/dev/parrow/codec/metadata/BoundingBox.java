package dev.parrow.codec.metadata;

/**
 * The bounding box of geospatial values; z and m bounds are null when absent.
 *
 * @param xmin the smallest x
 * @param xmax the largest x
 * @param ymin the smallest y
 * @param ymax the largest y
 * @param zmin the smallest z, or null
 * @param zmax the largest z, or null
 * @param mmin the smallest m, or null
 * @param mmax the largest m, or null
 */
public record BoundingBox(
    double xmin,
    double xmax,
    double ymin,
    double ymax,
    Double zmin,
    Double zmax,
    Double mmin,
    Double mmax) {}
