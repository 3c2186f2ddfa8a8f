package dev.parrow.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Credentials as the platforms give them, each source against a small server on 127.0.0.1 that
 * speaks its endpoint's protocol as AWS's and Azure's documentation describes it: STS's
 * AssumeRoleWithWebIdentity, the SSO portal, the ECS container endpoint, IMDSv2, Azure's instance
 * metadata service and Microsoft Entra ID's token endpoint.
 */
class CredentialsTest {
  @TempDir Path dir;
  HttpServer server;
  final ConcurrentLinkedQueue<String> requests = new ConcurrentLinkedQueue<>();
  final AtomicInteger issued = new AtomicInteger();

  /** How long each credential handed out lives. */
  volatile long lifetimeSeconds = 3600;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
    server.createContext("/", this::handle);
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  String base() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private String expiry() {
    return Instant.now().plusSeconds(lifetimeSeconds).toString();
  }

  private void handle(HttpExchange x) throws IOException {
    try (x) {
      String method = x.getRequestMethod();
      String path = x.getRequestURI().getPath();
      String query = x.getRequestURI().getRawQuery();
      String body = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      requests.add(method + " " + path);
      int n = issued.get() + 1;
      String answer;
      switch (path) {
        case "/sts/" -> {
          if (!method.equals("POST")
              || !body.contains("Action=AssumeRoleWithWebIdentity")
              || !body.contains("WebIdentityToken=the-jwt-" + n)
              || !body.contains("RoleArn=arn%3Aaws%3Aiam%3A%3A1%3Arole%2Fr")) {
            send(
                x,
                403,
                "<ErrorResponse><Error><Code>AccessDenied</Code><Message>bad token "
                    + body
                    + "</Message></Error></ErrorResponse>");
            return;
          }
          answer =
              "<AssumeRoleWithWebIdentityResponse><AssumeRoleWithWebIdentityResult>"
                  + "<Credentials><AccessKeyId>STS"
                  + issued.incrementAndGet()
                  + "</AccessKeyId>"
                  + "<SecretAccessKey>s</SecretAccessKey><SessionToken>t</SessionToken>"
                  + "<Expiration>"
                  + expiry()
                  + "</Expiration></Credentials>"
                  + "</AssumeRoleWithWebIdentityResult></AssumeRoleWithWebIdentityResponse>";
        }
        case "/sts-assume/" -> {
          String auth = String.valueOf(x.getRequestHeaders().getFirst("Authorization"));
          if (!body.contains("Action=AssumeRole&")
              || !body.contains("RoleArn=arn%3Aaws%3Aiam%3A%3A2%3Arole%2Fcross")
              || !body.contains("ExternalId=ext")
              || !auth.contains("Credential=SRC/")
              || !auth.contains("/sts/aws4_request")) {
            send(
                x,
                403,
                "<ErrorResponse><Error><Code>AccessDenied</Code><Message>not signed by"
                    + " the source profile: "
                    + auth
                    + "</Message></Error></ErrorResponse>");
            return;
          }
          answer =
              "<AssumeRoleResponse><AssumeRoleResult><Credentials><AccessKeyId>ROLE"
                  + issued.incrementAndGet()
                  + "</AccessKeyId><SecretAccessKey>s</SecretAccessKey>"
                  + "<SessionToken>t</SessionToken><Expiration>"
                  + expiry()
                  + "</Expiration>"
                  + "</Credentials></AssumeRoleResult></AssumeRoleResponse>";
        }
        case "/federation/credentials" -> {
          if (!"sso-access-token".equals(x.getRequestHeaders().getFirst("x-amz-sso_bearer_token"))
              || !query.equals("account_id=111122223333&role_name=Reader")) {
            send(x, 401, "{\"message\":\"Session token not found or invalid\"}");
            return;
          }
          answer =
              "{\"roleCredentials\":{\"accessKeyId\":\"SSO"
                  + issued.incrementAndGet()
                  + "\",\"secretAccessKey\":\"s\",\"sessionToken\":\"t\",\"expiration\":"
                  + Instant.now().plusSeconds(lifetimeSeconds).toEpochMilli()
                  + "}}";
        }
        case "/ecs/v2/credentials/abc" -> {
          if (!"container-token".equals(x.getRequestHeaders().getFirst("Authorization"))) {
            send(x, 401, "denied");
            return;
          }
          answer =
              "{\"AccessKeyId\":\"ECS"
                  + issued.incrementAndGet()
                  + "\",\"SecretAccessKey\":\"s\",\"Token\":\"t\",\"Expiration\":\""
                  + expiry()
                  + "\"}";
        }
        case "/latest/api/token" -> {
          if (!method.equals("PUT")
              || x.getRequestHeaders().getFirst("X-aws-ec2-metadata-token-ttl-seconds") == null) {
            send(x, 405, "");
            return;
          }
          answer = "imds-session";
        }
        case "/latest/meta-data/iam/security-credentials/",
            "/latest/meta-data/iam/security-credentials/my-role" -> {
          if (!"imds-session".equals(x.getRequestHeaders().getFirst("X-aws-ec2-metadata-token"))) {
            send(x, 401, ""); // IMDSv2 only: no session token, no answer
            return;
          }
          answer =
              path.endsWith("/")
                  ? "my-role\n"
                  : "{\"Code\":\"Success\",\"Type\":\"AWS-HMAC\",\"AccessKeyId\":\"EC2"
                      + issued.incrementAndGet()
                      + "\",\"SecretAccessKey\":\"s\",\"Token\":\"t\","
                      + "\"Expiration\":\""
                      + expiry()
                      + "\"}";
        }
        case "/metadata/identity/oauth2/token" -> {
          if (!"true".equals(x.getRequestHeaders().getFirst("Metadata"))
              || !query.contains("resource=https%3A%2F%2Fstorage.azure.com%2F")) {
            send(x, 400, "{\"error\":\"invalid_request\"}");
            return;
          }
          answer =
              "{\"access_token\":\"mi-"
                  + issued.incrementAndGet()
                  + "\",\"expires_on\":\""
                  + Instant.now().plusSeconds(lifetimeSeconds).getEpochSecond()
                  + "\",\"resource\":\"https://storage.azure.com/\",\"token_type\":\"Bearer\"}";
        }
        case "/tenant/oauth2/v2.0/token" -> {
          if (!body.contains("grant_type=client_credentials")
              || !body.contains("scope=https%3A%2F%2Fstorage.azure.com%2F.default")
              || !(body.contains("client_secret=shh")
                  || body.contains("client_assertion=fed-jwt"))) {
            send(x, 401, "{\"error\":\"invalid_client\"}");
            return;
          }
          answer =
              "{\"token_type\":\"Bearer\",\"expires_in\":"
                  + lifetimeSeconds
                  + ",\"access_token\":\"entra-"
                  + issued.incrementAndGet()
                  + "\"}";
        }
        case "/blob/c/f" -> {
          answer = x.getRequestHeaders().getFirst("Authorization") + " " + query;
        }
        default -> {
          send(x, 404, "");
          return;
        }
      }
      send(x, 200, answer);
    }
  }

