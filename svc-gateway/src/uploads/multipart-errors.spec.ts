import { DEFAULT_MAX_UPLOAD_BYTES } from '@masar/contracts';
import { fileTooLargeMessage, formatMegabytes } from './multipart-errors';

describe('the upload limit as people read it', () => {
  it('names the default limit in whole megabytes', () => {
    expect(fileTooLargeMessage(DEFAULT_MAX_UPLOAD_BYTES)).toBe('File is too large (max 10 MB)');
  });

  it('keeps one decimal for limits that are not whole megabytes', () => {
    expect(formatMegabytes(2.5 * 1024 * 1024)).toBe('2.5');
    expect(formatMegabytes(512 * 1024)).toBe('0.5');
    expect(formatMegabytes(20 * 1024 * 1024 + 1)).toBe('20');
  });
});
