import {
  newPasswordSchema,
  normalizeUsername,
  personNameSchema,
  usernameSchema,
} from './credentials-policy';
import { createUserRequestSchema, listUsersQuerySchema, updateUserRequestSchema } from './people';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('usernames', () => {
  it.each([
    ['Admin', 'admin'],
    ['  layla.haddad ', 'layla.haddad'],
    ['ａｄｍｉｎ', 'admin'], // fullwidth letters fold to the ordinary ones, so they collide with "admin"
    ['\uFEB3\uFE8E\uFEAE\uFE93', 'سارة'], // Arabic presentation forms fold to letters
    ['سارة_2', 'سارة_2'],
  ])('keeps %j as %j', (raw, stored) => {
    expect(usernameSchema.parse(raw)).toBe(normalizeUsername(stored));
  });

  it.each([
    ['', 'This field is required'],
    ['   ', 'This field is required'],
    ['\u200B\u200B\u200B', 'Usernames cannot contain spaces or invisible characters'],
    ['ad\u200Bmin', 'Usernames cannot contain spaces or invisible characters'],
    ['ad min', 'Usernames cannot contain spaces or invisible characters'],
    ['adm\u202Ein', 'Usernames cannot contain spaces or invisible characters'],
    ['admin\u0000', 'Usernames cannot contain spaces or invisible characters'],
    ['ab\uD800c', 'Usernames cannot contain spaces or invisible characters'],
    ['ab', 'Use 3 to 64 characters'],
    ['a'.repeat(65), 'Use 3 to 64 characters'],
    ['x'.repeat(5000), 'Too long'],
    ['аdmin', 'Use only English or Arabic letters, digits, dots, hyphens and underscores'], // Cyrillic а
    ['josé', 'Use only English or Arabic letters, digits, dots, hyphens and underscores'],
    ['jose\u0301', 'Use only English or Arabic letters, digits, dots, hyphens and underscores'],
    ['سـارة', 'Use only English or Arabic letters, digits, dots, hyphens and underscores'], // tatweel
    ['admin@x', 'Use only English or Arabic letters, digits, dots, hyphens and underscores'],
    ['saraسارة', 'Use either English or Arabic letters, not both'],
    ['.admin', 'Start with a letter or a digit'],
  ])('refuses %j: %s', (raw, message) => {
    expect(messageOf(usernameSchema.safeParse(raw))).toBe(message);
  });
});

describe('new passwords', () => {
  it('takes 12 to 128 characters of anything, spaces and Arabic included, untrimmed', () => {
    expect(newPasswordSchema.parse('  twelve chars')).toBe('  twelve chars');
    expect(newPasswordSchema.parse('كلمة سر طويلة جدا')).toBe('كلمة سر طويلة جدا');
    expect(newPasswordSchema.parse('🔑'.repeat(12))).toBe('🔑'.repeat(12)); // 12 characters, 24 UTF-16 units
    expect(newPasswordSchema.safeParse('p'.repeat(128)).success).toBe(true);
  });

  it.each([
    ['', 'This field is required'],
    ['eleven char', 'Use at least 12 characters'],
    ['🔑'.repeat(11), 'Use at least 12 characters'],
    ['p'.repeat(129), 'Use at most 128 characters'],
    ['long enough \uD800 yes', 'The password contains something that is not a character'],
  ])('refuses %j: %s', (raw, message) => {
    expect(messageOf(newPasswordSchema.safeParse(raw))).toBe(message);
  });
});

describe('names', () => {
  it('trims and keeps any script', () => {
    expect(personNameSchema.parse('  ليلى ')).toBe('ليلى');
  });

  it.each([
    ['\u200B\u200C ', 'This field is required'],
    ['\u0651\u064E', 'This field is required'], // only diacritics: blank to the eye
    ['Eve\u202E', 'Remove control or invisible characters'],
    ['Eve\n', 'Eve'],
    ['n'.repeat(101), 'Too long'],
  ])('handles %j', (raw, expected) => {
    const result = personNameSchema.safeParse(raw);
    expect(result.success ? result.data : messageOf(result)).toBe(expected);
  });
});

describe('people requests', () => {
  it('defaults role, language and mustChangePassword, and refuses unknown fields', () => {
    const person = {
      username: 'Layla',
      password: 'a long password',
      firstName: 'Layla',
      lastName: 'Haddad',
      email: ' layla@masar.test ',
    };
    expect(createUserRequestSchema.parse(person)).toEqual({
      ...person,
      username: 'layla',
      email: 'layla@masar.test',
      role: 'learner',
      preferredLanguage: 'en',
      mustChangePassword: false,
    });
    expect(createUserRequestSchema.safeParse({ ...person, active: false }).success).toBe(false);
    expect(messageOf(createUserRequestSchema.safeParse({ ...person, email: 'nope' }))).toBe('Enter a valid email address');
  });

  it('needs a role or an active flag to update a person', () => {
    expect(messageOf(updateUserRequestSchema.safeParse({}))).toBe('Send a role, an active flag, or both');
    expect(updateUserRequestSchema.safeParse({ active: false }).success).toBe(true);
    expect(updateUserRequestSchema.safeParse({ role: 'owner' }).success).toBe(false);
  });

  it('reads the list filters from a query string', () => {
    expect(listUsersQuerySchema.parse({ search: ' haddad ', status: 'inactive', page: '2' })).toEqual({
      search: 'haddad',
      status: 'inactive',
      page: 2,
      pageSize: 20,
    });
  });
});