  private static void send(HttpExchange x, int status, String body) throws IOException {
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    x.sendResponseHeaders(status, b.length == 0 ? -1 : b.length);
    if (b.length > 0) {
      x.getResponseBody().write(b);
    }
  }

  private Map<String, String> env(String... pairs) {
    Map<String, String> env = new HashMap<>();
    env.put("AWS_EC2_METADATA_DISABLED", "true");
    for (int i = 0; i < pairs.length; i += 2) {
      env.put(pairs[i], pairs[i + 1]);
    }
    return env;
  }

  private AwsCredentialChain chain(Map<String, String> env) {
    return AwsCredentialChain.from(env, dir);
  }

  @Test
  void environmentComesFirst() throws IOException {
    Files.writeString(
        dir.resolve("credentials"), "[default]\naws_access_key_id=P\naws_secret_access_key=s\n");
    AwsCredentialChain c =
        chain(
            env("AWS_ACCESS_KEY_ID", "E", "AWS_SECRET_ACCESS_KEY", "s", "AWS_SESSION_TOKEN", "t"));
    assertEquals("E", c.credentials().accessKeyId());
    assertEquals("t", c.credentials().sessionToken());
    assertEquals("environment", c.source());
    assertEquals("P", chain(env()).credentials().accessKeyId());
  }

