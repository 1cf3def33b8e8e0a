import { DEFAULT_MAX_UPLOAD_BYTES } from '@masar/contracts';
import { BadRequestException } from '@nestjs/common';
import { multipartErrorToHttp } from './multipart-errors';

describe('busboy refusing a body it cannot read', () => {
  const wording = { maxBytes: DEFAULT_MAX_UPLOAD_BYTES, tooManyFiles: 'Too many files', unexpectedField: () => 'Unexpected field' };

  // Every error busboy 1.6 raises (node_modules/busboy/lib): each is the sender's doing, so a 400.
  it.each([
    'Malformed content type',
    'Malformed part header',
    'Malformed urlencoded form',
    'Missing Content-Type',
    'Multipart: Boundary not found',
    'Unexpected end of file',
    'Unexpected end of form',
  ])('is a 400 that says the upload could not be read: %s', (message) => {
    const refusal = multipartErrorToHttp(new Error(message), wording);
    expect(refusal).toBeInstanceOf(BadRequestException);
    expect((refusal as BadRequestException).getResponse()).toEqual({ statusCode: 400, message: `The upload could not be read: ${message}` });
  });

  it('leaves any other failure as it is (a 500 the filter logs)', () => {
    const failure = new Error('ECONNRESET to the object store');
    expect(multipartErrorToHttp(failure, wording)).toBe(failure);
  });
});
