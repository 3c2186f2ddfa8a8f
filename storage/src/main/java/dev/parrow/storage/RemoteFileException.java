package dev.parrow.storage;

import java.io.IOException;

/** A remote file answered a request with a status that is not retried, such as 403 or 404. */
public final class RemoteFileException extends IOException {
  private static final long serialVersionUID = 1L;

  /** The HTTP status. */
  private final int status;

  /**
   * Creates the exception.
   *
   * @param message what failed, naming the URI
   * @param status the HTTP status
   */
  public RemoteFileException(String message, int status) {
    super(message);
    this.status = status;
  }

  /** {@return the HTTP status of the answer} */
  public int status() {
    return status;
  }
}