  @Test
  void webIdentityTokenIsExchangedAtStsAndReadAgainOnRefresh() throws IOException {
    Path token = dir.resolve("token");
    Files.writeString(token, "the-jwt-1\n");
    lifetimeSeconds = 60; // inside the five minutes before expiry: every call refreshes
    AwsCredentialChain c =
        chain(
            env(
                "AWS_WEB_IDENTITY_TOKEN_FILE",
                token.toString(),
                "AWS_ROLE_ARN",
                "arn:aws:iam::1:role/r",
                "AWS_ENDPOINT_URL_STS",
                base() + "/sts"));
    assertEquals("STS1", c.credentials().accessKeyId());
    Files.writeString(token, "the-jwt-2"); // EKS rotates the token file
    assertEquals("STS2", c.credentials().accessKeyId());
    assertTrue(c.source().startsWith("web identity"));
    Files.writeString(token, "stale");
    // A failed refresh keeps credentials that are still valid (these for another minute).
    assertEquals("STS2", c.credentials().accessKeyId());
    AwsCredentialChain fresh =
        chain(
            env(
                "AWS_WEB_IDENTITY_TOKEN_FILE",
                token.toString(),
                "AWS_ROLE_ARN",
                "arn:aws:iam::1:role/r",
                "AWS_ENDPOINT_URL_STS",
                base() + "/sts"));
    IOException e = assertThrows(IOException.class, fresh::credentials);
    assertTrue(e.getMessage().contains("access denied"), e.getMessage());
    assertTrue(e.getMessage().contains("bad token"), e.getMessage());
  }

  @Test
  void credentialsLastUntilFiveMinutesBeforeTheyExpire() throws IOException {
    Path token = dir.resolve("token");
    Files.writeString(token, "the-jwt-1");
    AwsCredentialChain c =
        chain(
            env(
                "AWS_WEB_IDENTITY_TOKEN_FILE",
                token.toString(),
                "AWS_ROLE_ARN",
                "arn:aws:iam::1:role/r",
                "AWS_ENDPOINT_URL_STS",
                base() + "/sts"));
    for (int i = 0; i < 5; i++) {
      assertEquals("STS1", c.credentials().accessKeyId());
    }
    assertEquals(1, requests.size(), "one request while the credentials are fresh");
  }

  @Test
  void profileAssumesARoleWithItsSourceProfilesKeys() throws IOException {
    Files.writeString(
        dir.resolve("config"),
        "[profile cross]\nrole_arn = arn:aws:iam::2:role/cross\nsource_profile = base\n"
            + "external_id = ext\n[profile mfa]\nrole_arn = arn:aws:iam::2:role/cross\n"
            + "source_profile = base\nmfa_serial = arn:aws:iam::1:mfa/me\n"
            + "[profile loop]\nrole_arn = arn:aws:iam::2:role/x\nsource_profile = loop2\n"
            + "[profile loop2]\nrole_arn = arn:aws:iam::2:role/y\nsource_profile = loop\n");
    Files.writeString(
        dir.resolve("credentials"), "[base]\naws_access_key_id = SRC\naws_secret_access_key = s\n");
    // Keys in the environment are the chain's first source, not the role's.
    AwsCredentialChain c =
        chain(env("AWS_PROFILE", "cross", "AWS_ENDPOINT_URL_STS", base() + "/sts-assume"));
    assertEquals("ROLE1", c.credentials().accessKeyId());
    assertTrue(c.source().startsWith("role arn:aws:iam::2:role/cross of profile cross"));
    IOException mfa =
        assertThrows(IOException.class, () -> chain(env("AWS_PROFILE", "mfa")).credentials());
    assertTrue(mfa.getMessage().contains("MFA"), mfa.getMessage());
    IOException loop =
        assertThrows(IOException.class, () -> chain(env("AWS_PROFILE", "loop")).credentials());
    assertTrue(loop.getMessage().contains("loop"), loop.getMessage());
  }

