import { launchedPerson, LTI_CLAIMS, LTI_EMAIL_MISSING_MESSAGE, mayPlaceContent } from './lti-claims';

const base = { iss: 'https://lms.school.example', sub: 'u-1', email: 'Nour@School.example' };

describe('launchedPerson', () => {
  it('keys the account by the platform issuer and sub, takes name and language; everyone is a learner', () => {
    const instructor = {
      ...base,
      given_name: 'Nour',
      family_name: 'Al Saleh',
      [LTI_CLAIMS.ROLES]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
      [LTI_CLAIMS.LAUNCH_PRESENTATION]: { locale: 'ar-JO' },
    };
    expect(launchedPerson(instructor)).toEqual({
      person: { issuer: 'lti:https://lms.school.example', subject: 'u-1', email: 'nour@school.example', firstName: 'Nour', lastName: 'Al Saleh', role: 'learner', language: 'ar' },
    });
    expect(launchedPerson({ ...base, name: 'Sam Lee Park' })).toMatchObject({ person: { firstName: 'Sam', lastName: 'Lee Park', language: 'en' } });
    expect(launchedPerson(base)).toMatchObject({ person: { firstName: 'nour', lastName: '' } });
  });

  it('refuses a launch without a usable email', () => {
    expect(launchedPerson({ ...base, email: undefined })).toEqual({ refused: LTI_EMAIL_MISSING_MESSAGE });
    expect(launchedPerson({ ...base, email: '   ' })).toEqual({ refused: LTI_EMAIL_MISSING_MESSAGE });
    expect(launchedPerson({ ...base, email: 42 as unknown as string })).toEqual({ refused: LTI_EMAIL_MISSING_MESSAGE });
  });
});

describe('mayPlaceContent', () => {
  it('lets instructors, content developers and administrators place content, not learners', () => {
    const withRoles = (roles: unknown) => ({ ...base, [LTI_CLAIMS.ROLES]: roles });
    expect(mayPlaceContent(withRoles(['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor']))).toBe(true);
    expect(mayPlaceContent(withRoles(['ContentDeveloper']))).toBe(true);
    expect(mayPlaceContent(withRoles(['http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator']))).toBe(true);
    expect(mayPlaceContent(withRoles(['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner']))).toBe(false);
    expect(mayPlaceContent(withRoles('Instructor'))).toBe(false);
    expect(mayPlaceContent(base)).toBe(false);
  });
});
