import { fileTooLargeMessage } from './uploads-store';

describe('fileTooLargeMessage', () => {
  it('says the configured limit in megabytes', () => {
    expect(fileTooLargeMessage(10 * 1024 * 1024)).toBe('File is too large (max 10 MB)');
    expect(fileTooLargeMessage(2.5 * 1024 * 1024)).toBe('File is too large (max 2.5 MB)');
  });

  it('names the file when there are several', () => {
    expect(fileTooLargeMessage(10 * 1024 * 1024, 'notes.pdf')).toBe('"notes.pdf" is too large (max 10 MB)');
  });
});
