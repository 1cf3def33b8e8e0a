import { fileTooLargeMessage, formatMegabytes } from './refusals';
import { DEFAULT_MAX_UPLOAD_BYTES } from './jobs/jobs';

describe('the upload limit as people read it', () => {
  it('names the limit in whole megabytes, or with one decimal when it is not whole', () => {
    expect(fileTooLargeMessage(DEFAULT_MAX_UPLOAD_BYTES)).toBe('File is too large (max 10 MB)');
    expect(fileTooLargeMessage(2.5 * 1024 * 1024)).toBe('File is too large (max 2.5 MB)');
    expect(formatMegabytes(512 * 1024)).toBe('0.5');
    expect(formatMegabytes(20 * 1024 * 1024 + 1)).toBe('20');
  });

  it('names the file when there are several', () => {
    expect(fileTooLargeMessage(10 * 1024 * 1024, 'notes.pdf')).toBe('"notes.pdf" is too large (max 10 MB)');
  });
});
