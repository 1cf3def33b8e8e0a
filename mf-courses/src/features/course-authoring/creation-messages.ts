import {
  COURSE_CREATION_FALLBACK_REASONS,
  COURSE_DOCUMENT_MESSAGES,
  DOCUMENT_FORMAT_NAMES,
  documentProcessingFailedMessage,
  type Language,
  MAX_COURSE_DOCUMENT_CHARACTERS,
  readContentMismatchFragment,
} from '@masar/contracts';
import { agentTaskStepIn, argumentsOf, formatNumber } from '@masar/shell/runtime';
import type { TFunction } from 'i18next';

/** The key under which `record` holds `value`, or undefined. */
function keyHolding<K extends string, V>(record: Readonly<Record<K, V>>, value: V): K | undefined {
  return (Object.keys(record) as K[]).find((key) => record[key] === value);
}

function translated(message: string, t: TFunction, language: Language): string | undefined {
  const wrapped = argumentsOf(message, documentProcessingFailedMessage);
  if (wrapped) return t('authoring.messages.processingFailed', { reason: translated(wrapped[0], t, language) ?? wrapped[0] });

  const fallback = keyHolding(COURSE_CREATION_FALLBACK_REASONS, message);
  if (fallback) return t(`authoring.messages.reasons.${fallback}`);

  // The stages are the task's steps, which the agents' list shows too: the runtime knows them.
  const step = agentTaskStepIn(message, language);
  if (step !== message) return step;

  // The refusals that name only the file are translated under their own key in COURSE_DOCUMENT_MESSAGES.
  for (const [key, wording] of Object.entries(COURSE_DOCUMENT_MESSAGES)) {
    const named = wording.length === 1 ? argumentsOf(message, wording) : undefined;
    if (named) return t(`authoring.messages.files.${key}`, { fileName: named[0], limit: formatNumber(MAX_COURSE_DOCUMENT_CHARACTERS, language) });
  }
  const damaged = argumentsOf(message, COURSE_DOCUMENT_MESSAGES.damaged);
  const format = damaged && keyHolding<keyof typeof DOCUMENT_FORMAT_NAMES, string>(DOCUMENT_FORMAT_NAMES, damaged[1]);
  if (damaged && format) return t('authoring.messages.files.damaged', { fileName: damaged[0], format: t(`authoring.messages.formats.${format}`) });
  const mismatched = argumentsOf(message, COURSE_DOCUMENT_MESSAGES.contentMismatch);
  const mismatch = mismatched && readContentMismatchFragment(mismatched[1]);
  if (mismatched && mismatch) {
    return t('authoring.messages.files.contentMismatch', {
      fileName: mismatched[0],
      extension: mismatch.extension,
      content: t(`common:fileContents.${mismatch.content}`),
    });
  }
  return undefined;
}

/**
 * What a course-creation task says (its stage, why it failed, why a file was refused), in the
 * reader's language. English, and words it does not know, are shown as sent.
 */
export function creationMessageText(message: string, t: TFunction, language: Language): string {
  if (language === 'en') return message;
  return translated(message, t, language) ?? message;
}
