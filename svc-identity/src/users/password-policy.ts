import { newPasswordLengthProblem, normalizeUsername } from '@masar/contracts';
import { randomInt } from 'node:crypto';

/**
 * Passwords of 12 characters or more that lead every published list of breached passwords
 * (ASVS 2.1.7 asks for such a check; a short list keeps it offline). Compared in lower case.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456123456',
  '111111111111',
  '000000000000',
  '121212121212',
  '123123123123',
  '098765432109',
  '1q2w3e4r5t6y',
  'password1234',
  'password12345',
  'password123!',
  'passwordpassword',
  'password1password1',
  'p@ssw0rd1234',
  'p@ssword1234',
  'qwertyuiopas',
  'qwertyuiop12',
  'qwerty123456',
  'qwertyqwerty',
  'qwerty12345678',
  'asdfghjkl123',
  'asdfasdfasdf',
  'zxcvbnm12345',
  'abc123abc123',
  'abcdefghijkl',
  'abcd12345678',
  'abc123456789',
  'iloveyou1234',
  'iloveyouiloveyou',
  'letmein12345',
  'welcome12345',
  'welcome@1234',
  'welcome123456',
  'changeme1234',
  'changemechangeme',
  'administrator',
  'administrator1',
  'admin1234567',
  'admin123456789',
  'adminadmin123',
  'superman1234',
  'football1234',
  'baseball1234',
  'sunshine1234',
  'princess1234',
  'starwars1234',
  'trustno11234',
  'dragon123456',
  'monkey123456',
  'michael12345',
  'computer1234',
  'internet1234',
  'whatever1234',
  'masterkey123',
  'correcthorsebatterystaple',
  'correct horse battery staple',
  'masar1234567',
  'masarmasar12',
]);

/** Why a new password is refused, beyond its length, for this person; undefined when it is fine. */
export function passwordPolicyProblem(password: string, username: string): string | undefined {
  const lengthProblem = newPasswordLengthProblem(password);
  if (lengthProblem) return lengthProblem;
  const folded = password.normalize('NFKC').toLowerCase();
  if (COMMON_PASSWORDS.has(folded) || COMMON_PASSWORDS.has(folded.trim())) {
    return 'This password is too common: choose one that is harder to guess';
  }
  if (new Set(Array.from(folded)).size === 1) return 'Do not repeat one character: choose a longer phrase';
  if (folded.includes(normalizeUsername(username))) return 'The password must not contain the username';
  return undefined;
}

/** Letters and digits that cannot be mistaken for each other when read aloud or copied by hand. */
const GENERATED_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const GENERATED_LENGTH = 20;

/** A random password of 20 characters (about 117 bits), in groups of five for reading it out. */
export function generatePassword(): string {
  const characters = Array.from({ length: GENERATED_LENGTH }, () => GENERATED_ALPHABET[randomInt(GENERATED_ALPHABET.length)]);
  return [0, 5, 10, 15].map((start) => characters.slice(start, start + 5).join('')).join('-');
}
