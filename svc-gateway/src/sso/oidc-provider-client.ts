import { Inject, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { BaseClient, Issuer } from 'openid-client';
import { GATEWAY_CONFIG, GatewayConfig, OidcConfig } from '../config';

export const SSO_NOT_CONFIGURED_MESSAGE = 'Single sign-on is not configured for this Masar';
export const PROVIDER_UNAVAILABLE_MESSAGE = 'Your identity provider cannot be reached right now; please try again in a moment';

/** The identity provider as openid-client sees it: discovered on first use, then kept. */
@Injectable()
export class OidcProviderClient {
  private client: Promise<BaseClient> | undefined;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  get settings(): OidcConfig {
    if (!this.config.oidc) throw new NotFoundException({ statusCode: 404, message: SSO_NOT_CONFIGURED_MESSAGE });
    return this.config.oidc;
  }

  /** A failed discovery is a 503 and is tried again on the next call. */
  get(): Promise<BaseClient> {
    const oidc = this.settings;
    this.client ??= Issuer.discover(oidc.issuer).then(
      (issuer) =>
        new issuer.Client({
          client_id: oidc.clientId,
          ...(oidc.clientSecret ? { client_secret: oidc.clientSecret } : { token_endpoint_auth_method: 'none' }),
          redirect_uris: [oidc.redirectUri],
          ...(oidc.postLogoutRedirectUri ? { post_logout_redirect_uris: [oidc.postLogoutRedirectUri] } : {}),
          response_types: ['code'],
          // The only algorithm accepted: `alg: none` (or any other) fails the id_token check.
          id_token_signed_response_alg: 'RS256',
        }),
    );
    return this.client.catch((error: unknown) => {
      this.client = undefined;
      throw new ServiceUnavailableException({ statusCode: 503, message: PROVIDER_UNAVAILABLE_MESSAGE }, { cause: error });
    });
  }

  /**
   * Where to send the browser to end the provider's session too (RP-initiated logout), or undefined
   * when the provider offers no logout or cannot be reached: the Masar session ends either way.
   */
  async logoutUrl(idToken: string): Promise<string | undefined> {
    if (!this.config.oidc) return undefined;
    try {
      const client = await this.get();
      if (!client.issuer.metadata.end_session_endpoint) return undefined;
      const redirect = this.config.oidc.postLogoutRedirectUri;
      return client.endSessionUrl({ id_token_hint: idToken, ...(redirect ? { post_logout_redirect_uri: redirect } : {}) });
    } catch {
      return undefined;
    }
  }
}
