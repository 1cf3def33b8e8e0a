import { JOB_CONTENT_MAX_LENGTH, JOB_DOCUMENT_MESSAGES, type Language, readContentMismatchFragment } from '@masar/contracts';
import { argumentsOf } from '@masar/shell/runtime';
import type { TFunction } from 'i18next';

/** svc-jobs' fixed refusals of a file, by the key of their translation. */
const FIXED_REFUSALS: ReadonlyArray<[string, string]> = [
  [JOB_DOCUMENT_MESSAGES.unsupportedType, 'unsupportedType'],
  [JOB_DOCUMENT_MESSAGES.pdfPasswordProtected, 'pdfPasswordProtected'],
  [JOB_DOCUMENT_MESSAGES.pdfWithoutTextLayer, 'pdfWithoutTextLayer'],
  [JOB_DOCUMENT_MESSAGES.pdfDamaged, 'pdfDamaged'],
  [JOB_DOCUMENT_MESSAGES.wordTooLargeUnpacked, 'wordTooLargeUnpacked'],
  [JOB_DOCUMENT_MESSAGES.wordPasswordProtected, 'wordPasswordProtected'],
  [JOB_DOCUMENT_MESSAGES.wordDamaged, 'wordDamaged'],
  [JOB_DOCUMENT_MESSAGES.noReadableText, 'noReadableText'],
  [JOB_DOCUMENT_MESSAGES.tooMuchText, 'tooMuchText'],
];

/**
 * Why svc-jobs refused a posting's file, in the reader's language: its own refusals are translated
 * (a file named .pdf that holds an image keeps its extension and names the image in Arabic); anything
 * else, the runtime has already translated or it is shown as sent.
 */
export function uploadRefusalText(message: string, t: TFunction, language: Language): string {
  if (language === 'en') return message;
  const fixed = FIXED_REFUSALS.find(([sent]) => sent === message);
  if (fixed) return t(`refusals.${fixed[1]}`, { limit: new Intl.NumberFormat(language).format(JOB_CONTENT_MAX_LENGTH) });
  const fragment = argumentsOf(message, JOB_DOCUMENT_MESSAGES.contentMismatch);
  const mismatch = fragment && readContentMismatchFragment(fragment[0]);
  if (mismatch) return t('refusals.contentMismatch', { extension: mismatch.extension, content: t(`common:fileContents.${mismatch.content}`) });
  return message;
}
