package dev.parrow.storage;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * S3 credentials where the AWS SDKs look for them, in their order, without an SDK:
 *
 * <ol>
 *   <li>the environment: {@code AWS_ACCESS_KEY_ID}, {@code AWS_SECRET_ACCESS_KEY}, {@code
 *       AWS_SESSION_TOKEN};
 *   <li>a web identity token (EKS's IAM roles for service accounts): {@code
 *       AWS_WEB_IDENTITY_TOKEN_FILE} and {@code AWS_ROLE_ARN}, exchanged with STS's {@code
 *       AssumeRoleWithWebIdentity} (the token file is read again at each refresh, as EKS rotates
 *       it);
 *   <li>the profile ({@link AwsProfile}): its keys, else its {@code credential_process} (run
 *       through the shell; its JSON answer read), else its SSO role ({@code sso_session} or {@code
 *       sso_start_url}, with {@code sso_account_id} and {@code sso_role_name}: the token {@code aws
 *       sso login} cached under {@code ~/.aws/sso/cache} exchanged at the SSO portal), else its
 *       {@code web_identity_token_file} with {@code role_arn};
 *   <li>the container credentials endpoint (ECS, EKS Pod Identity): {@code
 *       AWS_CONTAINER_CREDENTIALS_RELATIVE_URI} or {@code AWS_CONTAINER_CREDENTIALS_FULL_URI}, with
 *       {@code AWS_CONTAINER_AUTHORIZATION_TOKEN(_FILE)};
 *   <li>the EC2 instance metadata service, IMDSv2 (a session token first), unless {@code
 *       AWS_EC2_METADATA_DISABLED} is true; {@code AWS_EC2_METADATA_SERVICE_ENDPOINT} moves it.
 * </ol>
 *
 * The first source that is set up is used from then on, its credentials refreshed five minutes
 * before they expire. A source that is set up but fails (STS refuses the token, the process exits
 * with an error, the SSO session expired) is an error saying so, not a silent fall to the next;
 * with no source at all, requests go unsigned. {@code AWS_ENDPOINT_URL_STS} and {@code
 * AWS_ENDPOINT_URL_SSO} move STS and the SSO portal, as for the SDKs.
 */
final class AwsCredentialChain implements AwsCredentialsProvider {
  /** One place credentials may come from: null when it is not set up here. */
  private interface Source {
    AwsCredentialsProvider resolve() throws IOException;
  }

  private static final Pattern XML_VALUE = Pattern.compile("<(\\w+)>([^<]*)</\\1>");

  private final Map<String, String> env;
  private final AwsProfile profile;
  private final String region;
  private AwsCredentialsProvider chosen;
  private boolean resolved;

  private AwsCredentialChain(Map<String, String> env, AwsProfile profile, String region) {
    this.env = env;
    this.profile = profile;
    this.region = region;
  }

  static AwsCredentialsProvider fromEnvironment() {
    return from(System.getenv(), Path.of(System.getProperty("user.home"), ".aws"));
  }

  static AwsCredentialChain from(Map<String, String> env, Path awsDirectory) {
    return of(env, AwsProfile.of(env, awsDirectory));
  }

  /** The chain of an environment whose profile has been read already. */
  static AwsCredentialChain of(Map<String, String> env, AwsProfile profile) {
    String region =
        first(env.get("AWS_REGION"), env.get("AWS_DEFAULT_REGION"), profile.get("region"));
    return new AwsCredentialChain(env, profile, region == null ? "us-east-1" : region);
  }

  /**
   * The region: {@code AWS_REGION}, {@code AWS_DEFAULT_REGION}, the profile's, else us-east-1 (STS
   * is asked there, and S3 requests are signed for it).
   */
  String region() {
    return region;
  }

  @Override
  public AwsCredentials credentials() throws IOException {
    AwsCredentialsProvider provider;
    synchronized (this) {
      if (!resolved) {
        chosen = choose();
        resolved = true;
      }
      provider = chosen;
    }
    return provider == null ? null : provider.credentials();
  }

  /** Which source is set up, for messages and tests: "environment", "profile default", ... */
  synchronized String source() throws IOException {
    credentials();
    return chosen == null ? "none" : chosen.toString();
  }

