import { modelTextWithoutNulCharacters } from './openai-chat';

describe("modelTextWithoutNulCharacters: a model's answer PostgreSQL can store", () => {
  it('drops raw NUL characters from any answer', () => {
    expect(modelTextWithoutNulCharacters('Pivot\u0000 tables', { json: false })).toBe('Pivot tables');
    expect(modelTextWithoutNulCharacters('{"a":"b\u0000"}', { json: true })).toBe('{"a":"b"}');
  });

  it('drops the JSON escape \\u0000 from a JSON answer, but not an escaped backslash followed by "u0000"', () => {
    expect(modelTextWithoutNulCharacters('{"a":"x\\u0000y"}', { json: true })).toBe('{"a":"xy"}');
    expect(modelTextWithoutNulCharacters('{"a":"x\\\\u0000y"}', { json: true })).toBe('{"a":"x\\\\u0000y"}');
    expect(modelTextWithoutNulCharacters('{"a":"x\\\\\\u0000y"}', { json: true })).toBe('{"a":"x\\\\y"}');
    expect(JSON.parse(modelTextWithoutNulCharacters('{"a":"x\\\\\\u0000y"}', { json: true }))).toEqual({ a: 'x\\y' });
  });

  it('keeps the six characters \\u0000 in a plain-text answer, where they are text', () => {
    expect(modelTextWithoutNulCharacters('C strings end with \\u0000.', { json: false })).toBe('C strings end with \\u0000.');
  });
});
