import { landingPathOf } from './sign-in-landing';

describe('landingPathOf (RelayState after a SAML sign-in)', () => {
  it('keeps a path on Masar, with its query and fragment', () => {
    expect(landingPathOf('/courses')).toBe('/courses');
    expect(landingPathOf('/learning-paths/7?lang=ar#week-2')).toBe('/learning-paths/7?lang=ar#week-2');
  });

  it('sends anything else home: other hosts, schemes, relative or odd paths, non-strings', () => {
    for (const value of ['', 'courses', '//evil.example', '/\\evil.example', 'https://evil.example/x', 'javascript:alert(1)', '/a b', '/\tx', `/${'x'.repeat(1000)}`, undefined, 42, ['/courses']]) {
      expect(landingPathOf(value)).toBe('/');
    }
  });
});
