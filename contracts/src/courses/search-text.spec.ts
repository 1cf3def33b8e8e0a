import { keepingResults, languageOfLetters, normaliseSearchText, searchKeyOf, searchKeysOf } from './search-text';

describe('search text', () => {
  it('folds Arabic spellings and takes the article and the particles on it off, so every form of a word has one key', () => {
    for (const word of ['المهارات', 'والمهارات', 'بالمهارات', 'للمهارات', 'مهارات', 'المهاراتُ']) expect(searchKeyOf(word)).toBe('مهارات');
    expect(searchKeyOf('الإدارة')).toBe('اداره');
    expect(searchKeyOf('المحوريّة')).toBe('محوريه');
  });

  it('gives the same key for a word read again, however many other words were read in between', () => {
    expect(searchKeyOf('والمهارات')).toBe('مهارات');
    for (let n = 0; n < 60_000; n++) searchKeyOf(`word${n}`);
    expect(searchKeyOf('والمهارات')).toBe('مهارات');
    expect(searchKeyOf('XLOOKUP')).toBe('xlookup');
    expect(searchKeyOf('في')).toBe('');
  });

  it('keepingResults works a result out once per input, and forgets everything rather than grow past its capacity', () => {
    const inputs: string[] = [];
    const kept = keepingResults((input: string) => {
      inputs.push(input);
      return input.length;
    }, 2);
    expect([kept('ab'), kept('ab'), kept('abc'), kept('ab')]).toEqual([2, 2, 3, 2]);
    expect(inputs).toEqual(['ab', 'abc']);
    expect(kept('abcd')).toBe(4);
    expect(kept('ab')).toBe(2);
    expect(inputs).toEqual(['ab', 'abc', 'abcd', 'ab']);
  });

  it('keeps a stem of at least two letters and leaves a lone و or ب, which is often the word’s own letter', () => {
    expect(searchKeyOf('الم')).toBe('الم');
    expect(searchKeyOf('وزير')).toBe('وزير');
    expect(searchKeyOf('برمجة')).toBe('برمجه');
  });

  it('drops Arabic stop words, with a conjunction on them too', () => {
    expect(normaliseSearchText('تُعدّ الجداول المحورية من أهم أدوات Excel في تحليل البيانات، وهي التي')).toBe('تعد جداول محوريه اهم ادوات excel تحليل بيانات');
    expect(searchKeysOf('إلى على والتي')).toEqual([]);
  });

  it('reads a Latin name with Arabic particles on it as the name', () => {
    expect(searchKeyOf('وKubernetes')).toBe('kubernetes');
    expect(searchKeyOf('بالـPython')).toBe('python');
  });

  it('lower-cases Latin words and leaves English stop words to Postgres', () => {
    expect(searchKeysOf('XLOOKUP in k8s')).toEqual(['xlookup', 'in', 'k8s']);
  });

  it('tells the language by the letters, falling back when there are none', () => {
    expect(languageOfLetters('الجداول المحورية')).toBe('ar');
    expect(languageOfLetters('جداول Excel المحورية')).toBe('ar');
    expect(languageOfLetters('pivot tables')).toBe('en');
    expect(languageOfLetters('2024', 'ar')).toBe('ar');
  });
});
