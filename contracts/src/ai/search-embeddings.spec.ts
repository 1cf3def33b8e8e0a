import { embedSearchTextsReplySchema, embedSearchTextsRequestSchema, MAX_EMBEDDED_TEXT_LENGTH, MAX_EMBEDDED_TEXTS } from './search-embeddings';

describe('embedSearchTextsRequestSchema', () => {
  it('takes a query and passages', () => {
    expect(embedSearchTextsRequestSchema.parse({ texts: ['pivot tables', 'A pivot table summarises rows.'] })).toEqual({
      texts: ['pivot tables', 'A pivot table summarises rows.'],
    });
  });

  it.each([
    ['no texts', { texts: [] }, 'Give at least one text to embed'],
    ['too many texts', { texts: Array.from({ length: MAX_EMBEDDED_TEXTS + 1 }, (_, index) => `text ${index}`) }, `at most ${MAX_EMBEDDED_TEXTS} texts`],
    ['a text too long', { texts: ['x'.repeat(MAX_EMBEDDED_TEXT_LENGTH + 1)] }, `at most ${MAX_EMBEDDED_TEXT_LENGTH} characters`],
    ['a blank text', { texts: ['query', ' \u00a0\n'] }, 'must not be blank'],
  ])('refuses %s with a message saying so', (_case, request, message) => {
    const parsed = embedSearchTextsRequestSchema.safeParse(request);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toContain(message);
  });
});

describe('embedSearchTextsReplySchema', () => {
  it('refuses a vector that is not numbers', () => {
    expect(embedSearchTextsReplySchema.safeParse({ model: 'm', vectors: [['a']] }).success).toBe(false);
    expect(embedSearchTextsReplySchema.safeParse({ model: 'm', vectors: [[]] }).success).toBe(false);
  });
});
