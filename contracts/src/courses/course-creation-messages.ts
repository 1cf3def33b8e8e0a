/*
 * What a course-creation task says while it works and why it failed. svc-courses writes these words;
 * the Create dialog recognises them (from these same functions) to show them in the reader's language.
 */

/** Most text a course may be made from; longer files are refused rather than cut short. */
export const MAX_COURSE_DOCUMENT_CHARACTERS = 1_000_000;

/**
 * What a person is told when one of their course files cannot be read. Each message names the file
 * (several may be uploaded at once) and ends without a full stop: the task wraps it in a sentence.
 */
export const COURSE_DOCUMENT_MESSAGES = {
  unsupportedType: (fileName: string) =>
    `"${fileName}" is not a file type courses can be made from; upload a PDF, Word (.docx or .doc), PowerPoint (.pptx), text (.txt) or Markdown (.md) file`,
  /** `mismatch` is the service kit's fragment, e.g. "is named .txt but holds an SVG image". */
  contentMismatch: (fileName: string, mismatch: string) =>
    `"${fileName}" ${mismatch}; upload a PDF, Word (.docx or .doc), PowerPoint (.pptx), text (.txt) or Markdown (.md) file`,
  legacyPowerPoint: (fileName: string) =>
    `"${fileName}": Legacy PowerPoint (.ppt) files cannot be read; save the file as .pptx and upload it again`,
  passwordProtected: (fileName: string) => `"${fileName}" is password-protected; remove the password and upload it again`,
  damaged: (fileName: string, what: string) => `"${fileName}" is damaged or is not a valid ${what}`,
  tooLargeUnpacked: (fileName: string) => `"${fileName}" is too large when unpacked`,
  noReadableText: (fileName: string) => `"${fileName}" has no readable text`,
  scannedPdf: (fileName: string) => `"${fileName}" has no readable text (is it a scanned document?)`,
  tooMuchText: (fileName: string) =>
    `"${fileName}" holds more text than a course can be made from (at most ${MAX_COURSE_DOCUMENT_CHARACTERS.toLocaleString('en-US')} characters)`,
} as const;

/** How each format is named in "not a valid …" (an Office package that fails to open is a "Word or PowerPoint file"). */
export const DOCUMENT_FORMAT_NAMES = {
  pdf: 'PDF',
  docx: 'Word document',
  doc: 'Word document',
  pptx: 'PowerPoint presentation',
  office: 'Word or PowerPoint file',
} as const;

/** What a creation task says at each stage it reaches (its current step, also in the agents' list). */
export const COURSE_CREATION_STAGE_MESSAGES = {
  receivedOne: 'Received 1 file',
  receivedMany: (count: number) => `Received ${count} files`,
  readingOne: (fileName: string) => `Reading ${fileName}`,
  readingMany: (count: number) => `Reading ${count} documents`,
  chunking: 'Finding the chapters and sections of the documents',
  analyzing: 'Identifying the skills the course teaches',
  generating: (modules: number, lessons: number) => `Writing ${modules} modules and ${lessons} lessons`,
  created: 'Course created',
  /** What the Create dialog is told of a task someone cancelled. */
  cancelled: 'Cancelled',
} as const;

/** The reasons a failure gives when nobody said why. */
export const COURSE_CREATION_FALLBACK_REASONS = {
  /** The call that starts the task got no answer (a service away). */
  noAnswer: 'no answer',
  /** The task ended in error without a message. */
  noReason: 'no reason given',
  /** The task says it is complete but names no course. */
  noCourse: 'the task finished without a course',
  /** Reading the documents failed in a way no refusal describes. */
  unexpected: 'an unexpected error occurred while reading the documents',
} as const;
