import { pageAfterSignOut } from './useSignOut';

describe('pageAfterSignOut', () => {
  it('is the home page after a password session, or when the logout call failed', () => {
    expect(pageAfterSignOut({ message: 'Logged out' })).toBe('/');
    expect(pageAfterSignOut(undefined)).toBe('/');
  });

  it("is the identity provider's logout after a single sign-on session", () => {
    const providerLogoutUrl = 'https://id.acme.example/session/end?id_token_hint=abc';
    expect(pageAfterSignOut({ message: 'Logged out', providerLogoutUrl })).toBe(providerLogoutUrl);
  });
});
