import { verdictOf } from './learning-records.processor';

describe('what the LRS answer means for a statement', () => {
  it.each([200, 204, 409])('%i: delivered (409: the LRS already has this id)', (status) => expect(verdictOf(status)).toBe('delivered'));
  it.each([401, 403, 408, 429, 500, 502, 503])('%i: sent again with backoff', (status) => expect(verdictOf(status)).toBe('retry'));
  it.each([400, 404, 413, 422])('%i: refused, not retried', (status) => expect(verdictOf(status)).toBe('refused'));
});
