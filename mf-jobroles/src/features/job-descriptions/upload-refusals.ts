import { JOB_CONTENT_MAX_LENGTH, JOB_DOCUMENT_MESSAGES, type Language, readContentMismatchFragment } from '@masar/contracts';
import { argumentsOf } from '@masar/shell/runtime';
import type { TFunction } from 'i18next';


/**
 * Why svc-jobs refused a posting's file, in the reader's language: its own refusals are translated
 * (a file named .pdf that holds an image keeps its extension and names the image in Arabic); anything
 * else, the runtime has already translated or it is shown as sent.
 */
export function uploadRefusalText(message: string, t: TFunction, language: Language): string {
  if (language === 'en') return message;
  // A fixed refusal is translated under its own key in JOB_DOCUMENT_MESSAGES.
  const fixed = Object.entries(JOB_DOCUMENT_MESSAGES).find(([, sent]) => sent === message);
  if (fixed) return t(`refusals.${fixed[0]}`, { limit: new Intl.NumberFormat(language).format(JOB_CONTENT_MAX_LENGTH) });
  const fragment = argumentsOf(message, JOB_DOCUMENT_MESSAGES.contentMismatch);
  const mismatch = fragment && readContentMismatchFragment(fragment[0]);
  if (mismatch) return t('refusals.contentMismatch', { extension: mismatch.extension, content: t(`common:fileContents.${mismatch.content}`) });
  return message;
}
