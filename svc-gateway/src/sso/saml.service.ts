import { User } from '@masar/contracts';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Profile } from '@node-saml/node-saml';
import type { Request } from 'express';
import { SessionLifecycle } from '../auth/session-lifecycle';
import { IdentityClient } from '../identity/identity.client';
import { REDIS_CLIENT, RedisClient } from '../redis/redis.module';
import { TOKEN_REFUSED_MESSAGE } from './oidc.service';
import { personFromSamlProfile } from './saml-attributes';
import { SamlProviderClient } from './saml-provider-client';
import { REPLAYED_MESSAGE, samlRefusalOf, unverifiedAssertionId } from './saml-refusal';
import { SignInRefusedException } from './sign-in-refusal';

/** An assertion without a usable NotOnOrAfter is still remembered this long. */
const MIN_REPLAY_MEMORY_MS = 10 * 60_000;
const MAX_REPLAY_MEMORY_MS = 24 * 60 * 60_000;

interface ParsedAssertion {
  Assertion?: {
    $?: { ID?: string };
    Conditions?: { $?: { NotOnOrAfter?: string } }[];
    Subject?: { SubjectConfirmation?: { SubjectConfirmationData?: { $?: { NotOnOrAfter?: string } }[] }[] }[];
  };
}

/** The latest moment the assertion says it may be used, in ms since the epoch (NaN when it names none). */
function assertionExpiry(assertion: ParsedAssertion['Assertion']): number {
  const moments = [
    assertion?.Conditions?.[0]?.$?.NotOnOrAfter,
    ...(assertion?.Subject?.[0]?.SubjectConfirmation ?? []).map((confirmation) => confirmation.SubjectConfirmationData?.[0]?.$?.NotOnOrAfter),
  ]
    .map((value) => (value ? Date.parse(value) : NaN))
    .filter((value) => !Number.isNaN(value));
  return moments.length > 0 ? Math.max(...moments) : NaN;
}

/**
 * SAML 2.0 sign-in (SP-initiated; AuthnRequest by HTTP-Redirect, response by HTTP-POST). node-saml
 * checks the assertion's signature against the IdP's certificates, the audience, NotBefore and
 * NotOnOrAfter (with SAML_CLOCK_SKEW_SECONDS), the issuer and that InResponseTo names a request this
 * Masar sent and has not seen answered (in Redis); this service also refuses an assertion id it has
 * already accepted, until the assertion expires.
 */
@Injectable()
export class SamlService {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly provider: SamlProviderClient,
    private readonly identity: IdentityClient,
    private readonly sessions: SessionLifecycle,
  ) {}

  /** The IdP's sign-in URL carrying a fresh AuthnRequest (its id is kept in Redis by node-saml). */
  startSignIn(): Promise<string> {
    return this.provider.get().getAuthorizeUrlAsync('', undefined, {});
  }

  /** Masar's service provider metadata, for the IdP's administrator. */
  metadata(): string {
    // With Masar's key pair, its certificate is named for signing and for encryption (AuthnRequestsSigned="true").
    const certificate = this.provider.settings.spKey?.certificatePem ?? null;
    return this.provider.get().generateServiceProviderMetadata(certificate, certificate);
  }

  async finishSignIn(request: Request): Promise<User> {
    const saml = this.provider.settings;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const samlResponse = typeof body.SAMLResponse === 'string' ? body.SAMLResponse : '';
    if (!samlResponse) throw new SignInRefusedException('response-unverified', HttpStatus.UNAUTHORIZED, TOKEN_REFUSED_MESSAGE);
    let profile: Profile | null;
    try {
      ({ profile } = await this.provider.get().validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (error) {
      const responseXml = Buffer.from(samlResponse, 'base64').toString('utf8');
      const refusal = samlRefusalOf(error, responseXml);
      // The same response posted again: its request id was used up by the first post.
      const assertionId = refusal.code === 'sign-in-expired' ? unverifiedAssertionId(responseXml) : undefined;
      if (assertionId && (await this.redis.exists(this.assertionKey(assertionId)))) {
        throw new SignInRefusedException('replayed', HttpStatus.UNAUTHORIZED, REPLAYED_MESSAGE, error);
      }
      throw refusal;
    }
    if (!profile?.nameID) throw new SignInRefusedException('response-unverified', HttpStatus.UNAUTHORIZED, TOKEN_REFUSED_MESSAGE);
    await this.refuseReplayedAssertion(profile);
    const result = personFromSamlProfile(profile, saml);
    if ('refused' in result) throw new SignInRefusedException(result.code, HttpStatus.FORBIDDEN, result.refused);
    const user = await this.identity.ssoSignIn(result.person);
    await this.sessions.start(request, user);
    // Kept for sign-out: the IdP's single logout names the person and their session there.
    request.session.samlSubject = {
      nameID: profile.nameID,
      nameIDFormat: profile.nameIDFormat,
      ...(profile.nameQualifier ? { nameQualifier: profile.nameQualifier } : {}),
      ...(profile.spNameQualifier ? { spNameQualifier: profile.spNameQualifier } : {}),
      ...(profile.sessionIndex ? { sessionIndex: profile.sessionIndex } : {}),
    };
    return user;
  }

  private assertionKey(assertionId: string): string {
    return `${this.provider.settings.keyPrefix}assertion:${assertionId}`;
  }

  /** Remembers the assertion's id until it expires; SET NX makes two simultaneous posts of one assertion sign in at most once. */
  private async refuseReplayedAssertion(profile: Profile): Promise<void> {
    const assertion = (profile.getAssertion?.() as ParsedAssertion | undefined)?.Assertion;
    const assertionId = assertion?.$?.ID;
    if (!assertionId) throw new SignInRefusedException('response-unverified', HttpStatus.UNAUTHORIZED, TOKEN_REFUSED_MESSAGE);
    const expiry = assertionExpiry(assertion);
    const rememberMs = Number.isNaN(expiry)
      ? MIN_REPLAY_MEMORY_MS
      : Math.min(Math.max(expiry - Date.now() + this.provider.settings.clockSkewMs, MIN_REPLAY_MEMORY_MS), MAX_REPLAY_MEMORY_MS);
    const first = await this.redis.set(this.assertionKey(assertionId), '1', { PX: rememberMs, NX: true });
    if (first === null) throw new SignInRefusedException('replayed', HttpStatus.UNAUTHORIZED, REPLAYED_MESSAGE);
  }
}
