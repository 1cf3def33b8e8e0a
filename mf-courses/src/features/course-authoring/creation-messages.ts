import {
  COURSE_CREATION_FALLBACK_REASONS,
  COURSE_CREATION_STAGE_MESSAGES,
  COURSE_DOCUMENT_MESSAGES,
  DOCUMENT_FORMAT_NAMES,
  documentProcessingFailedMessage,
  type Language,
  MAX_COURSE_DOCUMENT_CHARACTERS,
  readContentMismatchFragment,
} from '@masar/contracts';
import { argumentsOf } from '@masar/shell/runtime';
import type { TFunction } from 'i18next';

/** svc-courses' refusals of one course file that name only the file, by their translation's key. */
const FILE_REFUSALS: ReadonlyArray<[(fileName: string) => string, string]> = [
  // Before noReadableText, whose words it starts with.
  [COURSE_DOCUMENT_MESSAGES.scannedPdf, 'scannedPdf'],
  [COURSE_DOCUMENT_MESSAGES.noReadableText, 'noReadableText'],
  [COURSE_DOCUMENT_MESSAGES.unsupportedType, 'unsupportedType'],
  [COURSE_DOCUMENT_MESSAGES.legacyPowerPoint, 'legacyPowerPoint'],
  [COURSE_DOCUMENT_MESSAGES.passwordProtected, 'passwordProtected'],
  [COURSE_DOCUMENT_MESSAGES.tooLargeUnpacked, 'tooLargeUnpacked'],
  [COURSE_DOCUMENT_MESSAGES.tooMuchText, 'tooMuchText'],
];

function translated(message: string, t: TFunction, language: Language): string | undefined {
  const wrapped = argumentsOf(message, documentProcessingFailedMessage);
  if (wrapped) return t('authoring.messages.processingFailed', { reason: translated(wrapped[0], t, language) ?? wrapped[0] });

  const fallback = (Object.keys(COURSE_CREATION_FALLBACK_REASONS) as Array<keyof typeof COURSE_CREATION_FALLBACK_REASONS>).find(
    (key) => COURSE_CREATION_FALLBACK_REASONS[key] === message,
  );
  if (fallback) return t(`authoring.messages.reasons.${fallback}`);

  const stages = COURSE_CREATION_STAGE_MESSAGES;
  if (message === stages.chunking) return t('authoring.messages.chunking');
  if (message === stages.analyzing) return t('authoring.messages.analyzing');
  const count = (value: string) => new Intl.NumberFormat(language).format(Number(value));
  const many = argumentsOf(message, stages.readingMany);
  if (many && /^\d+$/.test(many[0])) return t('authoring.messages.readingMany', { count: count(many[0]) });
  const generating = argumentsOf(message, stages.generating);
  if (generating && generating.every((value) => /^\d+$/.test(value))) {
    return t('authoring.messages.generating', { modules: count(generating[0]), lessons: count(generating[1]) });
  }
  const one = argumentsOf(message, stages.readingOne);
  if (one) return t('authoring.messages.readingOne', { fileName: one[0] });

  for (const [wording, key] of FILE_REFUSALS) {
    const named = argumentsOf(message, wording);
    if (named) return t(`authoring.messages.files.${key}`, { fileName: named[0], limit: count(String(MAX_COURSE_DOCUMENT_CHARACTERS)) });
  }
  const damaged = argumentsOf(message, COURSE_DOCUMENT_MESSAGES.damaged);
  const format = damaged && (Object.keys(DOCUMENT_FORMAT_NAMES) as Array<keyof typeof DOCUMENT_FORMAT_NAMES>).find((key) => DOCUMENT_FORMAT_NAMES[key] === damaged[1]);
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
