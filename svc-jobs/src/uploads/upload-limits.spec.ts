import { DEFAULT_MAX_UPLOAD_BYTES } from '@masar/contracts';
import { fileTooLargeMessage } from './upload-limits';

describe('fileTooLargeMessage', () => {
  it('names the configured limit in megabytes', () => {
    expect(fileTooLargeMessage(DEFAULT_MAX_UPLOAD_BYTES)).toBe('File is too large (max 10 MB)');
    expect(fileTooLargeMessage(2.5 * 1024 * 1024)).toBe('File is too large (max 2.5 MB)');
  });
});
