import { z } from 'zod';

/**
 * What a username, a new password and a person's name may be. Shared by the gateway (400 before
 * anything is sent on), svc-identity (which owns the rule and checks again) and the shell's forms.
 */

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 64;
/** ASVS 2.1.1 and 2.1.2: at least 12 characters, and at least 64 allowed (we allow 128). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const PERSON_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** Raw text longer than this is refused before it is normalised (normalising can grow a string). */
const RAW_TEXT_MAX_LENGTH = 1000;

const REQUIRED = 'This field is required';

/** Length as a person counts it: code points, so an Arabic letter or an emoji is one character. */
export function characterCount(value: string): number {
  return Array.from(value).length;
}

/**
 * The one form of a username for storing and comparing: compatibility forms folded (fullwidth
 * "ａｄｍｉｎ" and Arabic presentation forms become the ordinary letters), trimmed, lower-cased,
 * so look-alikes made of those collide with the real name instead of impersonating it.
 */
export function normalizeUsername(username: string): string {
  return username.normalize('NFKC').trim().toLowerCase();
}

/** Spaces, control and format characters (zero-width, bidi overrides), unpaired surrogates, unassigned. */
const INVISIBLE_OR_CONTROL = /[\p{Z}\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u;
const LATIN_LETTER = /[a-z]/;
/** The 28 Arabic letters and hamza forms, without tatweel (U+0640) or diacritics: no look-alike padding. */
const ARABIC_LETTER = /[\u0621-\u063A\u0641-\u064A]/;
const USERNAME_CHARACTERS = /^[a-z0-9._\u0621-\u063A\u0641-\u064A-]+$/;

/** Why a normalised username is refused, or undefined when it is fine. */
export function usernameProblem(normalized: string): string | undefined {
  if (normalized.length === 0) return REQUIRED;
  if (INVISIBLE_OR_CONTROL.test(normalized)) return 'Usernames cannot contain spaces or invisible characters';
  const length = characterCount(normalized);
  if (length < USERNAME_MIN_LENGTH || length > USERNAME_MAX_LENGTH) {
    return `Use ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters`;
  }
  if (!USERNAME_CHARACTERS.test(normalized)) {
    return 'Use only English or Arabic letters, digits, dots, hyphens and underscores';
  }
  if (LATIN_LETTER.test(normalized) && ARABIC_LETTER.test(normalized)) {
    return 'Use either English or Arabic letters, not both';
  }
  if (!/^[\p{L}\p{Nd}]/u.test(normalized)) return 'Start with a letter or a digit';
  return undefined;
}

/** A new username: normalised, then checked. Its output is the stored form. */
export const usernameSchema = z
  .string({ error: REQUIRED })
  .max(RAW_TEXT_MAX_LENGTH, { error: 'Too long' })
  .transform(normalizeUsername)
  .superRefine((normalized, context) => {
    const problem = usernameProblem(normalized);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** Why a new password is refused by its length (the service adds the common-password and username checks). */
export function newPasswordLengthProblem(password: string): string | undefined {
  // An unpaired surrogate is not a character: hashed as UTF-8 it would become U+FFFD, so two such passwords would match.
  if (/\p{Cs}/u.test(password)) return 'The password contains something that is not a character';
  const length = characterCount(password);
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters`;
  return undefined;
}

/**
 * A new password (ASVS V2.1): 12 to 128 characters, every character allowed (spaces and any
 * script included), never trimmed, no composition rules.
 */
export const newPasswordSchema = z
  .string({ error: REQUIRED })
  .max(RAW_TEXT_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters` })
  .superRefine((password, context) => {
    const problem = password.length === 0 ? REQUIRED : newPasswordLengthProblem(password);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** Characters that change how text around them is displayed, or control the terminal: never in a name. */
const DISPLAY_CONTROL = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** What is left of a name once everything that shows nothing is removed. */
const SHOWS_NOTHING = /[\p{Z}\p{Cf}\p{M}\s]/gu;

/** A first or last name: trimmed, in any script, not blank to the eye, no display controls. */
export const personNameSchema = z
  .string({ error: REQUIRED })
  .max(RAW_TEXT_MAX_LENGTH, { error: 'Too long' })
  .transform((name) => name.normalize('NFC').trim())
  .superRefine((name, context) => {
    let problem: string | undefined;
    if (name.replace(SHOWS_NOTHING, '').length === 0) problem = REQUIRED;
    else if (DISPLAY_CONTROL.test(name) || /\p{Cs}/u.test(name)) problem = 'Remove control or invisible characters';
    else if (characterCount(name) > PERSON_NAME_MAX_LENGTH) problem = 'Too long';
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const emailSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED })
  .max(EMAIL_MAX_LENGTH, { error: 'Too long' })
  .pipe(z.email({ error: 'Enter a valid email address' }));
