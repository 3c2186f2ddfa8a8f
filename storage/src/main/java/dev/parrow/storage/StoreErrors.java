package dev.parrow.storage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a store's refusal means and what the user can do about it: one message per kind of failure
 * (a missing bucket or container, a denied request, an expired credential, throttling), from the
 * HTTP status and the error code S3 and Azure put in the body ({@code <Code>NoSuchBucket</Code>}).
 */
final class StoreErrors {
  private StoreErrors() {}

  private static final Pattern CODE = Pattern.compile("<Code>([^<]*)</Code>");
  private static final Pattern MESSAGE = Pattern.compile("<Message>([^<]*)</Message>");

  /** The store's error code in an answer's body, or "" when it has none. */
  static String code(byte[] body) {
    Matcher m = CODE.matcher(text(body));
    return m.find() ? m.group(1).strip() : "";
  }

  /**
   * The exception for a status that is not retried.
   *
   * @param name the URI the caller gave
   * @param what the request ({@code bytes=0-99}, {@code listing}, {@code part 3})
   */
  static RemoteFileException of(String name, int status, byte[] body, String what) {
    return of(name, status, body, what, "");
  }

  /**
   * The exception for a status that is not retried.
   *
   * @param headerCode the error code of a header (Azure's {@code x-ms-error-code}, the only one a
   *     HEAD's answer has), or ""
   */
  static RemoteFileException of(
      String name, int status, byte[] body, String what, String headerCode) {
    String code = code(body).isEmpty() ? headerCode : code(body);
    String meaning = meaning(status, code);
    String detail = code.isEmpty() ? "" : " (" + code + ")";
    return new RemoteFileException(
        name + ": " + meaning + "; HTTP " + status + detail + " for " + what, status);
  }

  private static String meaning(int status, String code) {
    switch (code) {
      case "NoSuchBucket":
        return "the bucket does not exist: check its name, and the endpoint and region";
      case "ContainerNotFound":
        return "the container does not exist: check its name and the storage account";
      case "NoSuchKey":
      case "BlobNotFound":
        return "not found";
      case "NoSuchUpload":
        return "the multipart upload is gone (aborted, or completed by another request)";
      case "InvalidAccessKeyId":
        return "the store does not know this access key: check AWS_ACCESS_KEY_ID, the profile or"
            + " the role the credentials come from";
      case "SignatureDoesNotMatch":
        return "the signature does not match: check the secret key and the region";
      case "ExpiredToken":
      case "TokenRefreshRequired":
        return "the credentials have expired: renew them (aws sso login, a new session token) or"
            + " let them come from a source that refreshes them (a role, the instance profile)";
      case "AuthorizationHeaderMalformed":
      case "PermanentRedirect":
        return "the bucket is in another region: set AWS_REGION (or the S3 settings' region) to it";
      case "AuthenticationFailed":
      case "InvalidAuthenticationInfo":
        return "the store did not accept the credentials: check the account key, SAS token or"
            + " token (an expired SAS or token is refused so)";
      case "AuthorizationFailure":
      case "AuthorizationPermissionMismatch":
      case "AuthorizationResourceTypeMismatch":
      case "AuthorizationPermissionMisMatch":
        return "access denied: the credentials are wrong or lack permission for this request"
            + " (check the account key; a SAS needs read, list or write rights; a role needs"
            + " Storage Blob Data access)";
      case "AccessDenied":
        return "access denied: the credentials lack permission for this request; check the"
            + " bucket's and the role's policies";
      default:
        break;
    }
    return switch (status) {
      case 400 -> "the store refused the request";
      case 401 -> "the store did not accept the credentials";
      case 403 -> "access denied: check the credentials and their permissions";
      case 404 -> "not found";
      case 409 -> "the store refused the request as conflicting with another";
      case 412 -> "the object changed meanwhile (a condition failed)";
      case 416 -> "range not satisfiable";
      default -> "unexpected answer";
    };
  }

  /** What a transient answer was, for the message when the retries run out. */
  static String transientReason(int status, byte[] body) {
    String code = code(body);
    return "HTTP " + status + (code.isEmpty() ? "" : " (" + code + ")");
  }

  /**
   * The exception when every attempt failed transiently: throttling says so, and what to do.
   *
   * @param lastStatus the last status that was retried, 0 when the last failure was no answer
   */
  static IOException gaveUp(
      String name, String what, int attempts, IOException last, int lastStatus) {
    String reason = last.getMessage() == null ? last.getClass().getSimpleName() : last.getMessage();
    if (lastStatus == 429 || lastStatus == 503) {
      return new IOException(
          name
              + ": the store throttled "
              + what
              + " ("
              + reason
              + ") on all "
              + attempts
              + " attempts: send fewer requests at once (fewer files or threads), or allow more"
              + " attempts (RemoteOptions.maxAttempts)",
          last);
    }
    return new IOException(
        name + ": " + what + " failed after " + attempts + " attempts: " + reason, last);
  }

  /** The store's own message in an error body, or "" (for messages that need it). */
  static String message(byte[] body) {
    Matcher m = MESSAGE.matcher(text(body));
    return m.find() ? m.group(1).strip() : "";
  }

  private static String text(byte[] body) {
    return new String(body, 0, Math.min(body.length, 4096), StandardCharsets.UTF_8);
  }
}