  @Test
  void profileRunsItsCredentialProcess() throws IOException {
    Path script = dir.resolve("creds.sh");
    Files.writeString(
        script,
        "#!/bin/sh\necho '{\"Version\": 1, \"AccessKeyId\": \"PROC\", \"SecretAccessKey\": \"s\","
            + " \"SessionToken\": \"t\", \"Expiration\": \""
            + Instant.now().plusSeconds(3600)
            + "\"}'\n");
    script.toFile().setExecutable(true);
    Files.writeString(
        dir.resolve("config"), "[profile p]\ncredential_process = " + script + " --flag\n");
    AwsCredentialChain c = chain(env("AWS_PROFILE", "p"));
    assertEquals("PROC", c.credentials().accessKeyId());
    assertNotNull(c.credentials().expiration());

    Files.writeString(script, "#!/bin/sh\necho 'no such role' >&2\nexit 3\n");
    IOException e =
        assertThrows(IOException.class, () -> chain(env("AWS_PROFILE", "p")).credentials());
    assertTrue(
        e.getMessage().contains("exit 3") && e.getMessage().contains("no such role"),
        e.getMessage());
  }

  @Test
  void ssoUsesTheCachedTokenOfAwsSsoLogin() throws Exception {
    Files.writeString(
        dir.resolve("config"),
        "[profile dev]\nsso_session = corp\nsso_account_id = 111122223333\nsso_role_name = Reader\n"
            + "[sso-session corp]\nsso_start_url = https://corp.awsapps.com/start\nsso_region = eu-west-1\n");
    Path cache = Files.createDirectories(dir.resolve("sso/cache"));
    String file =
        HexFormat.of()
            .formatHex(
                MessageDigest.getInstance("SHA-1").digest("corp".getBytes(StandardCharsets.UTF_8)));
    Files.writeString(
        cache.resolve(file + ".json"),
        "{\"accessToken\": \"sso-access-token\", \"expiresAt\": \""
            + Instant.now().plusSeconds(3600)
            + "\"}");
    Map<String, String> env = env("AWS_PROFILE", "dev", "AWS_ENDPOINT_URL_SSO", base());
    assertEquals("SSO1", chain(env).credentials().accessKeyId());

    Files.writeString(
        cache.resolve(file + ".json"),
        "{\"accessToken\": \"sso-access-token\", \"expiresAt\": \"2020-01-01T00:00:00Z\"}");
    IOException e = assertThrows(IOException.class, () -> chain(env).credentials());
    assertTrue(e.getMessage().contains("aws sso login --profile dev"), e.getMessage());
  }

