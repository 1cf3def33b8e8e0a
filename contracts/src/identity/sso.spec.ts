import { ssoSignInRequestSchema } from './sso';

const REQUEST = {
  issuer: 'https://idp.example.com',
  subject: 'u-1',
  email: 'Sara@Example.com',
  firstName: ' Sara ',
  lastName: 'Haddad',
  role: 'learner',
  language: 'ar',
} as const;

describe('ssoSignInRequestSchema: what an identity provider says of a person', () => {
  it('reads a person as the provider names them, trimmed, the address in lower case', () => {
    expect(ssoSignInRequestSchema.parse(REQUEST)).toMatchObject({ firstName: 'Sara', lastName: 'Haddad', email: 'sara@example.com' });
  });

  it('drops a NUL character from a name (PostgreSQL cannot store one) and refuses one in the issuer or subject', () => {
    expect(ssoSignInRequestSchema.parse({ ...REQUEST, firstName: 'Sa\u0000ra', lastName: '\u0000' })).toMatchObject({ firstName: 'Sara', lastName: '' });
    expect(ssoSignInRequestSchema.safeParse({ ...REQUEST, subject: 'u-\u00001' }).success).toBe(false);
    expect(ssoSignInRequestSchema.safeParse({ ...REQUEST, issuer: 'https://idp\u0000.example.com' }).success).toBe(false);
  });

  it('still limits a name to 100 characters', () => {
    expect(ssoSignInRequestSchema.safeParse({ ...REQUEST, firstName: 'x'.repeat(101) }).success).toBe(false);
  });
});
