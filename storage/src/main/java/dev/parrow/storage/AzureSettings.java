package dev.parrow.storage;

import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Which Azure storage account and who asks it.
 *
 * @param account the storage account's name
 * @param endpoint the account's Blob endpoint ({@code https://ACCOUNT.blob.core.windows.net}, or
 *     Azurite's {@code http://127.0.0.1:10000/devstoreaccount1}), or null for the public cloud's
 * @param credentials who asks: a shared key, a SAS, a token; null for public containers
 */
public record AzureSettings(String account, URI endpoint, AzureCredentials credentials) {
  /**
   * Azurite's well-known development account and key, as {@code UseDevelopmentStorage=true} means.
   */
  private static final String DEV_ACCOUNT = "devstoreaccount1";

  private static final String DEV_KEY =
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

  /**
   * Checks the settings.
   *
   * @param account the storage account's name
   * @param endpoint the Blob endpoint, or null
   * @param credentials who asks, or null
   */
  public AzureSettings {
    if (account == null || account.isEmpty()) {
      throw new IllegalArgumentException(
          "an Azure storage account is needed (AZURE_STORAGE_ACCOUNT_NAME, or a connection string)");
    }
  }

  /** {@return the Blob endpoint requests go to} */
  public URI blobEndpoint() {
    return endpoint != null
        ? endpoint
        : URI.create("https://" + account + ".blob.core.windows.net");
  }

  /**
   * Settings from a connection string as the portal gives it ({@code
   * AccountName=...;AccountKey=...}, {@code SharedAccessSignature=...}, {@code BlobEndpoint=...},
   * {@code DefaultEndpointsProtocol}, {@code EndpointSuffix}), or {@code
   * UseDevelopmentStorage=true} for Azurite on its usual port.
   *
   * @param connectionString the connection string
   * @return the settings
   */
  public static AzureSettings fromConnectionString(String connectionString) {
    Map<String, String> parts = new HashMap<>();
    for (String part : connectionString.split(";")) {
      int eq = part.indexOf('=');
      if (eq > 0) {
        parts.put(
            part.substring(0, eq).strip().toLowerCase(Locale.ROOT), part.substring(eq + 1).strip());
      }
    }
    if ("true".equalsIgnoreCase(parts.get("usedevelopmentstorage"))) {
      return new AzureSettings(
          DEV_ACCOUNT,
          URI.create("http://127.0.0.1:10000/" + DEV_ACCOUNT),
          AzureCredentials.sharedKey(DEV_KEY));
    }
    String account = parts.get("accountname");
    String endpoint = parts.get("blobendpoint");
    if (account == null && endpoint != null) {
      account = URI.create(endpoint).getHost().split("\\.")[0];
    }
    if (endpoint == null && account != null) {
      endpoint =
          parts.getOrDefault("defaultendpointsprotocol", "https")
              + "://"
              + account
              + ".blob."
              + parts.getOrDefault("endpointsuffix", "core.windows.net");
    }
    AzureCredentials credentials = null;
    if (parts.get("accountkey") != null) {
      credentials = AzureCredentials.sharedKey(parts.get("accountkey"));
    } else if (parts.get("sharedaccesssignature") != null) {
      credentials = AzureCredentials.sas(parts.get("sharedaccesssignature"));
    }
    return new AzureSettings(
        account, endpoint == null ? null : URI.create(endpoint.replaceAll("/+$", "")), credentials);
  }

  /**
   * Settings as the Azure tools find them in the environment, the first that is set:
   *
   * <ol>
   *   <li>{@code AZURE_STORAGE_CONNECTION_STRING};
   *   <li>the account in {@code AZURE_STORAGE_ACCOUNT_NAME} (or {@code AZURE_STORAGE_ACCOUNT}) with
   *       {@code AZURE_STORAGE_ACCOUNT_KEY} (or {@code AZURE_STORAGE_KEY}), else {@code
   *       AZURE_STORAGE_SAS_TOKEN}, else a service principal ({@code AZURE_TENANT_ID}, {@code
   *       AZURE_CLIENT_ID}, {@code AZURE_CLIENT_SECRET}) or a workload identity ({@code
   *       AZURE_FEDERATED_TOKEN_FILE} in place of the secret, as AKS sets it; {@code
   *       AZURE_AUTHORITY_HOST} moves Entra ID), else a managed identity ({@code AZURE_CLIENT_ID}
   *       naming a user-assigned one) when the instance metadata service answers, else no one
   *       (public containers).
   * </ol>
   *
   * Found once per process.
   *
   * @return the settings
   * @throws IllegalArgumentException when no account is named
   */
  public static AzureSettings fromEnvironment() {
    return Environment.SETTINGS.get();
  }

