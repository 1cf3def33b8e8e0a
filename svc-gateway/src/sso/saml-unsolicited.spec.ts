import { isUnsolicitedResponse, ParsedSubjectConfirmation, subjectConfirmationProblem } from './saml-unsolicited';

const ACS = 'https://masar.acme.example/api/auth/saml/acs';
const NOW = Date.parse('2026-11-27T05:00:00Z');
const options = { acsUrl: ACS, nowMs: NOW, clockSkewMs: 60_000, unsolicited: true };

function bearer(data: Record<string, string>): ParsedSubjectConfirmation {
  return { $: { Method: 'urn:oasis:names:tc:SAML:2.0:cm:bearer' }, SubjectConfirmationData: [{ $: data }] };
}

describe('isUnsolicitedResponse', () => {
  const response = (attributes: string) =>
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_r1" Version="2.0"${attributes}></samlp:Response>`;
  it('is true for a SAML Response that names no request, false otherwise', () => {
    expect(isUnsolicitedResponse(response(''))).toBe(true);
    expect(isUnsolicitedResponse(response(' InResponseTo="_req1"'))).toBe(false);
    expect(isUnsolicitedResponse('<Response ID="_r1"/>')).toBe(false);
    expect(isUnsolicitedResponse('not xml at all')).toBe(false);
  });
});

describe('subjectConfirmationProblem', () => {
  it('accepts a bearer confirmation for our ACS inside its window (with clock skew)', () => {
    expect(subjectConfirmationProblem([bearer({ Recipient: ACS, NotOnOrAfter: '2026-11-27T05:05:00Z' })], options)).toBeNull();
    expect(subjectConfirmationProblem([bearer({ Recipient: ACS, NotOnOrAfter: '2026-11-27T04:59:30Z' })], options)).toBeNull();
    expect(subjectConfirmationProblem([bearer({ Recipient: ACS, NotBefore: '2026-11-27T05:00:30Z', NotOnOrAfter: '2026-11-27T05:05:00Z' })], options)).toBeNull();
  });

  it('names what is wrong', () => {
    expect(subjectConfirmationProblem(undefined, options)).toBe('missing');
    expect(subjectConfirmationProblem([{ $: { Method: 'urn:oasis:names:tc:SAML:2.0:cm:holder-of-key' } }], options)).toBe('missing');
    expect(subjectConfirmationProblem([bearer({ Recipient: `${ACS}/`, NotOnOrAfter: '2026-11-27T05:05:00Z' })], options)).toBe('wrong-recipient');
    expect(subjectConfirmationProblem([bearer({ Recipient: ACS, NotOnOrAfter: '2026-11-27T04:58:00Z' })], options)).toBe('expired');
    expect(subjectConfirmationProblem([bearer({ Recipient: ACS })], options)).toBe('expired');
    expect(subjectConfirmationProblem([bearer({ Recipient: ACS, NotBefore: '2026-11-27T05:02:00Z', NotOnOrAfter: '2026-11-27T05:05:00Z' })], options)).toBe('expired');
    const answering = [bearer({ Recipient: ACS, NotOnOrAfter: '2026-11-27T05:05:00Z', InResponseTo: '_req1' })];
    expect(subjectConfirmationProblem(answering, options)).toBe('solicited');
    expect(subjectConfirmationProblem(answering, { ...options, unsolicited: false })).toBeNull();
  });

  it('takes any one fitting confirmation among several', () => {
    const confirmations = [bearer({ Recipient: 'https://elsewhere.example/acs', NotOnOrAfter: '2026-11-27T05:05:00Z' }), bearer({ Recipient: ACS, NotOnOrAfter: '2026-11-27T05:05:00Z' })];
    expect(subjectConfirmationProblem(confirmations, options)).toBeNull();
  });
});
