import { BadRequestException } from '@nestjs/common';
import { holdsNulCharacter, RefuseNulCharactersPipe } from './nul-characters';
import { NUL_CHARACTER_MESSAGE } from '@masar/contracts';

describe('holdsNulCharacter', () => {
  it('finds a NUL in a string, in an array or object value at any depth, and in a key', () => {
    expect(holdsNulCharacter('a\u0000b')).toBe(true);
    expect(holdsNulCharacter({ skills: ['Excel', { name: 'pivot\u0000' }] })).toBe(true);
    expect(holdsNulCharacter({ 'na\u0000me': 'x' })).toBe(true);
  });

  it('passes text without one, numbers, nulls and empty values', () => {
    expect(holdsNulCharacter({ title: 'الجداول المحورية', hours: 6, tags: [], note: null, done: false })).toBe(false);
    expect(holdsNulCharacter(undefined)).toBe(false);
    expect(holdsNulCharacter('\\u0000 as six characters')).toBe(false);
  });

  it("does not read a file's bytes as text, but reads its name", () => {
    const file = { originalname: 'handbook.pdf', buffer: Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x00]) };
    expect(holdsNulCharacter(file)).toBe(false);
    expect(holdsNulCharacter({ ...file, originalname: 'hand\u0000book.pdf' })).toBe(true);
  });

  it('reads a body nested deeper, or an array wider, than the call stack would take', () => {
    let nested: unknown = 'end\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) nested = [nested];
    expect(holdsNulCharacter(nested)).toBe(true);
    // And one as wide as a 1 MB body of zeros allows.
    expect(holdsNulCharacter(JSON.parse(`[${'0,'.repeat(500_000)}"\\u0000"]`))).toBe(true);
  });
});

describe('RefuseNulCharactersPipe', () => {
  it('hands a value without a NUL on unchanged and refuses one with a 400 saying why', () => {
    const pipe = new RefuseNulCharactersPipe();
    const fields = { courseData: '{}' };
    expect(pipe.transform(fields)).toBe(fields);
    expect(() => pipe.transform({ useAIOrganization: 'tr\u0000ue' })).toThrow(new BadRequestException(NUL_CHARACTER_MESSAGE));
  });
});
