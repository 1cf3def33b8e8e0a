import { User } from '@masar/contracts';
import { BadRequestException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Profile } from '@node-saml/node-saml';
import type { Request } from 'express';
import { SessionLifecycle } from '../auth/session-lifecycle';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { IdentityClient } from '../identity/identity.client';
import { REDIS_CLIENT, RedisClient } from '../redis/redis.module';
import { SIGN_IN_EXPIRED_MESSAGE, TOKEN_REFUSED_MESSAGE } from './oidc.service';
import { personFromSamlProfile } from './saml-attributes';
import { PostedSamlMessage, SamlProviderClient } from './saml-provider-client';
import { ASSERTION_EXPIRED_MESSAGE, REPLAYED_MESSAGE, samlRefusalOf, unverifiedAssertionId, WRONG_AUDIENCE_MESSAGE } from './saml-refusal';
import { isUnsolicitedResponse, ParsedSubjectConfirmation, subjectConfirmationProblem } from './saml-unsolicited';
import { logoutResponseFacts, rootIsSigned } from './saml-logout-post';
import { SignInRefusedException } from './sign-in-refusal';

/** An assertion without a usable NotOnOrAfter is still remembered this long. */
const MIN_REPLAY_MEMORY_MS = 10 * 60_000;
const MAX_REPLAY_MEMORY_MS = 24 * 60 * 60_000;

export const LOGOUT_REQUEST_UNSIGNED_MESSAGE = 'A logout request from the identity provider must be signed (HTTP-Redirect binding)';
export const IDP_INITIATED_OFF_MESSAGE = "Sign-in started at the identity provider's portal is not switched on for Masar (SAML_ALLOW_IDP_INITIATED)";
export const LOGOUT_POST_UNSIGNED_MESSAGE = 'A logout message the identity provider posts must carry its XML signature (HTTP-POST binding)';
export const LOGOUT_POST_MISSING_MESSAGE = 'Post a SAMLRequest (LogoutRequest) or a SAMLResponse (LogoutResponse) to the single logout service';
export const LOGOUT_RESPONSE_UNVERIFIED_MESSAGE = 'The logout response does not answer a sign-out this Masar started, or could not be verified';
export const LOGOUT_RESPONSE_FAILED_MESSAGE = 'Your identity provider could not end its own session; your Masar session has ended';
export const LOGOUT_PAGE_GONE_MESSAGE = 'This sign-out page has expired or was already used; your Masar session has ended';
export const LOGOUT_REQUEST_UNVERIFIED_MESSAGE = 'The logout request could not be verified against the identity provider';

/** A Masar session a SAML sign-in started, kept under the person's NameID for the IdP's single logout. */
interface SamlSignedInSession {
  sessionId: string;
  sessionIndex: string | null;
}

