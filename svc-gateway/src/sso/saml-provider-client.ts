import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { GATEWAY_CONFIG, GatewayConfig, SamlConfig } from '../config';
import { REDIS_CLIENT, RedisClient } from '../redis/redis.module';
import { SSO_NOT_CONFIGURED_MESSAGE } from './oidc-provider-client';
import { RedisSamlRequestCache } from './saml-request-cache';

/** Where the IdP sends a logout it starts (the SP metadata's SingleLogoutService). */
export const SAML_SLO_PATH = '/api/auth/saml/slo';

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

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(REDIS_CLIENT) redis: RedisClient,
  ) {
    const saml = config.saml;
    if (!saml) return;
    this.saml = new SAML({
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
      cacheProvider: new RedisSamlRequestCache(redis, saml.keyPrefix, SAML_REQUEST_TTL_MS),
      // Let the IdP choose its NameID format and how the person authenticates (MFA, Kerberos...).
      identifierFormat: null,
      disableRequestedAuthnContext: true,
      signatureAlgorithm: 'sha256',
      // With Masar's own key: AuthnRequests (and logout requests) carry an RSA-SHA256 signature, and an IdP
      // that encrypts assertions to Masar's certificate is understood.
      ...(saml.spKey ? { privateKey: saml.spKey.privateKeyPem, decryptionPvk: saml.spKey.privateKeyPem } : {}),
    });
  }

  get settings(): SamlConfig {
    if (!this.config.saml) throw new NotFoundException({ statusCode: 404, message: SSO_NOT_CONFIGURED_MESSAGE });
    return this.config.saml;
  }

  get(): SAML {
    if (!this.saml) throw new NotFoundException({ statusCode: 404, message: SSO_NOT_CONFIGURED_MESSAGE });
    return this.saml;
  }

  /** The IdP's single logout for this person, or undefined when its metadata gives no logout URL. */
  async logoutUrl(subject: SamlSessionSubject): Promise<string | undefined> {
    if (!this.saml || !this.config.saml?.idp.logoutUrl) return undefined;
    try {
      return await this.saml.getLogoutUrlAsync({ issuer: this.config.saml.spEntityId, ...subject }, '', {});
    } catch {
      return undefined;
    }
  }
}
