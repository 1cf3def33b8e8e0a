import { parseIdentityProviderMetadata } from './saml-idp-metadata';

const entity = (descriptor: string) =>
  `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://idp.example">${descriptor}</md:EntityDescriptor>`;
const key = (use: string, body: string) =>
  `<md:KeyDescriptor${use ? ` use="${use}"` : ''}><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${body}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
const sso = (binding: string, location: string) => `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:${binding}" Location="${location}"/>`;

describe('parseIdentityProviderMetadata', () => {
  it('takes the redirect-binding sign-in URL and only the signing certificates (a rollover keeps both)', () => {
    const xml = entity(
      `<md:IDPSSODescriptor>${key('signing', 'AAA\n BBB')}${key('encryption', 'ENC')}${key('', 'NEXT')}${sso('HTTP-POST', 'https://idp.example/post')}${sso('HTTP-Redirect', 'https://idp.example/redirect')}</md:IDPSSODescriptor>`,
    );
    expect(parseIdentityProviderMetadata(xml)).toEqual({
      entityId: 'https://idp.example',
      entryPoint: 'https://idp.example/redirect',
      signingCertificates: ['AAABBB', 'NEXT'],
      logoutUrl: undefined,
      logoutPostUrl: undefined,
    });
  });

  it('takes the single logout URLs of both bindings', () => {
    const slo = (binding: string, location: string) => `<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:${binding}" Location="${location}"/>`;
    const xml = entity(`<md:IDPSSODescriptor>${key('signing', 'A')}${slo('HTTP-POST', 'https://idp.example/slo-post')}${slo('HTTP-Redirect', 'https://idp.example/slo')}${sso('HTTP-Redirect', 'https://idp.example/r')}</md:IDPSSODescriptor>`);
    expect(parseIdentityProviderMetadata(xml)).toMatchObject({ logoutUrl: 'https://idp.example/slo', logoutPostUrl: 'https://idp.example/slo-post' });
  });

  it('says what is missing or broken', () => {
    expect(parseIdentityProviderMetadata('<not xml')).toEqual({ problem: 'is not well-formed XML' });
    expect(parseIdentityProviderMetadata(entity(''))).toEqual({ problem: 'has no EntityDescriptor with an IDPSSODescriptor' });
    expect(parseIdentityProviderMetadata(entity(`<md:IDPSSODescriptor>${key('signing', 'A')}${sso('HTTP-POST', 'https://idp.example/post')}</md:IDPSSODescriptor>`))).toEqual({
      problem: 'has no SingleSignOnService with the HTTP-Redirect binding',
    });
    expect(parseIdentityProviderMetadata(entity(`<md:IDPSSODescriptor>${key('encryption', 'A')}${sso('HTTP-Redirect', 'https://idp.example/r')}</md:IDPSSODescriptor>`))).toEqual({
      problem: 'has no signing certificate (KeyDescriptor with an X509Certificate)',
    });
  });
});
