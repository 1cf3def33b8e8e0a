import { JOB_CONTENT_MAX_LENGTH } from './jobs';

/**
 * What a person is told when their file cannot become a job description (svc-jobs says it; the
 * upload dialog recognises it to say it in Arabic).
 */
export const JOB_DOCUMENT_MESSAGES = {
  unsupportedType: 'Please upload a PDF, Word document, or text file',
  /** `mismatch` is the service kit's fragment, e.g. "is named .txt but holds an SVG image". */
  contentMismatch: (mismatch: string) => `This file ${mismatch}; please upload a PDF, Word document, or text file`,
  pdfPasswordProtected: 'This PDF is password-protected; remove the password and upload it again',
  pdfWithoutTextLayer: 'This PDF has no text layer (it looks scanned); upload a text-based PDF or paste the text',
  pdfDamaged: 'The file is damaged or not a valid PDF',
  wordTooLargeUnpacked: 'This Word document is too large when unpacked',
  wordPasswordProtected: 'This Word document is password-protected; remove the password and upload it again',
  wordDamaged: 'The file is damaged or not a valid Word document',
  noReadableText: 'The file contains no readable text',
  tooMuchText: `The file holds more text than a job description may (${JOB_CONTENT_MAX_LENGTH.toLocaleString('en-US')} characters)`,
} as const;