  private AwsCredentialsProvider choose() throws IOException {
    List<Source> sources =
        List.of(
            this::environment,
            this::webIdentityFromEnvironment,
            this::profileAssumeRole,
            this::profileKeys,
            this::profileProcess,
            this::profileSso,
            this::profileWebIdentity,
            this::container,
            this::instanceMetadata);
    for (Source s : sources) {
      AwsCredentialsProvider p = s.resolve();
      if (p != null) {
        return p;
      }
    }
    return null;
  }

  private AwsCredentialsProvider environment() {
    String key = env.get("AWS_ACCESS_KEY_ID");
    String secret = env.get("AWS_SECRET_ACCESS_KEY");
    if (empty(key) || empty(secret)) {
      return null;
    }
    return named(
        "environment",
        AwsCredentialsProvider.of(
            new AwsCredentials(key, secret, emptyToNull(env.get("AWS_SESSION_TOKEN")), null)));
  }

  private AwsCredentialsProvider webIdentityFromEnvironment() {
    String file = env.get("AWS_WEB_IDENTITY_TOKEN_FILE");
    String role = env.get("AWS_ROLE_ARN");
    if (empty(file) || empty(role)) {
      return null;
    }
    return webIdentity(
        "web identity (AWS_WEB_IDENTITY_TOKEN_FILE)",
        Path.of(file),
        role,
        env.get("AWS_ROLE_SESSION_NAME"));
  }

  /** The profiles a chain of roles went through, against loops of source_profile. */
  private static final String ROLE_DEPTH = "parrow.role.depth";

  private AwsCredentialsProvider profileAssumeRole() throws IOException {
    String role = profile.get("role_arn");
    String source = profile.get("source_profile");
    if (role == null || source == null) {
      return null;
    }
    String name = "role " + role + " of profile " + profile.name();
    if (profile.get("mfa_serial") != null) {
      throw new IOException(
          name + " asks for an MFA code (mfa_serial), which Parrow cannot prompt for");
    }
    int depth = Integer.parseInt(env.getOrDefault(ROLE_DEPTH, "0"));
    if (depth >= 5) {
      throw new IOException(name + ": source_profile goes round in a loop (five roles deep)");
    }
    AwsCredentialsProvider sourceCredentials;
    if (source.equals(profile.name())) {
      sourceCredentials = profileKeys(); // a profile may name itself: its own keys
    } else {
      // The source profile alone: not the environment's keys, tokens or endpoints.
      Map<String, String> sourceEnv = new java.util.HashMap<>();
      for (String keep :
          List.of(
              "AWS_CONFIG_FILE",
              "AWS_SHARED_CREDENTIALS_FILE",
              "AWS_ENDPOINT_URL_STS",
              "AWS_ENDPOINT_URL_SSO",
              "AWS_REGION",
              "AWS_DEFAULT_REGION")) {
        if (env.get(keep) != null) {
          sourceEnv.put(keep, env.get(keep));
        }
      }
      sourceEnv.put("AWS_PROFILE", source);
      sourceEnv.put("AWS_EC2_METADATA_DISABLED", "true");
      sourceEnv.put(ROLE_DEPTH, Integer.toString(depth + 1));
      sourceCredentials = from(sourceEnv, profile.awsDirectory());
    }
    if (sourceCredentials == null) {
      throw new IOException(name + ": the source profile " + source + " has no credentials");
    }
    String session =
        first(profile.get("role_session_name"), "parrow-" + System.currentTimeMillis());
    String external = profile.get("external_id");
    String duration = profile.get("duration_seconds");
    URI sts = stsEndpoint();
    AwsCredentialsProvider from = sourceCredentials;
    return refreshing(
        name,
        () -> {
          AwsCredentials signing = from.credentials();
          if (signing == null) {
            throw new IOException(name + ": the source profile " + source + " has no credentials");
          }
          byte[] body =
              ("Action=AssumeRole&Version=2011-06-15&RoleArn="
                      + form(role)
                      + "&RoleSessionName="
                      + form(session)
                      + (external == null ? "" : "&ExternalId=" + form(external))
                      + (duration == null ? "" : "&DurationSeconds=" + form(duration)))
                  .getBytes(StandardCharsets.UTF_8);
          RemoteRequests.Signer signer =
              (method, uri, headers, payload) ->
                  SigV4.sign(
                      method,
                      uri,
                      headers,
                      Instant.now(),
                      signing,
                      region,
                      "sts",
                      SigV4.payloadHash(payload));
          Map<String, String> xml =
              xmlValues(
                  request(
                      "STS " + sts,
                      signer,
                      "POST",
                      sts,
                      Map.of("Content-Type", "application/x-www-form-urlencoded"),
                      body,
                      "AssumeRole for " + role));
          return credentials(
              name,
              xml.get("AccessKeyId"),
              xml.get("SecretAccessKey"),
              xml.get("SessionToken"),
              xml.get("Expiration"));
        });
  }

