import { execFileSync } from 'node:child_process';
import { createPublicKey, createSign, createVerify, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { encrypt } from 'xml-encryption';

const ASSERTION_XPATH = "//*[local-name(.)='Assertion']";

/** How the next answers are spoiled, to check that Masar refuses each (as oidc-provider-process's tamper does for OIDC). */
export type SamlTamper =
  | ''
  | 'audience'
  | 'expired'
  | 'not-yet-valid'
  | 'unsigned'
  | 'altered'
  | 'other-key'
  | 'reuse-assertion-id'
  /** The bearer confirmation names another service's ACS as Recipient. */
  | 'recipient'
  /** The bearer confirmation's NotOnOrAfter has passed while the Conditions are still valid. */
  | 'confirmation-expired'
  /** An unsolicited response whose signed confirmation still names a request (InResponseTo). */
  | 'confirmation-names-request';

export interface SamlAccount {
  nameId: string;
  attributes: Record<string, string | string[]>;
}

export interface SamlIdentityProvider {
  entityId: string;
  origin: string;
  ssoUrl: string;
  sloUrl: string;
  /** Its metadata XML written to a file, as an IdP administrator would download it. */
  metadataFile: string;
  certificatePem: string;
  tamper(mode: SamlTamper): void;
  /**
   * IdP-initiated sign-in: the person picks Masar's tile on the IdP's portal and gets a form posting an
   * unsolicited response (no InResponseTo) to `acsUrl`, with `relayState` when given.
   */
  startSignInHere(acsUrl: string, loginHint: string, relayState?: string): Promise<{ action: string; SAMLResponse: string; RelayState: string }>;
  /** The person's browser at the IdP: signs in as `loginHint` and gets the auto-posting form back. */
  answer(authnRequestUrl: string, loginHint: string): Promise<{ action: string; SAMLResponse: string; RelayState: string }>;
  /** The LogoutRequest a single-logout URL carries, decoded. */
  readLogoutRequest(logoutUrl: string): Document;
  /**
   * A logout started here: the URL that sends the person's browser to Masar's SingleLogoutService with a
   * LogoutRequest for `nameId` (and the session index of its latest sign-in here), signed (HTTP-Redirect
   * binding) unless `signed` is false, or signed by another key with `signedBy: 'other-key'`.
   */
  logoutRequestUrl(sloUrl: string, nameId: string, options?: { signed?: boolean; signedBy?: 'other-key'; withSessionIndex?: boolean }): string;
  /**
   * A logout started here, by the HTTP-POST binding: the form fields its page posts to Masar's
   * SingleLogoutService, the LogoutRequest signed inside (enveloped XML signature) unless `signed` is false.
   */
  postedLogoutRequest(sloUrl: string, nameId: string, options?: { signed?: boolean; signedBy?: 'other-key'; withSessionIndex?: boolean }): { SAMLRequest: string; RelayState: string };
  /** This IdP's answer by the HTTP-POST binding to a LogoutRequest Masar sent (its ID), signed unless `signed` is false. */
  postedLogoutResponse(sloUrl: string, inResponseTo: string, options?: { signed?: boolean; status?: 'Success' | 'Responder' }): { SAMLResponse: string };
  /** The form of a page that posts a SAML message (HTTP-POST binding): where it goes and its fields. */
  readPostPage(html: string): { action: string; fields: Record<string, string> };
  /** A posted SAML message's base64, decoded. */
  decodePosted(base64: string): Document;
  /** Whether a posted SAML message carries an enveloped XML signature that verifies against `certificatePem`. */
  postedMessageSignedBy(base64: string, certificatePem: string): boolean;
  /** The LogoutResponse a redirect back to this IdP carries, decoded (SAMLResponse). */
  readLogoutResponse(url: string): Document;
  /** AuthnRequests refused because their signature was missing or did not verify (with requestSigningCertificatePem). */
  readonly refusedRequests: number;
  stop(): Promise<void>;
}

export interface SamlIdentityProviderOptions {
  audience: string;
  /** The bindings of its SingleLogoutService in its metadata (redirect only unless told). */
  logoutBindings?: Array<'redirect' | 'post'>;
  accounts: Record<string, SamlAccount>;
  /** The SP's certificate: AuthnRequests must carry its HTTP-Redirect signature (WantAuthnRequestsSigned). */
  requestSigningCertificatePem?: string;
  /** The SP's certificate: assertions are signed, then encrypted to it (EncryptedAssertion, AES-256-GCM, RSA-OAEP). */
  encryptAssertionsToCertificatePem?: string;
}

export interface KeyPair {
  privateKeyPem: string;
  certificatePem: string;
}

/** A key and a self-signed certificate, as an IdP's signing key is. */
export function generateSigningKey(directory: string, name: string): KeyPair {
  const keyFile = path.join(directory, `${name}.key`);
  const certFile = path.join(directory, `${name}.crt`);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2', '-subj', `/CN=${name}`, '-keyout', keyFile, '-out', certFile], {
    stdio: 'ignore',
  });
  return { privateKeyPem: readFileSync(keyFile, 'utf8'), certificatePem: readFileSync(certFile, 'utf8') };
}

