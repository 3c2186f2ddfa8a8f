package dev.parrow.storage;

/**
 * What a remote file's requests have cost so far, retries included: for measurements and logs.
 * Remote input files ({@link HttpInputFile}, S3 and Azure objects) and the outputs of object stores
 * implement it.
 */
public interface RemoteTraffic {
  /** {@return how many requests were sent} */
  long requests();

  /** {@return how many body bytes were sent} */
  long bytesSent();

  /** {@return how many body bytes were received} */
  long bytesReceived();
}