  /** STS: {@code AWS_ENDPOINT_URL_STS}, {@code AWS_ENDPOINT_URL}, else the region's endpoint. */
  private URI stsEndpoint() {
    return URI.create(
        first(
                    env.get("AWS_ENDPOINT_URL_STS"),
                    env.get("AWS_ENDPOINT_URL"),
                    "https://sts." + region + ".amazonaws.com")
                .replaceAll("/+$", "")
            + "/");
  }

  private AwsCredentialsProvider profileKeys() {
    String key = profile.get("aws_access_key_id");
    String secret = profile.get("aws_secret_access_key");
    if (key == null || secret == null) {
      return null;
    }
    return named(
        "profile " + profile.name(),
        AwsCredentialsProvider.of(
            new AwsCredentials(key, secret, profile.get("aws_session_token"), null)));
  }

  private AwsCredentialsProvider profileProcess() {
    String command = profile.get("credential_process");
    if (command == null) {
      return null;
    }
    return refreshing("credential_process of profile " + profile.name(), () -> runProcess(command));
  }

  private AwsCredentialsProvider profileSso() throws IOException {
    String session = profile.get("sso_session");
    String startUrl =
        session == null
            ? profile.get("sso_start_url")
            : profile.ssoSession(session, "sso_start_url");
    String ssoRegion =
        session == null ? profile.get("sso_region") : profile.ssoSession(session, "sso_region");
    String account = profile.get("sso_account_id");
    String role = profile.get("sso_role_name");
    if (startUrl == null && session == null) {
      return null;
    }
    if (ssoRegion == null || account == null || role == null) {
      throw new IOException(
          "profile "
              + profile.name()
              + " is set up for SSO but lacks sso_region, sso_account_id or sso_role_name");
    }
    Path cache =
        profile
            .awsDirectory()
            .resolve("sso")
            .resolve("cache")
            .resolve(sha1(session != null ? session : startUrl) + ".json");
    URI portal =
        URI.create(
            first(
                        env.get("AWS_ENDPOINT_URL_SSO"),
                        "https://portal.sso." + ssoRegion + ".amazonaws.com")
                    .replaceAll("/+$", "")
                + "/federation/credentials?account_id="
                + form(account)
                + "&role_name="
                + form(role));
    return refreshing("SSO of profile " + profile.name(), () -> ssoCredentials(cache, portal));
  }

  private AwsCredentialsProvider profileWebIdentity() {
    String file = profile.get("web_identity_token_file");
    String role = profile.get("role_arn");
    if (file == null || role == null) {
      return null;
    }
    return webIdentity(
        "web identity of profile " + profile.name(),
        Path.of(file),
        role,
        profile.get("role_session_name"));
  }

  private AwsCredentialsProvider container() throws IOException {
    String relative = env.get("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI");
    String full = env.get("AWS_CONTAINER_CREDENTIALS_FULL_URI");
    URI uri;
    if (!empty(relative)) {
      uri = URI.create("http://169.254.170.2" + relative);
    } else if (!empty(full)) {
      uri = URI.create(full);
      if (!containerHostAllowed(uri)) {
        throw new IOException(
            "AWS_CONTAINER_CREDENTIALS_FULL_URI "
                + full
                + " is neither https nor a loopback or ECS/EKS address: not asked for credentials");
      }
    } else {
      return null;
    }
    return refreshing("container credentials " + uri, () -> containerCredentials(uri));
  }

