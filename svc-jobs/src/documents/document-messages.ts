import { JOB_DOCUMENT_MESSAGES } from '@masar/contracts';

/** The documented job description types (spec section 5): a file must be named so, and hold what its name says. */
export const JOB_DESCRIPTION_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt'] as const;

/** What a person is told when their file cannot become a job description (worded in contracts, where the upload dialog reads it too). */
export const DOCUMENT_MESSAGES = JOB_DOCUMENT_MESSAGES;

/** The media types svc-jobs stores, decided from a file's bytes (never from its name). */
export const DOCUMENT_MEDIA_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  txt: 'text/plain',
} as const;
export type DocumentKind = keyof typeof DOCUMENT_MEDIA_TYPES;
