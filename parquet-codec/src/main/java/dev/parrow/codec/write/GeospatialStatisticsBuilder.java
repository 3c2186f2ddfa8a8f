package dev.parrow.codec.write;

import dev.parrow.codec.metadata.BoundingBox;
import dev.parrow.codec.metadata.GeospatialStatistics;
import dev.parrow.codec.values.BinaryValues;
import dev.parrow.codec.values.DenseValues;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.TreeSet;

/**
 * The GeospatialStatistics of a GEOMETRY or GEOGRAPHY chunk, from its WKB values: the geometry type
 * of each top-level geometry (ISO codes, 1000/2000/3000 added for Z, M and ZM), and for GEOMETRY
 * the bounding box of every coordinate, NaN (empty points) left out. A GEOGRAPHY's box depends on
 * its edges, so none is written. A value that is not WKB leaves the chunk without statistics rather
 * than with wrong ones.
 */
final class GeospatialStatisticsBuilder {
  private final boolean boundingBox;
  private final TreeSet<Integer> types = new TreeSet<>();
  private double xmin = Double.POSITIVE_INFINITY;
  private double xmax = Double.NEGATIVE_INFINITY;
  private double ymin = Double.POSITIVE_INFINITY;
  private double ymax = Double.NEGATIVE_INFINITY;
  private double zmin = Double.POSITIVE_INFINITY;
  private double zmax = Double.NEGATIVE_INFINITY;
  private double mmin = Double.POSITIVE_INFINITY;
  private double mmax = Double.NEGATIVE_INFINITY;
  private boolean invalid;

  /** A builder for a GEOMETRY column ({@code boundingBox}) or a GEOGRAPHY one. */
  GeospatialStatisticsBuilder(boolean boundingBox) {
    this.boundingBox = boundingBox;
  }

  /** Takes in values [from, from + n) of {@code values}, WKB byte strings. */
  void add(DenseValues values, int from, int n) {
    if (invalid) {
      return;
    }
    BinaryValues b = (BinaryValues) values;
    for (int i = from; i < from + n; i++) {
      int start = b.offsets()[i];
      int end = b.offsets()[i + 1];
      try {
        int at = geometry(ByteBuffer.wrap(b.bytes(), 0, end), start, true);
        if (at != end) {
          invalid = true;
        }
      } catch (RuntimeException e) {
        // Truncated or not WKB: no statistics are better than wrong ones.
        invalid = true;
      }
      if (invalid) {
        return;
      }
    }
  }

  /** Reads one geometry at {@code at}; returns where it ends. */
  private int geometry(ByteBuffer in, int at, boolean topLevel) {
    in.order(in.get(at) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
    long raw = Integer.toUnsignedLong(in.getInt(at + 1));
    at += 5;
    // ISO codes (1001 = POINT Z), or EWKB flags (Z 0x80000000, M 0x40000000, SRID 0x20000000).
    boolean z = (raw & 0x80000000L) != 0;
    boolean m = (raw & 0x40000000L) != 0;
    if ((raw & 0x20000000L) != 0) {
      at += 4;
    }
    int code = (int) (raw & 0x0FFFFFFFL);
    int kind = code % 1000;
    int dims = code / 1000;
    z |= dims == 1 || dims == 3;
    m |= dims == 2 || dims == 3;
    if (kind < 1 || kind > 7 || dims > 3) {
      throw new IllegalArgumentException("not a WKB geometry type: " + raw);
    }
    if (topLevel) {
      types.add(kind + (z && m ? 3000 : z ? 1000 : m ? 2000 : 0));
    }
    int width = 2 + (z ? 1 : 0) + (m ? 1 : 0);
    switch (kind) {
      case 1 -> at = points(in, at, 1, z, m, width);
      case 2 -> at = points(in, at + 4, count(in, at), z, m, width);
      case 3 -> {
        int rings = count(in, at);
        at += 4;
        for (int r = 0; r < rings; r++) {
          at = points(in, at + 4, count(in, at), z, m, width);
        }
      }
      default -> {
        int parts = count(in, at);
        at += 4;
        for (int p = 0; p < parts; p++) {
          at = geometry(in, at, false);
        }
        // A nested geometry may have switched the order back.
      }
    }
    return at;
  }

  private static int count(ByteBuffer in, int at) {
    int n = in.getInt(at);
    if (n < 0 || (long) n * 16 > in.limit()) {
      throw new IllegalArgumentException("a WKB count of " + n);
    }
    return n;
  }

  private int points(ByteBuffer in, int at, int n, boolean z, boolean m, int width) {
    for (int p = 0; p < n; p++) {
      double x = in.getDouble(at);
      double y = in.getDouble(at + 8);
      if (boundingBox && !Double.isNaN(x) && !Double.isNaN(y)) {
        xmin = Math.min(xmin, x);
        xmax = Math.max(xmax, x);
        ymin = Math.min(ymin, y);
        ymax = Math.max(ymax, y);
        if (z) {
          double zv = in.getDouble(at + 16);
          if (!Double.isNaN(zv)) {
            zmin = Math.min(zmin, zv);
            zmax = Math.max(zmax, zv);
          }
        }
        if (m) {
          double mv = in.getDouble(at + (z ? 24 : 16));
          if (!Double.isNaN(mv)) {
            mmin = Math.min(mmin, mv);
            mmax = Math.max(mmax, mv);
          }
        }
      }
      at += width * 8;
    }
    return at;
  }

  /** The statistics, or null when a value was not WKB or there were none. */
  GeospatialStatistics build() {
    if (invalid || types.isEmpty()) {
      return null;
    }
    BoundingBox box = null;
    if (boundingBox && xmin <= xmax) {
      box =
          new BoundingBox(
              xmin,
              xmax,
              ymin,
              ymax,
              zmin <= zmax ? zmin : null,
              zmin <= zmax ? zmax : null,
              mmin <= mmax ? mmin : null,
              mmin <= mmax ? mmax : null);
    }
    return new GeospatialStatistics(box, java.util.List.copyOf(types));
  }
}