  private AwsCredentialsProvider instanceMetadata() throws IOException {
    if ("true".equalsIgnoreCase(env.get("AWS_EC2_METADATA_DISABLED"))) {
      return null;
    }
    URI base =
        URI.create(
            first(env.get("AWS_EC2_METADATA_SERVICE_ENDPOINT"), "http://169.254.169.254")
                .replaceAll("/+$", ""));
    // Asked once here: off EC2 nothing answers, and the chain ends with no credentials.
    AwsCredentials first = imdsCredentials(base, true);
    if (first == null) {
      return null;
    }
    Refreshing<AwsCredentials> cache =
        new Refreshing<>(() -> imdsCredentials(base, false), AwsCredentials::expiration);
    boolean[] seeded = {false};
    return named(
        "instance metadata " + base,
        () -> {
          synchronized (seeded) {
            if (!seeded[0]) {
              seeded[0] = true;
              if (first.expiration() == null
                  || first.expiration().isAfter(Instant.now().plus(Refreshing.AHEAD))) {
                return first;
              }
            }
          }
          return cache.get();
        });
  }

  // ---- the requests and answers of each source

  private AwsCredentialsProvider webIdentity(
      String name, Path tokenFile, String role, String sessionName) {
    String session = empty(sessionName) ? "parrow-" + System.currentTimeMillis() : sessionName;
    URI sts = stsEndpoint();
    return refreshing(
        name,
        () -> {
          String token;
          try {
            token = Files.readString(tokenFile).strip();
          } catch (IOException e) {
            throw new IOException(
                name + ": cannot read the web identity token " + tokenFile + ": " + e, e);
          }
          byte[] body =
              ("Action=AssumeRoleWithWebIdentity&Version=2011-06-15&RoleArn="
                      + form(role)
                      + "&RoleSessionName="
                      + form(session)
                      + "&WebIdentityToken="
                      + form(token))
                  .getBytes(StandardCharsets.UTF_8);
          String answer =
              request(
                  "STS " + sts,
                  "POST",
                  sts,
                  Map.of("Content-Type", "application/x-www-form-urlencoded"),
                  body,
                  "AssumeRoleWithWebIdentity for " + role);
          Map<String, String> xml = xmlValues(answer);
          return credentials(
              name,
              xml.get("AccessKeyId"),
              xml.get("SecretAccessKey"),
              xml.get("SessionToken"),
              xml.get("Expiration"));
        });
  }

  private AwsCredentials runProcess(String command) throws IOException {
    String name = "credential_process of profile " + profile.name();
    boolean windows = System.getProperty("os.name", "").toLowerCase().startsWith("windows");
    ProcessBuilder pb =
        windows
            ? new ProcessBuilder("cmd.exe", "/C", command)
            : new ProcessBuilder("sh", "-c", command);
    pb.redirectInput(ProcessBuilder.Redirect.INHERIT);
    Process p = pb.start();
    byte[] out;
    byte[] err;
    try (InputStream o = p.getInputStream();
        InputStream e = p.getErrorStream()) {
      out = o.readNBytes(1 << 20);
      err = e.readNBytes(1 << 16);
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(name + " did not finish within 60 s: " + command);
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException(name + " was interrupted");
    }
    if (p.exitValue() != 0) {
      throw new IOException(
          name
              + " failed (exit "
              + p.exitValue()
              + "): "
              + command
              + ": "
              + new String(err, StandardCharsets.UTF_8).strip());
    }
    Map<String, Object> json =
        Json.object(new String(out, StandardCharsets.UTF_8), name + "'s output");
    if (!"1".equals(Json.string(json, "Version"))) {
      throw new IOException(name + " answered Version " + json.get("Version") + ", not 1");
    }
    return credentials(
        name,
        Json.string(json, "AccessKeyId"),
        Json.string(json, "SecretAccessKey"),
        Json.string(json, "SessionToken"),
        Json.string(json, "Expiration"));
  }

