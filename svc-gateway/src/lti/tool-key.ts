import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { createPrivateKey, createPublicKey, KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, JWK, SignJWT } from 'jose';
import { GATEWAY_CONFIG, GatewayConfig, LtiConfig } from '../config';

export const LTI_NOT_CONFIGURED_MESSAGE = 'LTI is not configured for this Masar';
export const TOOL_KEY_ALGORITHM = 'RS256';

/**
 * The tool's signing key (LTI_TOOL_PRIVATE_KEY). Its kid is the public key's JWK thumbprint
 * (RFC 7638), so a new key gets a new kid and platforms that cache our JWKS fetch it again.
 */
@Injectable()
export class ToolKey {
  private privateKey: KeyObject | undefined;
  private publicJwk: Promise<JWK> | undefined;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /** The LTI settings; a 404 with a message where LTI is off. */
  get settings(): LtiConfig {
    if (!this.config.lti) throw new NotFoundException({ statusCode: 404, message: LTI_NOT_CONFIGURED_MESSAGE });
    return this.config.lti;
  }

  private key(): KeyObject {
    this.privateKey ??= createPrivateKey(this.settings.toolPrivateKeyPem);
    return this.privateKey;
  }

  /** The public half as the JWKS publishes it. */
  jwk(): Promise<JWK> {
    this.publicJwk ??= (async () => {
      const jwk = await exportJWK(createPublicKey(this.key()));
      return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: TOOL_KEY_ALGORITHM, use: 'sig' };
    })();
    return this.publicJwk;
  }

  /** Signs claims as the tool, with our kid in the header so the platform picks the right key. */
  async sign(claims: Record<string, unknown>, options: { audience: string; issuer: string; expiresInSeconds: number }): Promise<string> {
    const { kid } = await this.jwk();
    return new SignJWT(claims)
      .setProtectedHeader({ alg: TOOL_KEY_ALGORITHM, kid, typ: 'JWT' })
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt()
      .setExpirationTime(`${options.expiresInSeconds}s`)
      .sign(this.key());
  }
}
