import { describeValidationError, isErrorReply } from './errors';
import { loginRequestSchema } from './identity/identity.schemas';
import { listJobDescriptionsQuerySchema } from './jobs/jobs';

describe('validation messages', () => {
  it('names the missing field', () => {
    const result = loginRequestSchema.safeParse({ username: 'admin' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(describeValidationError(result.error)).toBe('password: This field is required');
    }
  });

  it('treats a blank username as missing after trimming', () => {
    const result = loginRequestSchema.safeParse({ username: '   ', password: 'x' });
    expect(result.success).toBe(false);
    if (!result.success) expect(describeValidationError(result.error)).toBe('username: This field is required');
  });

  it('coerces and bounds pagination from a query string', () => {
    expect(listJobDescriptionsQuerySchema.parse({ page: '2' })).toEqual({ page: 2, pageSize: 20 });
    const tooBig = listJobDescriptionsQuerySchema.safeParse({ pageSize: '1000' });
    expect(tooBig.success).toBe(false);
    if (!tooBig.success) expect(describeValidationError(tooBig.error)).toBe('pageSize: Too long');
  });

  it('recognises the error shape', () => {
    expect(isErrorReply({ statusCode: 401, message: 'Invalid credentials' })).toBe(true);
    expect(isErrorReply({ status: 401 })).toBe(false);
  });
});