  private AwsCredentials ssoCredentials(Path cache, URI portal) throws IOException {
    String name = "SSO of profile " + profile.name();
    String login = "run 'aws sso login --profile " + profile.name() + "'";
    if (!Files.isRegularFile(cache)) {
      throw new IOException(name + ": no cached SSO token (" + cache + "): " + login);
    }
    Map<String, Object> token = Json.object(Files.readString(cache), cache.toString());
    String access = Json.string(token, "accessToken");
    String expires = Json.string(token, "expiresAt");
    if (access == null || (expires != null && !instant(expires).isAfter(Instant.now()))) {
      throw new IOException(name + ": the cached SSO token has expired: " + login);
    }
    String answer =
        request(
            "the SSO portal",
            "GET",
            portal,
            Map.of("x-amz-sso_bearer_token", access),
            RemoteRequests.NO_BODY,
            "role credentials");
    Object role = Json.object(answer, "the SSO portal's answer").get("roleCredentials");
    if (!(role instanceof Map<?, ?> r)) {
      throw new IOException(name + ": the SSO portal's answer holds no roleCredentials");
    }
    Object expiration = r.get("expiration");
    return credentials(
        name,
        (String) r.get("accessKeyId"),
        (String) r.get("secretAccessKey"),
        (String) r.get("sessionToken"),
        expiration == null
            ? null
            : Instant.ofEpochMilli(Long.parseLong((String) expiration)).toString());
  }

  private AwsCredentials containerCredentials(URI uri) throws IOException {
    Map<String, String> headers = new LinkedHashMap<>();
    String tokenFile = env.get("AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE");
    String token =
        !empty(tokenFile)
            ? Files.readString(Path.of(tokenFile)).strip()
            : env.get("AWS_CONTAINER_AUTHORIZATION_TOKEN");
    if (!empty(token)) {
      headers.put("Authorization", token);
    }
    String answer =
        request(
            "the container credentials endpoint",
            "GET",
            uri,
            headers,
            RemoteRequests.NO_BODY,
            "credentials");
    Map<String, Object> json = Json.object(answer, "the container credentials endpoint's answer");
    return credentials(
        "container credentials " + uri,
        Json.string(json, "AccessKeyId"),
        Json.string(json, "SecretAccessKey"),
        Json.string(json, "Token"),
        Json.string(json, "Expiration"));
  }

  /**
   * Credentials from IMDSv2: a session token (PUT), the role's name, its credentials.
   *
   * @param probe whether this is the chain's first look, when no answer means "not on EC2"
   */
  private AwsCredentials imdsCredentials(URI base, boolean probe) throws IOException {
    RemoteOptions quick =
        RemoteOptions.builder()
            .maxAttempts(probe ? 1 : 3)
            .connectTimeout(Duration.ofSeconds(1))
            .requestTimeout(Duration.ofSeconds(2))
            .firstBackoff(Duration.ofMillis(100))
            .build();
    RemoteRequests imds =
        new RemoteRequests(
            "the instance metadata service " + base, quick, RemoteRequests.Signer.NONE);
    String token;
    try {
      token =
          text(
              imds,
              new RemoteRequests.Request(
                  "PUT",
                  URI.create(base + "/latest/api/token"),
                  Map.of("X-aws-ec2-metadata-token-ttl-seconds", "21600"),
                  RemoteRequests.NO_BODY,
                  "session token",
                  1 << 16));
    } catch (RemoteFileException e) {
      throw e;
    } catch (IOException e) {
      if (probe) {
        return null; // nothing answers: not on EC2
      }
      throw e;
    }
    Map<String, String> auth = Map.of("X-aws-ec2-metadata-token", token);
    String roles;
    try {
      roles =
          text(
              imds,
              new RemoteRequests.Request(
                  "GET",
                  URI.create(base + "/latest/meta-data/iam/security-credentials/"),
                  auth,
                  RemoteRequests.NO_BODY,
                  "role name",
                  1 << 16));
    } catch (RemoteFileException e) {
      if (probe && e.status() == 404) {
        return null; // an instance without a role
      }
      throw e;
    }
    String role = roles.strip().split("\\s+")[0];
    String answer =
        text(
            imds,
            new RemoteRequests.Request(
                "GET",
                URI.create(base + "/latest/meta-data/iam/security-credentials/" + role),
                auth,
                RemoteRequests.NO_BODY,
                "credentials of role " + role,
                1 << 16));
    Map<String, Object> json = Json.object(answer, "the instance metadata service's answer");
    String code = Json.string(json, "Code");
    if (code != null && !code.equals("Success")) {
      throw new IOException(
          "the instance metadata service answered Code " + code + " for role " + role);
    }
    return credentials(
        "instance metadata",
        Json.string(json, "AccessKeyId"),
        Json.string(json, "SecretAccessKey"),
        Json.string(json, "Token"),
        Json.string(json, "Expiration"));
  }