  @Test
  void containerEndpointWithItsAuthorizationToken() throws IOException {
    Path tokenFile = dir.resolve("ecs-token");
    Files.writeString(tokenFile, "container-token\n");
    AwsCredentialChain c =
        chain(
            env(
                "AWS_CONTAINER_CREDENTIALS_FULL_URI",
                base() + "/ecs/v2/credentials/abc",
                "AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE",
                tokenFile.toString()));
    assertEquals("ECS1", c.credentials().accessKeyId());
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                chain(env("AWS_CONTAINER_CREDENTIALS_FULL_URI", "http://example.com/creds"))
                    .credentials());
    assertTrue(e.getMessage().contains("neither https nor a loopback"), e.getMessage());
  }

  @Test
  void instanceMetadataIsAskedWithASessionToken() throws IOException {
    Map<String, String> env = new HashMap<>(Map.of("AWS_EC2_METADATA_SERVICE_ENDPOINT", base()));
    AwsCredentialChain c = chain(env);
    assertEquals("EC21", c.credentials().accessKeyId());
    assertEquals(
        List.of(
            "PUT /latest/api/token",
            "GET /latest/meta-data/iam/security-credentials/",
            "GET /latest/meta-data/iam/security-credentials/my-role"),
        List.copyOf(requests));
  }

  @Test
  void noSourceMeansUnsignedRequests() throws IOException {
    // Nothing listens on the metadata address given: the chain ends with no credentials.
    Map<String, String> env = Map.of("AWS_EC2_METADATA_SERVICE_ENDPOINT", "http://127.0.0.1:9");
    AwsCredentialChain c = chain(env);
    assertNull(c.credentials());
    assertEquals("none", c.source());
  }

  @Test
  void azureManagedIdentityTokensAreRefreshed() throws IOException {
    AzureCredentials mi = AzureCredentials.managedIdentity(URI.create(base()), null);
    RemoteRequests.Signer signer = mi.signer("acct");
    assertEquals(
        "Bearer mi-1",
        signer
            .sign("GET", URI.create(base() + "/blob/c/f"), Map.of(), new byte[0])
            .get("Authorization"));
    assertEquals(
        "Bearer mi-1",
        signer
            .sign("GET", URI.create(base() + "/blob/c/f"), Map.of(), new byte[0])
            .get("Authorization"));
    lifetimeSeconds = 10;
    AzureCredentials shortLived = AzureCredentials.managedIdentity(URI.create(base()), "client");
    RemoteRequests.Signer s2 = shortLived.signer("acct");
    assertEquals(
        "Bearer mi-2",
        s2.sign("GET", URI.create(base()), Map.of(), new byte[0]).get("Authorization"));
    assertEquals(
        "Bearer mi-3",
        s2.sign("GET", URI.create(base()), Map.of(), new byte[0]).get("Authorization"));
  }

  @Test
  void azureEnvironmentGivesKeysSasServicePrincipalsAndWorkloadIdentities() throws IOException {
    URI imds = URI.create("http://127.0.0.1:9");
    assertEquals(
        "shared key",
        AzureSettings.from(
                Map.of("AZURE_STORAGE_ACCOUNT_NAME", "a", "AZURE_STORAGE_KEY", "a2V5"), imds)
            .credentials()
            .toString());
    AzureSettings sas =
        AzureSettings.from(
            Map.of("AZURE_STORAGE_ACCOUNT", "a", "AZURE_STORAGE_SAS_TOKEN", "?sv=1&sig=x"), imds);
    assertEquals(
        URI.create("https://a.blob.core.windows.net/c/f?comp=list&sv=1&sig=x"),
        sas.credentials()
            .signer("a")
            .address(URI.create("https://a.blob.core.windows.net/c/f?comp=list")));
    AzureSettings principal =
        AzureSettings.from(
            Map.of(
                "AZURE_STORAGE_ACCOUNT_NAME", "a",
                "AZURE_TENANT_ID", "tenant",
                "AZURE_CLIENT_ID", "app",
                "AZURE_CLIENT_SECRET", "shh",
                "AZURE_AUTHORITY_HOST", base()),
            imds);
    assertEquals(
        "Bearer entra-1",
        principal
            .credentials()
            .signer("a")
            .sign("GET", URI.create(base()), Map.of(), new byte[0])
            .get("Authorization"));
    Path federated = dir.resolve("azure-token");
    Files.writeString(federated, "fed-jwt");
    AzureSettings workload =
        AzureSettings.from(
            Map.of(
                "AZURE_STORAGE_ACCOUNT_NAME", "a",
                "AZURE_TENANT_ID", "tenant",
                "AZURE_CLIENT_ID", "app",
                "AZURE_FEDERATED_TOKEN_FILE", federated.toString(),
                "AZURE_AUTHORITY_HOST", base()),
            imds);
    assertEquals(
        "Bearer entra-2",
        workload
            .credentials()
            .signer("a")
            .sign("GET", URI.create(base()), Map.of(), new byte[0])
            .get("Authorization"));
    // No credentials and no metadata service: anonymous requests, for public containers.
    AzureSettings none = AzureSettings.from(Map.of("AZURE_STORAGE_ACCOUNT_NAME", "a"), imds);
    assertNull(
        none.credentials()
            .signer("a")
            .sign("GET", URI.create(base()), Map.of(), new byte[0])
            .get("Authorization"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> AzureSettings.from(Map.of(), imds));
    assertTrue(e.getMessage().contains("AZURE_STORAGE_ACCOUNT_NAME"));
  }

  @Test
  void azureConnectionStrings() {
    AzureSettings dev = AzureSettings.fromConnectionString("UseDevelopmentStorage=true");
    assertEquals("devstoreaccount1", dev.account());
    assertEquals(URI.create("http://127.0.0.1:10000/devstoreaccount1"), dev.blobEndpoint());
    AzureSettings cloud =
        AzureSettings.fromConnectionString(
            "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=a2V5;EndpointSuffix=core.windows.net");
    assertEquals(URI.create("https://acct.blob.core.windows.net"), cloud.blobEndpoint());
    assertEquals("shared key", cloud.credentials().toString());
  }
}
