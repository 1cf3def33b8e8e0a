import { SamlStatusError } from '@node-saml/node-saml';
import { samlRefusalOf, unverifiedAssertionId } from './saml-refusal';

const SIGNATURE = '<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#"/>';
const response = (assertionContent: string) =>
  `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_a1"><saml:Issuer>idp</saml:Issuer>${assertionContent}</saml:Assertion></samlp:Response>`;
const signed = response(SIGNATURE);
const codeOf = (message: string, xml = signed) => samlRefusalOf(new Error(message), xml).code;

describe('samlRefusalOf', () => {
  it("turns each of node-saml's refusals into the person's reason", () => {
    expect(codeOf('SAML assertion audience mismatch. Expected: a Received: b')).toBe('wrong-audience');
    expect(codeOf('SAML assertion has no AudienceRestriction')).toBe('wrong-audience');
    expect(codeOf('SAML assertion not yet valid')).toBe('assertion-expired');
    expect(codeOf('SAML assertion expired: clocks skewed too much')).toBe('assertion-expired');
    expect(codeOf('No valid subject confirmation found among those available in the SAML assertion')).toBe('assertion-expired');
    expect(codeOf('InResponseTo is not valid')).toBe('sign-in-expired');
    expect(codeOf('InResponseTo is missing from response')).toBe('sign-in-expired');
    expect(codeOf('Unknown SAML issuer. Expected: a Received: b')).toBe('response-unverified');
    expect(samlRefusalOf(new SamlStatusError('SAML provider returned Responder error: denied', '<Status/>'), signed).code).toBe('provider-refused');
  });

  it('tells a signature that does not verify from an assertion with no signature at all', () => {
    expect(codeOf('Invalid signature', signed)).toBe('bad-signature');
    expect(codeOf('Invalid signature', response(''))).toBe('unsigned');
    // A signature on the response only leaves the assertion unsigned: Masar requires the assertion's own.
    const responseSignedOnly = response('').replace('<saml:Assertion', `${SIGNATURE}<saml:Assertion`);
    expect(unverifiedAssertionId(responseSignedOnly)).toBe('_a1');
    expect(codeOf('Invalid signature', responseSignedOnly)).toBe('unsigned');
    expect(codeOf('Invalid signature', 'not xml at all')).toBe('bad-signature');
  });

  it('reads the id an unverified assertion claims, only to word the refusal', () => {
    expect(unverifiedAssertionId(signed)).toBe('_a1');
    expect(unverifiedAssertionId('<Response/>')).toBeUndefined();
  });
});
