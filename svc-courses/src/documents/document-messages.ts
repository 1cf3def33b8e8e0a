/** Most text a course may be made from; longer files are refused rather than cut short. */
export const MAX_COURSE_DOCUMENT_CHARACTERS = 1_000_000;

/**
 * What a person is told when one of their course files cannot be read. Each message names the file
 * (several may be uploaded at once) and ends without a full stop: the task wraps it in a sentence.
 */
export const COURSE_DOCUMENT_MESSAGES = {
  unsupportedType: (fileName: string) =>
    `"${fileName}" is not a file type courses can be made from; upload a PDF, Word (.docx or .doc), PowerPoint (.pptx), text (.txt) or Markdown (.md) file`,
  /** `mismatch` is the shared fragment, e.g. "is named .txt but holds an SVG image". */
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

/** How each format is named in "not a valid …". */
export const DOCUMENT_FORMAT_NAMES = {
  pdf: 'PDF',
  docx: 'Word document',
  doc: 'Word document',
  pptx: 'PowerPoint presentation',
} as const;
