import { clientErrorResponse, describeClientError } from './client-error';

const parserError = (code: string) => Object.assign(new Error('parse error'), { code });

describe('answers to requests the HTTP parser refuses', () => {
  it('names the problem: headers or address too large (431), too slow (408), malformed (400)', () => {
    expect(describeClientError(parserError('HPE_HEADER_OVERFLOW'))).toEqual({
      statusCode: 431,
      message: expect.stringMatching(/address or headers are too large/),
    });
    expect(describeClientError(parserError('ERR_HTTP_REQUEST_TIMEOUT')).statusCode).toBe(408);
    expect(describeClientError(parserError('HPE_INVALID_METHOD'))).toEqual({
      statusCode: 400,
      message: 'The request is not valid HTTP and could not be read',
    });
  });

  it('writes a complete HTTP response with the JSON body and its length', () => {
    const raw = clientErrorResponse({ statusCode: 431, message: 'Too large: ü' });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(head).toContain('Content-Type: application/json; charset=utf-8');
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(head).toContain('Connection: close');
    expect(JSON.parse(body)).toEqual({ statusCode: 431, message: 'Too large: ü' });
  });
});
