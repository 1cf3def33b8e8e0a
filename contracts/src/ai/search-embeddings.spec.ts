import {
  decodeEmbedding,
  embedSearchTextsReplySchema,
  embedSearchTextsRequestSchema,
  encodeEmbedding,
  MAX_EMBEDDED_TEXT_LENGTH,
  MAX_EMBEDDED_TEXTS,
  MAX_EMBEDDING_DIMENSIONS,
} from './search-embeddings';

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
  it('takes vectors in base64 and refuses anything else', () => {
    expect(embedSearchTextsReplySchema.safeParse({ model: 'm', vectors: [encodeEmbedding([0.5, -1])] }).success).toBe(true);
    expect(embedSearchTextsReplySchema.safeParse({ model: 'm', vectors: [[0.5, -1]] }).success).toBe(false);
    expect(embedSearchTextsReplySchema.safeParse({ model: 'm', vectors: ['not base64!'] }).success).toBe(false);
    expect(embedSearchTextsReplySchema.safeParse({ model: 'm', vectors: [encodeEmbedding(new Array(MAX_EMBEDDING_DIMENSIONS + 1).fill(0.1))] }).success).toBe(false);
  });

  it('keeps the largest reply under NATS’s 1 MB', () => {
    const reply = { model: 'text-embedding-3-large', vectors: Array.from({ length: MAX_EMBEDDED_TEXTS }, () => encodeEmbedding(new Array(MAX_EMBEDDING_DIMENSIONS).fill(-0.0123456789))) };
    expect(embedSearchTextsReplySchema.safeParse(reply).success).toBe(true);
    expect(JSON.stringify({ id: 'x', response: reply, isDisposed: true }).length).toBeLessThan(1024 * 1024);
  });
});

describe('encodeEmbedding and decodeEmbedding', () => {
  it('give back the float32 values of the vector', () => {
    expect(decodeEmbedding(encodeEmbedding([1, 0, 0.05, -0.25]))).toEqual([1, 0, Math.fround(0.05), -0.25]);
  });

  it('refuse bytes that are not whole finite float32 values', () => {
    expect(decodeEmbedding('AAAA')).toBeNull();
    expect(decodeEmbedding('')).toBeNull();
    expect(decodeEmbedding(encodeEmbedding([Number.NaN]))).toBeNull();
    expect(decodeEmbedding('%%%')).toBeNull();
  });
});
