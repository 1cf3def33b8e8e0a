import { DOMParser } from '@xmldom/xmldom';

const SAML_PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/**
 * Whether a (not yet verified) SAML Response answers no request: a `samlp:Response` without
 * InResponseTo, as an IdP-initiated sign-in posts. Anything that is not a Response is left to
 * node-saml to refuse.
 */
export function isUnsolicitedResponse(responseXml: string): boolean {
  try {
    const document = new DOMParser({ errorHandler: () => undefined }).parseFromString(responseXml, 'text/xml');
    const root = document.documentElement;
    return root?.namespaceURI === SAML_PROTOCOL_NS && root.localName === 'Response' && !root.getAttribute('InResponseTo');
  } catch {
    return false;
  }
}

/** The signed assertion as node-saml hands it back (xml2js, namespace prefixes dropped). */
export interface ParsedSubjectConfirmation {
  $?: { Method?: string };
  SubjectConfirmationData?: { $?: { Recipient?: string; NotBefore?: string; NotOnOrAfter?: string; InResponseTo?: string } }[];
}

export type SubjectConfirmationProblem = 'wrong-recipient' | 'expired' | 'solicited' | 'missing';

/**
 * What is wrong with an assertion's bearer confirmations for this ACS, or null when one fits
 * (SAML 2.0 Web SSO profile, 4.1.4.2): its Recipient is our ACS URL and `now` is inside its
 * NotBefore / NotOnOrAfter (NotOnOrAfter required), give or take the clock skew. For an unsolicited
 * response the confirmation must not name a request either: a signed InResponseTo means it answered
 * one (which the solicited path checks), so it cannot pass as IdP-initiated.
 */
export function subjectConfirmationProblem(
  confirmations: ParsedSubjectConfirmation[] | undefined,
  options: { acsUrl: string; nowMs: number; clockSkewMs: number; unsolicited: boolean },
): SubjectConfirmationProblem | null {
  const bearers = (confirmations ?? []).filter((confirmation) => confirmation.$?.Method === BEARER);
  if (bearers.length === 0) return 'missing';
  let problem: SubjectConfirmationProblem = 'missing';
  for (const bearer of bearers) {
    const data = bearer.SubjectConfirmationData?.[0]?.$;
    if (!data) continue;
    if (data.Recipient !== options.acsUrl) {
      problem = 'wrong-recipient';
      continue;
    }
    const notOnOrAfter = data.NotOnOrAfter ? Date.parse(data.NotOnOrAfter) : NaN;
    const notBefore = data.NotBefore ? Date.parse(data.NotBefore) : -Infinity;
    if (Number.isNaN(notOnOrAfter) || Number.isNaN(notBefore) || options.nowMs >= notOnOrAfter + options.clockSkewMs || options.nowMs + options.clockSkewMs < notBefore) {
      problem = 'expired';
      continue;
    }
    if (options.unsolicited && data.InResponseTo) {
      problem = 'solicited';
      continue;
    }
    return null;
  }
  return problem;
}
