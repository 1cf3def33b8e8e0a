import { findLocaleProblems } from './locale-parity';

describe('findLocaleProblems', () => {
  it('accepts matching files with real Arabic', () => {
    expect(findLocaleProblems({ a: { b: 'Save {{name}}' } }, { a: { b: 'احفظ {{name}}' } })).toEqual([]);
  });

  it('reports a key missing on either side', () => {
    expect(findLocaleProblems({ a: 'Save', b: 'Open' }, { a: 'احفظ', c: 'إغلاق' })).toEqual([
      'missing in ar: b',
      'missing in en: c',
    ]);
  });

  it('reports an English sentence copied into the Arabic file', () => {
    expect(findLocaleProblems({ title: 'Course Management' }, { title: 'Course Management' })).toEqual([
      'untranslated in ar: title',
    ]);
  });

  it('reports a transliteration instead of Arabic script', () => {
    expect(findLocaleProblems({ app: 'Masar' }, { app: 'Masaar' })).toEqual(['no Arabic text in ar: app']);
  });

  it('reports placeholders that differ', () => {
    expect(findLocaleProblems({ count: 'Courses: {{count}}' }, { count: 'الدورات: {{total}}' })).toEqual([
      'placeholders differ: count',
    ]);
  });

  it('lets a value without words stay the same in both languages', () => {
    expect(findLocaleProblems({ more: '+{{count}}' }, { more: '+{{count}}' })).toEqual([]);
  });

  it("accepts Arabic's own plural forms of a key English pluralises, a singular that spells its number out", () => {
    const en = { total_one: '{{count}} submission', total_other: '{{count}} submissions' };
    const ar = { total_zero: 'لا أعمال', total_one: 'عمل واحد', total_two: 'عملان', total_few: '{{count}} أعمال', total_many: '{{count}} عملًا', total_other: '{{count}} عمل' };
    expect(findLocaleProblems(en, ar)).toEqual([]);
  });

  it('still reports an Arabic plural form of a key English does not pluralise, and the plural placeholders that differ', () => {
    expect(findLocaleProblems({ total: 'Total' }, { total: 'المجموع', total_few: 'بعض' })).toEqual(['missing in en: total_few']);
    expect(findLocaleProblems({ total_other: '{{count}} items' }, { total_other: '{{total}} عناصر' })).toEqual(['placeholders differ: total_other']);
  });
});