  // ---- helpers

  private static String request(
      String name, String method, URI uri, Map<String, String> headers, byte[] body, String what)
      throws IOException {
    return request(name, RemoteRequests.Signer.NONE, method, uri, headers, body, what);
  }

  private static String request(
      String name,
      RemoteRequests.Signer signer,
      String method,
      URI uri,
      Map<String, String> headers,
      byte[] body,
      String what)
      throws IOException {
    RemoteOptions options =
        RemoteOptions.builder()
            .maxAttempts(3)
            .connectTimeout(Duration.ofSeconds(5))
            .requestTimeout(Duration.ofSeconds(30))
            .build();
    return text(
        new RemoteRequests(name, options, signer),
        new RemoteRequests.Request(method, uri, headers, body, what, 1 << 20));
  }

  private static String text(RemoteRequests requests, RemoteRequests.Request request)
      throws IOException {
    return requests.send(
        request,
        response -> {
          if (response.statusCode() / 100 != 2) {
            RemoteFileException e =
                requests.statusError(response.statusCode(), response.body(), request.what());
            String message = StoreErrors.message(response.body());
            throw message.isEmpty()
                ? e
                : new RemoteFileException(e.getMessage() + ": " + message, e.status());
          }
          return new String(response.body(), StandardCharsets.UTF_8);
        });
  }

  private static AwsCredentials credentials(
      String name, String key, String secret, String token, String expiration) throws IOException {
    if (empty(key) || empty(secret)) {
      throw new IOException(name + " answered without an access key and secret key");
    }
    return new AwsCredentials(
        key, secret, emptyToNull(token), expiration == null ? null : instant(expiration));
  }

  private static Instant instant(String text) throws IOException {
    try {
      return OffsetDateTime.parse(text.replace("UTC", "Z")).toInstant();
    } catch (RuntimeException e) {
      throw new IOException("not a time: " + text);
    }
  }

  /** Each simple element's text in an XML answer (STS's), by element name. */
  private static Map<String, String> xmlValues(String xml) {
    Map<String, String> out = new LinkedHashMap<>();
    Matcher m = XML_VALUE.matcher(xml);
    while (m.find()) {
      out.putIfAbsent(m.group(1), m.group(2));
    }
    return out;
  }

  private static boolean containerHostAllowed(URI uri) {
    if ("https".equalsIgnoreCase(uri.getScheme())) {
      return true;
    }
    String host = uri.getHost() == null ? "" : uri.getHost();
    List<String> allowed =
        new ArrayList<>(List.of("169.254.170.2", "169.254.170.23", "[fd00:ec2::23]", "localhost"));
    return allowed.contains(host) || host.startsWith("127.") || host.equals("[::1]");
  }

  private AwsCredentialsProvider refreshing(String name, Refreshing.Source<AwsCredentials> source) {
    Refreshing<AwsCredentials> cache = new Refreshing<>(source, AwsCredentials::expiration);
    return named(name, cache::get);
  }

  private static AwsCredentialsProvider named(String name, AwsCredentialsProvider provider) {
    return new AwsCredentialsProvider() {
      @Override
      public AwsCredentials credentials() throws IOException {
        return provider.credentials();
      }

      @Override
      public String toString() {
        return name;
      }
    };
  }

  private static String sha1(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is missing from this JDK", e);
    }
  }

  private static String form(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  private static boolean empty(String s) {
    return s == null || s.isEmpty();
  }

  private static String emptyToNull(String s) {
    return empty(s) ? null : s;
  }

  static String first(String... values) {
    for (String v : values) {
      if (!empty(v)) {
        return v;
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return "the AWS credential chain";
  }
}
