package dev.parrow.storage;

import java.io.Serializable;
import java.util.List;

/**
 * A file staged in an object store and not yet published: an S3 multipart upload whose parts are
 * all sent, or Azure blocks not yet committed. What {@link Store#publish} needs to make it the
 * file, and {@link Store#discard} to throw it away, possibly in another process: a distributed
 * job's tasks stage their files and its driver publishes those of the tasks that succeeded.
 *
 * @param location the file's URI
 * @param uploadId S3's multipart upload id, or null (Azure)
 * @param parts the parts in order: S3's ETags, Azure's block ids
 * @serial exclude (a handle between Parrow's own processes of one version, not a stored form)
 */
public record PendingFile(String location, String uploadId, List<String> parts)
    implements Serializable {
  /** The serialized form's version. */
  private static final long serialVersionUID = 1L;

  /**
   * Checks the pending file.
   *
   * @param location the file's URI
   * @param uploadId the upload id, or null
   * @param parts the parts in order
   */
  public PendingFile {
    parts = List.copyOf(parts);
  }
}
