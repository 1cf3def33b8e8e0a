import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { SAML, SamlConfig as NodeSamlOptions, ValidateInResponseTo } from '@node-saml/node-saml';
import { signSamlPost } from '@node-saml/node-saml/lib/saml-post-signing';
import { randomBytes } from 'node:crypto';
import { GATEWAY_CONFIG, GatewayConfig, SamlConfig } from '../config';
import { REDIS_CLIENT, RedisClient } from '../redis/redis.module';
import { SSO_NOT_CONFIGURED_MESSAGE } from './oidc-provider-client';
import { RedisSamlRequestCache } from './saml-request-cache';

/** Where the IdP sends a logout it starts (the SP metadata's SingleLogoutService). */
export const SAML_SLO_PATH = '/api/auth/saml/slo';

/** Masar's page that posts a LogoutRequest to an IdP whose single logout takes the HTTP-POST binding only. */
export const SAML_LOGOUT_POST_PATH = '/api/auth/saml/logout-post';

/** How long the sign-out page's LogoutRequest waits for the browser to fetch it. */
const POSTED_LOGOUT_TTL_MS = 5 * 60_000;

/** A SAML message for the HTTP-POST binding: the form a browser posts to `action`. */
export interface PostedSamlMessage {
  action: string;
  fields: { SAMLRequest: string } | { SAMLResponse: string };
  relayState: string;
}

/** How long a started sign-in may take at the identity provider before its request id is forgotten. */
export const SAML_REQUEST_TTL_MS = 10 * 60_000;

/** Who the person is at the IdP, kept in the session for its single logout. */
export interface SamlSessionSubject {
  nameID: string;
  nameIDFormat: string;
  nameQualifier?: string;
  spNameQualifier?: string;
  sessionIndex?: string;
}

