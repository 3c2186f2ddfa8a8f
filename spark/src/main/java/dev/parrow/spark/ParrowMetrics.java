package dev.parrow.spark;

import dev.parrow.arrow.ReadStats;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * Parrow's {@link ReadStats} as Spark SQL metrics, summed over the tasks (they show in the UI's
 * scan node and in {@code SQLExecutionUIData}): what pruning skipped and what was read.
 */
final class ParrowMetrics {
  private ParrowMetrics() {}

  static CustomMetric[] all() {
    return new CustomMetric[] {
      new RowGroups(),
      new RowGroupsRead(),
      new Pages(),
      new PagesRead(),
      new BytesRead(),
      new RowsScanned()
    };
  }

  static CustomTaskMetric[] values(ReadStats s) {
    return new CustomTaskMetric[] {
      task("parrowRowGroups", s.rowGroups()),
      task("parrowRowGroupsRead", s.rowGroupsRead()),
      task("parrowPages", s.pages()),
      task("parrowPagesRead", s.pagesRead()),
      task("parrowBytesRead", s.bytesRead()),
      task("parrowRowsScanned", s.rowsScanned())
    };
  }

  private static CustomTaskMetric task(String name, long value) {
    return new CustomTaskMetric() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public long value() {
        return value;
      }
    };
  }

  /** Row groups of the files read, before pruning. */
  public static final class RowGroups extends CustomSumMetric {
    @Override
    public String name() {
      return "parrowRowGroups";
    }

    @Override
    public String description() {
      return "parrow row groups";
    }
  }

  /** Row groups read after pruning. */
  public static final class RowGroupsRead extends CustomSumMetric {
    @Override
    public String name() {
      return "parrowRowGroupsRead";
    }

    @Override
    public String description() {
      return "parrow row groups read";
    }
  }

  /** Data pages of the row groups read. */
  public static final class Pages extends CustomSumMetric {
    @Override
    public String name() {
      return "parrowPages";
    }

    @Override
    public String description() {
      return "parrow pages";
    }
  }

  /** Data pages read. */
  public static final class PagesRead extends CustomSumMetric {
    @Override
    public String name() {
      return "parrowPagesRead";
    }

    @Override
    public String description() {
      return "parrow pages read";
    }
  }

  /** Stored bytes of the pages read. */
  public static final class BytesRead extends CustomSumMetric {
    @Override
    public String name() {
      return "parrowBytesRead";
    }

    @Override
    public String description() {
      return "parrow bytes read";
    }
  }

  /** Rows the filter was evaluated on. */
  public static final class RowsScanned extends CustomSumMetric {
    @Override
    public String name() {
      return "parrowRowsScanned";
    }

    @Override
    public String description() {
      return "parrow rows scanned";
    }
  }
}
