import { HttpStatus } from '@nestjs/common';
import { SamlStatusError } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { PROVIDER_REFUSED_MESSAGE, SIGN_IN_EXPIRED_MESSAGE, TOKEN_REFUSED_MESSAGE } from './oidc.service';
import { SignInRefusedException } from './sign-in-refusal';

export const WRONG_AUDIENCE_MESSAGE = 'The sign-in from your identity provider was meant for another service, so you were not signed in to Masar';
export const ASSERTION_EXPIRED_MESSAGE = 'The sign-in from your identity provider has expired or is not valid yet; start again from the sign-in page';
export const BAD_SIGNATURE_MESSAGE = "The sign-in from your identity provider does not match its signing certificate, so you were not signed in";
export const UNSIGNED_MESSAGE = 'The sign-in from your identity provider is not signed, so you were not signed in';
export const REPLAYED_MESSAGE = 'This sign-in from your identity provider was already used; start again from the sign-in page';

const SAML_ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const SIGNATURE_NS = 'http://www.w3.org/2000/09/xmldsig#';

/** The (not yet verified) response's assertion element, only to choose which refusal to give. */
function unverifiedAssertion(responseXml: string): Element | undefined {
  try {
    const document = new DOMParser({ errorHandler: () => undefined }).parseFromString(responseXml, 'text/xml');
    return Array.from(document.getElementsByTagNameNS(SAML_ASSERTION_NS, 'Assertion'))[0];
  } catch {
    return undefined;
  }
}

/** Whether the response's assertion carries no signature of its own (so the refusal says "unsigned", not "bad signature"). */
function assertionIsUnsigned(responseXml: string): boolean {
  const assertion = unverifiedAssertion(responseXml);
  if (!assertion) return false;
  return !Array.from(assertion.childNodes).some((node) => (node as Element).namespaceURI === SIGNATURE_NS && (node as Element).localName === 'Signature');
}

/** The id a refused response's assertion claims: a refusal for an unknown InResponseTo says "replayed" when that id was already accepted. */
export function unverifiedAssertionId(responseXml: string): string | undefined {
  return unverifiedAssertion(responseXml)?.getAttribute('ID') || undefined;
}

function refusal(code: ConstructorParameters<typeof SignInRefusedException>[0], message: string, cause: unknown): SignInRefusedException {
  return new SignInRefusedException(code, HttpStatus.UNAUTHORIZED, message, cause);
}

/**
 * What node-saml's refusal of a SAML response means for the person. node-saml says why only in its
 * error messages, so they are matched here, each with a test against a real signed response.
 */
export function samlRefusalOf(error: unknown, responseXml: string): SignInRefusedException {
  if (error instanceof SamlStatusError) return refusal('provider-refused', PROVIDER_REFUSED_MESSAGE, error);
  const message = error instanceof Error ? error.message : '';
  if (/InResponseTo/.test(message)) return refusal('sign-in-expired', SIGN_IN_EXPIRED_MESSAGE, error);
  if (/audience/i.test(message)) return refusal('wrong-audience', WRONG_AUDIENCE_MESSAGE, error);
  if (/not yet valid|expired|No valid subject confirmation/.test(message)) return refusal('assertion-expired', ASSERTION_EXPIRED_MESSAGE, error);
  if (/signature/i.test(message)) {
    return assertionIsUnsigned(responseXml) ? refusal('unsigned', UNSIGNED_MESSAGE, error) : refusal('bad-signature', BAD_SIGNATURE_MESSAGE, error);
  }
  return refusal('response-unverified', TOKEN_REFUSED_MESSAGE, error);
}