/** Masar as a SAML service provider, as node-saml sees it (built once, from the configuration). */
@Injectable()
export class SamlProviderClient {
  private readonly saml: SAML | undefined;
  /** The same service provider writing logout messages for the IdP's HTTP-POST single logout (their Destination). */
  private readonly samlForPostLogout: SAML | undefined;
  /**
   * Checks only the signature of a LogoutResponse the IdP posts: node-saml's POST validation asks a
   * `Response` root for InResponseTo, which a LogoutResponse never matches, so under `always` it refuses
   * every one. SamlService checks its InResponseTo (used once), issuer and status itself.
   */
  private readonly samlForLogoutResponses: SAML | undefined;
  private readonly requestCache: RedisSamlRequestCache | undefined;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
  ) {
    const saml = config.saml;
    if (!saml) return;
    this.requestCache = new RedisSamlRequestCache(redis, saml.keyPrefix, SAML_REQUEST_TTL_MS);
    const options: NodeSamlOptions = {
      entryPoint: saml.idp.entryPoint,
      idpCert: saml.idp.signingCertificates,
      ...(saml.idp.entityId ? { idpIssuer: saml.idp.entityId } : {}),
      ...(saml.idp.logoutUrl ? { logoutUrl: saml.idp.logoutUrl } : {}),
      issuer: saml.spEntityId,
      audience: saml.spEntityId,
      callbackUrl: saml.acsUrl,
      // Where the IdP sends a logout it starts (named in the metadata as the SingleLogoutService).
      logoutCallbackUrl: new URL(SAML_SLO_PATH, saml.acsUrl).toString(),
      // The assertion itself must carry the IdP's signature; a signed response around an unsigned assertion is not enough.
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: saml.clockSkewMs,
      // A response must answer an AuthnRequest this Masar sent, unless IdP-initiated sign-in is switched on:
      // then one naming no request is taken too (SamlService checks its confirmation and replay itself).
      validateInResponseTo: saml.allowIdpInitiated ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
      cacheProvider: this.requestCache,
      // Let the IdP choose its NameID format and how the person authenticates (MFA, Kerberos...).
      identifierFormat: null,
      disableRequestedAuthnContext: true,
      signatureAlgorithm: 'sha256',
      // With Masar's own key: AuthnRequests (and logout requests) carry an RSA-SHA256 signature, and an IdP
      // that encrypts assertions to Masar's certificate is understood.
      ...(saml.spKey ? { privateKey: saml.spKey.privateKeyPem, decryptionPvk: saml.spKey.privateKeyPem } : {}),
    };
    this.saml = new SAML(options);
    if (saml.idp.logoutPostUrl) this.samlForPostLogout = new SAML({ ...options, logoutUrl: saml.idp.logoutPostUrl });
    this.samlForLogoutResponses = new SAML({ ...options, validateInResponseTo: ValidateInResponseTo.never });
  }

  get settings(): SamlConfig {
    if (!this.config.saml) throw new NotFoundException({ statusCode: 404, message: SSO_NOT_CONFIGURED_MESSAGE });
    return this.config.saml;
  }

  get(): SAML {
    if (!this.saml) throw new NotFoundException({ statusCode: 404, message: SSO_NOT_CONFIGURED_MESSAGE });
    return this.saml;
  }

  /**
   * The IdP's single logout for this person, or undefined when it has none: its HTTP-Redirect URL, or
   * (an IdP with the HTTP-POST binding only) Masar's one-time page that posts the LogoutRequest there.
   */
  async logoutUrl(subject: SamlSessionSubject): Promise<string | undefined> {
    const saml = this.config.saml;
    if (!this.saml || !saml) return undefined;
    const user = { issuer: saml.spEntityId, ...subject };
    try {
      if (saml.idp.logoutUrl) return await this.saml.getLogoutUrlAsync(user, '', {});
      if (!this.samlForPostLogout || !saml.idp.logoutPostUrl) return undefined;
      // node-saml keeps the request's id (our Redis), so the IdP's LogoutResponse can be matched to it.
      const request = this.signedForPost(await this.samlForPostLogout._generateLogoutRequest(user as Parameters<SAML['_generateLogoutRequest']>[0]), 'LogoutRequest');
      const id = randomBytes(18).toString('base64url');
      const message: PostedSamlMessage = { action: saml.idp.logoutPostUrl, fields: { SAMLRequest: request }, relayState: '' };
      await this.redis.set(this.postedLogoutKey(id), JSON.stringify(message), { PX: POSTED_LOGOUT_TTL_MS });
      return new URL(`${SAML_LOGOUT_POST_PATH}/${id}`, saml.acsUrl).toString();
    } catch {
      return undefined;
    }
  }

  /** The LogoutRequest `logoutUrl` kept for its page, once; null when unknown, used or expired. */
  async takePostedLogout(id: string): Promise<PostedSamlMessage | null> {
    const stored = await this.redis.getDel(this.postedLogoutKey(id));
    return stored === null ? null : (JSON.parse(stored) as PostedSamlMessage);
  }

  /**
   * The LogoutResponse to a LogoutRequest the IdP sent, in the binding it can take back: by redirect
   * when it has a redirect single logout, else posted to its HTTP-POST one.
   */
  async logoutResponse(logoutRequest: Parameters<SAML['_generateLogoutResponse']>[0], relayState: string, preferPost: boolean): Promise<string | PostedSamlMessage> {
    const saml = this.settings;
    const postUrl = saml.idp.logoutPostUrl;
    if (this.samlForPostLogout && postUrl && (preferPost || !saml.idp.logoutUrl)) {
      const response = this.signedForPost(this.samlForPostLogout._generateLogoutResponse(logoutRequest, true), 'LogoutResponse');
      return { action: postUrl, fields: { SAMLResponse: response }, relayState };
    }
    return this.get().getLogoutResponseUrlAsync(logoutRequest, relayState, {}, true);
  }

  /** Whether a posted LogoutResponse carries a valid signature by one of the IdP's certificates. */
  async logoutResponseSignatureVerifies(samlResponse: string): Promise<boolean> {
    if (!this.samlForLogoutResponses) throw new NotFoundException({ statusCode: 404, message: SSO_NOT_CONFIGURED_MESSAGE });
    try {
      return (await this.samlForLogoutResponses.validatePostResponseAsync({ SAMLResponse: samlResponse })).loggedOut;
    } catch {
      return false;
    }
  }

  /** Uses up the id of a LogoutRequest Masar sent (true once), so its LogoutResponse is taken once. */
  async consumeRequestId(requestId: string): Promise<boolean> {
    if (!this.requestCache) return false;
    return (await this.requestCache.removeAsync(requestId)) !== null;
  }

  /** base64 of the message, with an enveloped XML signature when Masar has its own key (the HTTP-POST binding signs inside). */
  private signedForPost(xml: string, element: 'LogoutRequest' | 'LogoutResponse'): string {
    const key = this.settings.spKey;
    const signed = key
      ? signSamlPost(xml, `/*[local-name(.)='${element}']`, { privateKey: key.privateKeyPem, signatureAlgorithm: 'sha256', digestAlgorithm: 'sha256' })
      : xml;
    return Buffer.from(signed, 'utf8').toString('base64');
  }

  private postedLogoutKey(id: string): string {
    return `${this.settings.keyPrefix}logout-post:${id}`;
  }
}
