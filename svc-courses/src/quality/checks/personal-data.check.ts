import { normaliseArabicLetters } from '@masar/contracts';
import { type CheckResult, fullTextOf, lessonsOf, type ReviewedCourse, resultOf } from './course-check';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
/** Addresses reserved for examples (RFC 2606 and 6761): they reach nobody. */
const EXAMPLE_DOMAIN = /@(?:[\p{L}\p{N}-]+\.)*(?:example\.(?:com|org|net)|[\p{L}\p{N}-]+\.(?:example|test|invalid|localhost))$/iu;
/**
 * A phone number: an international (+, 00) or trunk (0) prefix, then 8 to 14 more digits in groups
 * separated by spaces, dots, dashes or brackets. Arabic-Indic digits are read as digits first.
 */
const PHONE = /(?<![\p{L}\p{N}])(?:\+|00|0)\d(?:[\s.-]?\(?\d\)?){7,13}(?![\p{L}\p{N}])/gu;

function masked(value: string): string {
  return value.length <= 4 ? '…' : `${value.slice(0, 3)}…${value.slice(-2)}`;
}

/** The personal data a text holds: real email addresses and phone numbers, partly masked for the message. */
export function personalDataIn(text: string): string[] {
  const found: string[] = [];
  for (const [email] of text.matchAll(EMAIL)) {
    if (!EXAMPLE_DOMAIN.test(email)) found.push(`the email address ${masked(email)}`);
  }
  for (const [phone] of normaliseArabicLetters(text).matchAll(PHONE)) {
    const digits = phone.replace(/\D/g, '').length;
    if (digits >= 9 && digits <= 15) found.push(`the phone number ${masked(phone.replace(/\s+/g, ' '))}`);
  }
  return found;
}

/** Emails and phone numbers left in the course or its lessons (critical: they are someone's). */
export function checkPersonalData(course: ReviewedCourse): CheckResult[] {
  const inCourse = personalDataIn([course.description, course.objective ?? '', course.descriptionAr ?? ''].join('\n'));
  const results = [
    inCourse.length > 0
      ? resultOf('personal-data', 'critical', false, {}, `The course's description holds personal data: ${inCourse.join(', ')}.`)
      : resultOf('personal-data', 'critical', true, {}, "The course's description holds no email address or phone number."),
  ];
  for (const { module, lesson } of lessonsOf(course)) {
    const found = personalDataIn(fullTextOf(lesson));
    results.push(
      found.length > 0
        ? resultOf('personal-data', 'critical', false, { module, lesson }, `The lesson "${lesson.title}" holds personal data: ${found.join(', ')}. Remove it or use an example address.`)
        : resultOf('personal-data', 'critical', true, { module, lesson }, `The lesson "${lesson.title}" holds no email address or phone number.`),
    );
  }
  return results;
}
