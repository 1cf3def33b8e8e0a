import { DOMParser } from '@xmldom/xmldom';

const METADATA_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
const SIGNATURE_NS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/** What Masar needs from an identity provider's SAML metadata. */
export interface SamlIdentityProviderMetadata {
  entityId: string;
  /** SingleSignOnService with the HTTP-Redirect binding: where the AuthnRequest goes. */
  entryPoint: string;
  /** The base64 bodies of its signing certificates (a rollover lists two). */
  signingCertificates: string[];
  /** SingleLogoutService with the HTTP-Redirect binding, when it offers one. */
  logoutUrl: string | undefined;
  /** SingleLogoutService with the HTTP-POST binding, when it offers one. */
  logoutPostUrl: string | undefined;
}

function serviceLocation(descriptor: Element, tag: string, binding: string = REDIRECT_BINDING): string | undefined {
  const services = Array.from(descriptor.getElementsByTagNameNS(METADATA_NS, tag));
  return services.find((service) => service.getAttribute('Binding') === binding)?.getAttribute('Location') ?? undefined;
}

/** Parses IdP metadata XML, or says what is missing (the message names no variable: the caller does). */
export function parseIdentityProviderMetadata(xml: string): SamlIdentityProviderMetadata | { problem: string } {
  let document: Document;
  try {
    let parseError: string | undefined;
    document = new DOMParser({ errorHandler: { error: (message) => (parseError = message), fatalError: (message) => (parseError = message) } }).parseFromString(
      xml,
      'text/xml',
    );
    if (parseError) return { problem: 'is not well-formed XML' };
  } catch {
    return { problem: 'is not well-formed XML' };
  }
  const entity = Array.from(document.getElementsByTagNameNS(METADATA_NS, 'EntityDescriptor'))[0];
  const descriptor = entity && Array.from(entity.getElementsByTagNameNS(METADATA_NS, 'IDPSSODescriptor'))[0];
  if (!entity || !descriptor) return { problem: 'has no EntityDescriptor with an IDPSSODescriptor' };
  const entryPoint = serviceLocation(descriptor, 'SingleSignOnService');
  if (!entryPoint) return { problem: 'has no SingleSignOnService with the HTTP-Redirect binding' };
  // A KeyDescriptor without `use` serves both signing and encryption.
  const signingCertificates = Array.from(descriptor.getElementsByTagNameNS(METADATA_NS, 'KeyDescriptor'))
    .filter((key) => (key.getAttribute('use') || 'signing') === 'signing')
    .flatMap((key) => Array.from(key.getElementsByTagNameNS(SIGNATURE_NS, 'X509Certificate')))
    .map((certificate) => (certificate.textContent ?? '').replace(/\s+/g, ''))
    .filter((certificate) => certificate.length > 0);
  if (signingCertificates.length === 0) return { problem: 'has no signing certificate (KeyDescriptor with an X509Certificate)' };
  return {
    entityId: entity.getAttribute('entityID') ?? '',
    entryPoint,
    signingCertificates,
    logoutUrl: serviceLocation(descriptor, 'SingleLogoutService'),
    logoutPostUrl: serviceLocation(descriptor, 'SingleLogoutService', POST_BINDING),
  };
}