function certificateBody(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function escapeHtml(value: string): string {
  return escapeXml(value).replace(/'/g, '&#39;');
}

function decodeRedirectMessage(url: string, parameter: 'SAMLRequest' | 'SAMLResponse'): Document {
  const encoded = new URL(url).searchParams.get(parameter) ?? '';
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  return new DOMParser().parseFromString(xml, 'text/xml');
}

function signAssertion(xml: string, key: KeyPair, xpath = ASSERTION_XPATH): string {
  const signature = new SignedXml({
    privateKey: key.privateKeyPem,
    publicCert: key.certificatePem,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signature.addReference({
    xpath,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signature.computeSignature(xml, { location: { reference: `${xpath}/*[local-name(.)='Issuer']`, action: 'after' } });
  return signature.getSignedXml();
}

/**
 * Whether an HTTP-Redirect message's query signature verifies: the signed octets are the
 * SAMLRequest, RelayState and SigAlg parameters exactly as they were encoded in the URL, in that order.
 */
function redirectSignatureVerifies(rawUrl: string, certificatePem: string): boolean {
  const parameters = new Map((rawUrl.split('?')[1] ?? '').split('&').map((pair) => [pair.split('=')[0], pair] as const));
  const signature = parameters.get('Signature')?.slice('Signature='.length);
  const algorithm = decodeURIComponent(parameters.get('SigAlg')?.slice('SigAlg='.length) ?? '');
  if (!signature || algorithm !== 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256') return false;
  const signed = ['SAMLRequest', 'RelayState', 'SigAlg'].flatMap((name) => parameters.get(name) ?? []).join('&');
  return createVerify('RSA-SHA256').update(signed).verify(createPublicKey(certificatePem), decodeURIComponent(signature), 'base64');
}

/** The signed assertion replaced by an EncryptedAssertion to `certificatePem`, as an IdP that encrypts does. */
function encryptAssertion(signedResponse: string, certificatePem: string): Promise<string> {
  const assertion = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(signedResponse)?.[0] ?? '';
  return new Promise((resolve, reject) =>
    encrypt(
      assertion,
      {
        rsa_pub: createPublicKey(certificatePem).export({ type: 'spki', format: 'pem' }),
        pem: certificatePem,
        encryptionAlgorithm: 'http://www.w3.org/2009/xmlenc11#aes256-gcm',
        keyEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
        disallowEncryptionWithInsecureAlgorithm: true,
      },
      (error, encrypted) =>
        error ? reject(error) : resolve(signedResponse.replace(assertion, `<saml:EncryptedAssertion>${encrypted}</saml:EncryptedAssertion>`)),
    ),
  );
}

function attributeStatement(attributes: Record<string, string | string[]>): string {
  const values = Object.entries(attributes).map(([name, value]) => {
    const list = Array.isArray(value) ? value : [value];
    const xmlValues = list.map((item) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(item)}</saml:AttributeValue>`).join('');
    return `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${xmlValues}</saml:Attribute>`;
  });
  return `<saml:AttributeStatement>${values.join('')}</saml:AttributeStatement>`;
}

/**
 * A SAML 2.0 identity provider for the tests: HTTP-Redirect AuthnRequests in, HTTP-POST responses
 * out, assertions signed with RSA-SHA256 (xml-crypto) by a certificate made for the run. It answers
 * every AuthnRequest at `/sso` for the account named by `login_hint` (its sign-in page, in effect).
 */
export async function startSamlIdentityProvider(options: SamlIdentityProviderOptions): Promise<SamlIdentityProvider> {
  const directory = mkdtempSync(path.join(tmpdir(), 'masar-saml-idp-'));
  const signingKey = generateSigningKey(directory, 'idp-signing');
  const strangerKey = generateSigningKey(directory, 'someone-else');
  let tamper: SamlTamper = '';
  let lastAssertionId = '';
  let refusedRequests = 0;
  /** The SessionIndex of each NameID's latest sign-in here. */
  const sessionIndexes = new Map<string, string>();

  /** A signed response for `account`, answering the request `inResponseTo` (empty: unsolicited, IdP-initiated). */
  async function responseFor(inResponseTo: string, acsUrl: string, account: SamlAccount): Promise<string> {
    const now = Date.now();
    const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
    let notBefore = at(-30_000);
    let notOnOrAfter = at(5 * 60_000);
    if (tamper === 'expired') [notBefore, notOnOrAfter] = [at(-20 * 60_000), at(-10 * 60_000)];
    if (tamper === 'not-yet-valid') [notBefore, notOnOrAfter] = [at(10 * 60_000), at(20 * 60_000)];
    const audience = tamper === 'audience' ? 'https://another-service.example/saml' : options.audience;
    const recipient = tamper === 'recipient' ? 'https://another-service.example/saml/acs' : acsUrl;
    const confirmationNotOnOrAfter = tamper === 'confirmation-expired' ? at(-2 * 60_000) : notOnOrAfter;
    const confirmationInResponseTo = inResponseTo || (tamper === 'confirmation-names-request' ? `_req${randomBytes(8).toString('hex')}` : '');
    const inResponseToAttribute = (id: string) => (id ? ` InResponseTo="${escapeXml(id)}"` : '');
    const assertionId = tamper === 'reuse-assertion-id' && lastAssertionId ? lastAssertionId : `_a${randomBytes(16).toString('hex')}`;
    const sessionIndex = `_s${randomBytes(8).toString('hex')}`;
    sessionIndexes.set(account.nameId, sessionIndex);
    lastAssertionId = assertionId;
    const assertion =
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ID="${assertionId}" Version="2.0" IssueInstant="${at(0)}">` +
      `<saml:Issuer>${escapeXml(entityId)}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${escapeXml(account.nameId)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseToAttribute(confirmationInResponseTo)} NotOnOrAfter="${confirmationNotOnOrAfter}" Recipient="${escapeXml(recipient)}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escapeXml(audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${at(0)}" SessionIndex="${sessionIndex}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      attributeStatement(account.attributes) +
      `</saml:Assertion>`;
    const response =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${at(0)}" Destination="${escapeXml(acsUrl)}"${inResponseToAttribute(inResponseTo)}>` +
      `<saml:Issuer>${escapeXml(entityId)}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      assertion +
      `</samlp:Response>`;
    if (tamper === 'unsigned') return response;
    const signed = signAssertion(response, tamper === 'other-key' ? strangerKey : signingKey);
    // Signed first, then changed, as someone on the way would: the person asks for the admin role.
    const sent = tamper === 'altered' ? signed.replace('>staff<', '>masar-admins<') : signed;
    return options.encryptAssertionsToCertificatePem ? encryptAssertion(sent, options.encryptAssertionsToCertificatePem) : sent;
  }

  /** A LogoutRequest from this IdP for `nameId`, naming the session index of its latest sign-in here unless told not to. */
  function logoutRequestXml(destination: string, nameId: string, withSessionIndex: boolean): string {
    const now = Date.now();
    const sessionIndex = withSessionIndex ? sessionIndexes.get(nameId) : undefined;
    return (
      `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_l${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${new Date(now).toISOString()}" NotOnOrAfter="${new Date(now + 5 * 60_000).toISOString()}" Destination="${escapeXml(destination)}">` +
      `<saml:Issuer>${escapeXml(entityId)}</saml:Issuer>` +
      `<saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${escapeXml(nameId)}</saml:NameID>` +
      (sessionIndex ? `<samlp:SessionIndex>${sessionIndex}</samlp:SessionIndex>` : '') +
      `</samlp:LogoutRequest>`
    );
  }

  const server: Server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', origin);
    const account = options.accounts[url.searchParams.get('login_hint') ?? ''];
    if (url.pathname !== '/sso' || !account) {
      outgoing.writeHead(404).end();
      return;
    }
    if (options.requestSigningCertificatePem && !redirectSignatureVerifies(incoming.url ?? '', options.requestSigningCertificatePem)) {
      refusedRequests += 1;
      outgoing.writeHead(403).end();
      return;
    }
    const request = decodeRedirectMessage(url.toString(), 'SAMLRequest');
    const action = request.documentElement.getAttribute('AssertionConsumerServiceURL') ?? '';
    const relayState = url.searchParams.get('RelayState') ?? '';
    responseFor(request.documentElement.getAttribute('ID') ?? '', action, account).then(
      (response) =>
        outgoing.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(
          `<!doctype html><form method="post" action="${escapeHtml(action)}">` +
            `<input type="hidden" name="SAMLResponse" value="${escapeHtml(Buffer.from(response).toString('base64'))}">` +
            `<input type="hidden" name="RelayState" value="${escapeHtml(relayState)}"></form>`,
        ),
      () => outgoing.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/metadata`;
  const ssoUrl = `${origin}/sso`;
  const sloUrl = `${origin}/slo`;
  const sloPostUrl = `${origin}/slo-post`;
  const metadataFile = path.join(directory, 'idp-metadata.xml');
  writeFileSync(
    metadataFile,
    `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escapeXml(entityId)}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="${options.requestSigningCertificatePem ? 'true' : 'false'}" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>
      ${certificateBody(signingKey.certificatePem)}
    </ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:KeyDescriptor use="encryption"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificateBody(strangerKey.certificatePem)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    ${(options.logoutBindings ?? ['redirect'])
      .map((binding) =>
        binding === 'redirect'
          ? `<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escapeXml(sloUrl)}"/>`
          : `<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${escapeXml(sloPostUrl)}"/>`,
      )
      .join('')}
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${escapeXml(origin)}/sso-post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escapeXml(ssoUrl)}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>
`,
  );

  return {
    entityId,
    origin,
    ssoUrl,
    sloUrl,
    metadataFile,
    certificatePem: signingKey.certificatePem,
    tamper(mode) {
      tamper = mode;
    },
    get refusedRequests() {
      return refusedRequests;
    },
    async startSignInHere(acsUrl, loginHint, relayState = '') {
      const account = options.accounts[loginHint];
      if (!account) throw new Error(`No account ${loginHint} at the test IdP`);
      const response = await responseFor('', acsUrl, account);
      return { action: acsUrl, SAMLResponse: Buffer.from(response).toString('base64'), RelayState: relayState };
    },
    async answer(authnRequestUrl, loginHint) {
      // Appended as it is, so the signed parameters keep the exact encoding they were signed in.
      const page = await (await fetch(`${authnRequestUrl}&login_hint=${encodeURIComponent(loginHint)}`)).text();
      const form = new DOMParser().parseFromString(page.replace('<!doctype html>', ''), 'text/html');
      const field = (name: string) =>
        Array.from(form.getElementsByTagName('input')).find((input) => input.getAttribute('name') === name)?.getAttribute('value') ?? '';
      const action = form.getElementsByTagName('form')[0]?.getAttribute('action') ?? '';
      return { action, SAMLResponse: field('SAMLResponse'), RelayState: field('RelayState') };
    },
    readLogoutRequest(logoutUrl) {
      return decodeRedirectMessage(logoutUrl, 'SAMLRequest');
    },
    logoutRequestUrl(sloUrl, nameId, { signed = true, signedBy, withSessionIndex = true } = {}) {
      const xml = logoutRequestXml(sloUrl, nameId, withSessionIndex);
      const query = [
        `SAMLRequest=${encodeURIComponent(deflateRawSync(Buffer.from(xml)).toString('base64'))}`,
        `RelayState=${encodeURIComponent('idp-logout-1')}`,
        `SigAlg=${encodeURIComponent('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256')}`,
      ].join('&');
      if (!signed) return `${sloUrl}?${query}`;
      const key = signedBy === 'other-key' ? strangerKey : signingKey;
      const signature = createSign('RSA-SHA256').update(query).sign(key.privateKeyPem, 'base64');
      return `${sloUrl}?${query}&Signature=${encodeURIComponent(signature)}`;
    },
    postedLogoutRequest(masarSloUrl, nameId, { signed = true, signedBy, withSessionIndex = true } = {}) {
      const xml = logoutRequestXml(masarSloUrl, nameId, withSessionIndex);
      const sent = signed ? signAssertion(xml, signedBy === 'other-key' ? strangerKey : signingKey, "/*[local-name(.)='LogoutRequest']") : xml;
      return { SAMLRequest: Buffer.from(sent).toString('base64'), RelayState: 'idp-logout-post-1' };
    },
    postedLogoutResponse(masarSloUrl, inResponseTo, { signed = true, status = 'Success' } = {}) {
      const xml =
        `<samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_lr${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${escapeXml(masarSloUrl)}" InResponseTo="${escapeXml(inResponseTo)}">` +
        `<saml:Issuer>${escapeXml(entityId)}</saml:Issuer>` +
        `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:${status}"/></samlp:Status>` +
        `</samlp:LogoutResponse>`;
      const sent = signed ? signAssertion(xml, signingKey, "/*[local-name(.)='LogoutResponse']") : xml;
      return { SAMLResponse: Buffer.from(sent).toString('base64') };
    },
    readPostPage(html) {
      const page = new DOMParser().parseFromString(html.replace(/^<!doctype html>/i, ''), 'text/html');
      const form = page.getElementsByTagName('form')[0];
      const fields: Record<string, string> = {};
      for (const input of Array.from(page.getElementsByTagName('input'))) fields[input.getAttribute('name') ?? ''] = input.getAttribute('value') ?? '';
      return { action: form?.getAttribute('action') ?? '', fields };
    },
    decodePosted(base64) {
      return new DOMParser().parseFromString(Buffer.from(base64, 'base64').toString('utf8'), 'text/xml');
    },
    postedMessageSignedBy(base64, certificatePem) {
      const xml = Buffer.from(base64, 'base64').toString('utf8');
      const signature = new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0];
      if (!signature) return false;
      const verifier = new SignedXml({ publicCert: certificatePem, getCertFromKeyInfo: () => null });
      verifier.loadSignature(signature);
      try {
        return verifier.checkSignature(xml);
      } catch {
        return false;
      }
    },
    readLogoutResponse(url) {
      return decodeRedirectMessage(url, 'SAMLResponse');
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