interface ParsedAssertion {
  Assertion?: {
    $?: { ID?: string };
    Conditions?: { $?: { NotOnOrAfter?: string } }[];
    Subject?: { SubjectConfirmation?: ParsedSubjectConfirmation[] }[];
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
 * SAML 2.0 sign-in (SP-initiated, and IdP-initiated when SAML_ALLOW_IDP_INITIATED is on; AuthnRequest
 * by HTTP-Redirect, response by HTTP-POST). node-saml
 * checks the assertion's signature against the IdP's certificates, the audience, NotBefore and
 * NotOnOrAfter (with SAML_CLOCK_SKEW_SECONDS), the issuer and that InResponseTo names a request this
 * Masar sent and has not seen answered (in Redis); this service also checks the bearer confirmation's
 * Recipient and time window, and refuses an assertion id it has already accepted, until the assertion
 * expires (the only replay defence an unsolicited response has).
 */
@Injectable()
export class SamlService {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
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
    const metadata = this.provider.get().generateServiceProviderMetadata(certificate, certificate);
    // node-saml names only HTTP-POST for the SingleLogoutService; Masar's takes HTTP-Redirect too, listed first.
    return metadata.replace(/<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2\.0:bindings:HTTP-POST"([^>]*)\/>/, (post, rest: string) =>
      `<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"${rest}/>${post}`,
    );
  }

  async finishSignIn(request: Request): Promise<User> {
    const saml = this.provider.settings;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const samlResponse = typeof body.SAMLResponse === 'string' ? body.SAMLResponse : '';
    if (!samlResponse) throw new SignInRefusedException('response-unverified', HttpStatus.UNAUTHORIZED, TOKEN_REFUSED_MESSAGE);
    const responseXml = Buffer.from(samlResponse, 'base64').toString('utf8');
    // IdP-initiated: a response that answers none of Masar's requests.
    const unsolicited = isUnsolicitedResponse(responseXml);
    if (unsolicited && !saml.allowIdpInitiated) throw new SignInRefusedException('idp-initiated-off', HttpStatus.UNAUTHORIZED, IDP_INITIATED_OFF_MESSAGE);
    let profile: Profile | null;
    try {
      ({ profile } = await this.provider.get().validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (error) {
      const refusal = samlRefusalOf(error, responseXml);
      // The same response posted again: its request id was used up by the first post.
      const assertionId = refusal.code === 'sign-in-expired' ? unverifiedAssertionId(responseXml) : undefined;
      if (assertionId && (await this.redis.exists(this.assertionKey(assertionId)))) {
        throw new SignInRefusedException('replayed', HttpStatus.UNAUTHORIZED, REPLAYED_MESSAGE, error);
      }
      throw refusal;
    }
    if (!profile?.nameID) throw new SignInRefusedException('response-unverified', HttpStatus.UNAUTHORIZED, TOKEN_REFUSED_MESSAGE);
    this.refuseUnfitConfirmation(profile, unsolicited);
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
    await this.rememberSession(profile, request.session.id);
    return user;
  }

  /**
   * Single logout started at the IdP (HTTP-Redirect binding): the LogoutRequest must carry the IdP's
   * signature (node-saml would take an unsigned one, which anyone could forge to sign people out).
   * Ends the Masar sessions the IdP names (the person's NameID, and its SessionIndex when given) and
   * returns where to send the browser: the IdP's logout with a LogoutResponse.
   */
  async logoutFromIdentityProvider(request: Request): Promise<string> {
    const query = request.query as Record<string, unknown>;
    if (typeof query.SAMLRequest !== 'string' || typeof query.Signature !== 'string' || typeof query.SigAlg !== 'string') {
      throw new BadRequestException({ statusCode: 400, message: LOGOUT_REQUEST_UNSIGNED_MESSAGE });
    }
    const container = { SAMLRequest: query.SAMLRequest, Signature: query.Signature, SigAlg: query.SigAlg, ...(typeof query.RelayState === 'string' ? { RelayState: query.RelayState } : {}) };
    let profile: Profile | null;
    try {
      ({ profile } = await this.provider.get().validateRedirectAsync(container, request.originalUrl.split('?')[1] ?? ''));
    } catch (error) {
      throw new BadRequestException({ statusCode: 400, message: LOGOUT_REQUEST_UNVERIFIED_MESSAGE }, { cause: error });
    }
    if (!profile?.nameID) throw new BadRequestException({ statusCode: 400, message: LOGOUT_REQUEST_UNVERIFIED_MESSAGE });
    await this.endSessionsOf(profile, request);
    return this.provider.get().getLogoutResponseUrlAsync(profile, container.RelayState ?? '', {}, true);
  }

  /**
   * node-saml checks the assertion's bearer confirmation (time window) only while it matches a
   * request id, and its Recipient never: both are checked here for every response, and an
   * unsolicited one must name no request at all.
   */
  private refuseUnfitConfirmation(profile: Profile, unsolicited: boolean): void {
    const assertion = (profile.getAssertion?.() as ParsedAssertion | undefined)?.Assertion;
    const settings = this.provider.settings;
    const problem = subjectConfirmationProblem(assertion?.Subject?.[0]?.SubjectConfirmation, {
      acsUrl: settings.acsUrl,
      nowMs: Date.now(),
      clockSkewMs: settings.clockSkewMs,
      unsolicited,
    });
    if (problem === null) return;
    if (problem === 'wrong-recipient') throw new SignInRefusedException('wrong-audience', HttpStatus.UNAUTHORIZED, WRONG_AUDIENCE_MESSAGE);
    if (problem === 'expired') throw new SignInRefusedException('assertion-expired', HttpStatus.UNAUTHORIZED, ASSERTION_EXPIRED_MESSAGE);
    if (problem === 'solicited') throw new SignInRefusedException('sign-in-expired', HttpStatus.UNAUTHORIZED, SIGN_IN_EXPIRED_MESSAGE);
    throw new SignInRefusedException('response-unverified', HttpStatus.UNAUTHORIZED, TOKEN_REFUSED_MESSAGE);
  }

  /**
   * Single logout over the HTTP-POST binding, both ways. A LogoutRequest the IdP posts (it started the
   * logout) must carry its enveloped XML signature by one of the IdP's certificates, a known Issuer and
   * a valid NotOnOrAfter; it ends the sessions it names, as by redirect, and is answered with a
   * LogoutResponse posted back (or redirected when the IdP has no POST logout). A LogoutResponse it
   * posts (Masar started the logout) must be signed, answer a LogoutRequest Masar sent (its id is used
   * up) and say Success. Returns the page to post, or where to send the browser.
   */
  async singleLogoutByPost(request: Request): Promise<PostedSamlMessage | string> {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const relayState = typeof body.RelayState === 'string' ? body.RelayState : '';
    if (typeof body.SAMLRequest === 'string' && body.SAMLRequest) return this.logoutRequestPosted(body.SAMLRequest, relayState, request);
    if (typeof body.SAMLResponse === 'string' && body.SAMLResponse) return this.logoutResponsePosted(body.SAMLResponse);
    throw new BadRequestException({ statusCode: 400, message: LOGOUT_POST_MISSING_MESSAGE });
  }

  /** The LogoutRequest Masar's sign-out kept for its page (an IdP with the HTTP-POST logout only), once. */
  async postedLogout(id: string): Promise<PostedSamlMessage> {
    const message = await this.provider.takePostedLogout(id);
    if (!message) throw new NotFoundException({ statusCode: 404, message: LOGOUT_PAGE_GONE_MESSAGE });
    return message;
  }

  private async logoutRequestPosted(samlRequest: string, relayState: string, request: Request): Promise<PostedSamlMessage | string> {
    if (!rootIsSigned(Buffer.from(samlRequest, 'base64').toString('utf8'))) throw new BadRequestException({ statusCode: 400, message: LOGOUT_POST_UNSIGNED_MESSAGE });
    let profile: Profile | null;
    try {
      ({ profile } = await this.provider.get().validatePostRequestAsync({ SAMLRequest: samlRequest }));
    } catch (error) {
      throw new BadRequestException({ statusCode: 400, message: LOGOUT_REQUEST_UNVERIFIED_MESSAGE }, { cause: error });
    }
    if (!profile?.nameID) throw new BadRequestException({ statusCode: 400, message: LOGOUT_REQUEST_UNVERIFIED_MESSAGE });
    await this.endSessionsOf(profile, request);
    return this.provider.logoutResponse(profile, relayState, true);
  }

  private async logoutResponsePosted(samlResponse: string): Promise<string> {
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    if (!rootIsSigned(xml)) throw new BadRequestException({ statusCode: 400, message: LOGOUT_POST_UNSIGNED_MESSAGE });
    const refused = () => new BadRequestException({ statusCode: 400, message: LOGOUT_RESPONSE_UNVERIFIED_MESSAGE });
    if (!(await this.provider.logoutResponseSignatureVerifies(samlResponse))) throw refused();
    // node-saml checked the signature only: the issuer, the request it answers and its status are checked here.
    const facts = logoutResponseFacts(xml);
    const issuer = this.provider.settings.idp.entityId;
    if (!facts || (issuer && facts.issuer !== issuer) || !facts.inResponseTo) throw refused();
    if (!(await this.provider.consumeRequestId(facts.inResponseTo))) throw refused();
    if (!facts.success) throw new BadRequestException({ statusCode: 400, message: LOGOUT_RESPONSE_FAILED_MESSAGE });
    return '/login';
  }

  private signedInSessionsKey(nameID: string): string {
    return `${this.provider.settings.keyPrefix}sessions:${nameID}`;
  }

  /** Kept as long as a session can live, so a logout from the IdP finds it. */
  private async rememberSession(profile: Profile, sessionId: string): Promise<void> {
    const key = this.signedInSessionsKey(profile.nameID);
    const entry: SamlSignedInSession = { sessionId, sessionIndex: profile.sessionIndex ?? null };
    await this.redis.multi().sAdd(key, JSON.stringify(entry)).pExpire(key, this.config.session.absoluteTimeoutMs).exec();
  }

  private async endSessionsOf(profile: Profile, request: Request): Promise<void> {
    const key = this.signedInSessionsKey(profile.nameID);
    for (const member of await this.redis.sMembers(key)) {
      const entry = JSON.parse(member) as SamlSignedInSession;
      if (profile.sessionIndex && entry.sessionIndex !== profile.sessionIndex) continue;
      await new Promise<void>((resolve, reject) => request.sessionStore.destroy(entry.sessionId, (error: unknown) => (error ? reject(error) : resolve())));
      await this.redis.sRem(key, member);
    }
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