  /** The credentials the environment gives, for any account: found once per process. */
  static AzureCredentials environmentCredentials() {
    return EnvironmentCredentials.CREDENTIALS;
  }

  private static final class EnvironmentCredentials {
    static final AzureCredentials CREDENTIALS =
        credentials(System.getenv(), URI.create("http://169.254.169.254"));
  }

  private static final class Environment {
    static final java.util.function.Supplier<AzureSettings> SETTINGS = once();

    private static java.util.function.Supplier<AzureSettings> once() {
      AzureSettings settings;
      RuntimeException error;
      try {
        settings = from(System.getenv(), AzureSettings::environmentCredentials);
        error = null;
      } catch (RuntimeException e) {
        settings = null;
        error = e;
      }
      AzureSettings s = settings;
      RuntimeException e = error;
      return () -> {
        if (e != null) {
          throw e;
        }
        return s;
      };
    }
  }

  static AzureSettings from(Map<String, String> env, URI imds) {
    return from(env, () -> credentials(env, imds));
  }

  /**
   * The settings of an environment, its credentials (when no connection string gives them) from
   * {@code credentials}: the process's own are found once, whichever location asks first.
   */
  private static AzureSettings from(
      Map<String, String> env, java.util.function.Supplier<AzureCredentials> credentials) {
    String connection = env.get("AZURE_STORAGE_CONNECTION_STRING");
    if (connection != null && !connection.isBlank()) {
      return fromConnectionString(connection);
    }
    String account = first(env.get("AZURE_STORAGE_ACCOUNT_NAME"), env.get("AZURE_STORAGE_ACCOUNT"));
    if (account == null) {
      throw new IllegalArgumentException(
          "no Azure storage account: set AZURE_STORAGE_ACCOUNT_NAME or"
              + " AZURE_STORAGE_CONNECTION_STRING, or name the account in the URI"
              + " (abfss://CONTAINER@ACCOUNT.dfs.core.windows.net/PATH)");
    }
    return new AzureSettings(account, null, credentials.get());
  }

  /** The credentials the environment gives, for any account. */
  static AzureCredentials credentials(Map<String, String> env, URI imds) {
    String key = first(env.get("AZURE_STORAGE_ACCOUNT_KEY"), env.get("AZURE_STORAGE_KEY"));
    if (key != null) {
      return AzureCredentials.sharedKey(key);
    }
    String sas = first(env.get("AZURE_STORAGE_SAS_TOKEN"));
    if (sas != null) {
      return AzureCredentials.sas(sas);
    }
    String tenant = first(env.get("AZURE_TENANT_ID"));
    String client = first(env.get("AZURE_CLIENT_ID"));
    String secret = first(env.get("AZURE_CLIENT_SECRET"));
    String federated = first(env.get("AZURE_FEDERATED_TOKEN_FILE"));
    URI authority =
        URI.create(first(env.get("AZURE_AUTHORITY_HOST"), "https://login.microsoftonline.com"));
    if (tenant != null && client != null && (secret != null || federated != null)) {
      return AzureCredentials.clientCredentials(
          authority, tenant, client, secret, secret != null ? null : Path.of(federated));
    }
    String identityEndpoint = first(env.get("IDENTITY_ENDPOINT"));
    String identityHeader = first(env.get("IDENTITY_HEADER"));
    if (identityEndpoint != null && identityHeader != null) {
      return AzureCredentials.appServiceIdentity(
          URI.create(identityEndpoint), identityHeader, client);
    }
    return AzureCredentials.managedIdentityIfPresent(imds, client);
  }

  /** The same settings for another account named by a URI (the same credentials). */
  AzureSettings forAccount(String other) {
    if (other == null || other.equals(account)) {
      return this;
    }
    return new AzureSettings(other, null, credentials);
  }

  private static String first(String... values) {
    for (String v : values) {
      if (v != null && !v.isBlank()) {
        return v.strip();
      }
    }
    return null;
  }
}
