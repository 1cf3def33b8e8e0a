import { DOMParser } from '@xmldom/xmldom';

const SAML_PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const SAML_ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const SIGNATURE_NS = 'http://www.w3.org/2000/09/xmldsig#';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';

function parse(xml: string): Document | undefined {
  try {
    return new DOMParser({ errorHandler: () => undefined }).parseFromString(xml, 'text/xml');
  } catch {
    return undefined;
  }
}

/** Whether the message's root element carries an XML signature of its own (the HTTP-POST binding signs inside). */
export function rootIsSigned(xml: string): boolean {
  const root = parse(xml)?.documentElement;
  if (!root) return false;
  return Array.from(root.childNodes).some((node) => (node as Element).namespaceURI === SIGNATURE_NS && (node as Element).localName === 'Signature');
}

/** What Masar checks of a LogoutResponse once its signature is verified; null when it is not one. */
export function logoutResponseFacts(xml: string): { issuer: string; inResponseTo: string; success: boolean } | null {
  const root = parse(xml)?.documentElement;
  if (!root || root.namespaceURI !== SAML_PROTOCOL_NS || root.localName !== 'LogoutResponse') return null;
  const child = (namespace: string, name: string) => Array.from(root.childNodes).find((node) => (node as Element).namespaceURI === namespace && (node as Element).localName === name) as Element | undefined;
  const status = child(SAML_PROTOCOL_NS, 'Status');
  const code = status && (Array.from(status.childNodes).find((node) => (node as Element).localName === 'StatusCode') as Element | undefined);
  return {
    issuer: (child(SAML_ASSERTION_NS, 'Issuer')?.textContent ?? '').trim(),
    inResponseTo: root.getAttribute('InResponseTo') ?? '',
    success: code?.getAttribute('Value') === SUCCESS,
  };
}
