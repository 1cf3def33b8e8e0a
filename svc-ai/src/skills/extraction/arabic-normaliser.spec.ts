import { arabicAliasKey, arabicWordForms, attachedParticleLength, normaliseArabicLetters } from './arabic-normaliser';

describe('normaliseArabicLetters', () => {
  it('folds alef, yaa and taa marbuta variants', () => {
    expect(normaliseArabicLetters('إدارة')).toBe(normaliseArabicLetters('ادارة'));
    expect(normaliseArabicLetters('أداء')).toBe('اداء');
    expect(normaliseArabicLetters('مستوى')).toBe(normaliseArabicLetters('مستوي'));
    expect(normaliseArabicLetters('برمجة')).toBe('برمجه');
  });

  it('drops diacritics and tatweel', () => {
    expect(normaliseArabicLetters('البَرْمَجَة')).toBe(normaliseArabicLetters('البرمجة'));
    expect(normaliseArabicLetters('البـــرمجة')).toBe(normaliseArabicLetters('البرمجة'));
  });

  it('reads Arabic-Indic digits as digits', () => {
    expect(normaliseArabicLetters('٥ سنوات')).toBe('5 سنوات');
    expect(normaliseArabicLetters('۳')).toBe('3');
  });
});

describe('arabicWordForms', () => {
  const key = arabicAliasKey('برمجة');

  it.each(['برمجة', 'البرمجة', 'والبرمجة', 'بالبرمجة', 'للبرمجة', 'وبالبرمجة', 'فالبرمجة', 'كالبرمجة', 'وبرمجة', 'البرمجه'])(
    'offers the bare word among the readings of %s',
    (word) => {
      expect(arabicWordForms(word)).toContain(key);
    },
  );

  it('keeps the word itself when its first letter is part of it (ب in بيانات)', () => {
    expect(arabicWordForms('بيانات')).toContain(arabicAliasKey('بيانات'));
    expect(arabicWordForms('البيانات')).toContain(arabicAliasKey('بيانات'));
  });

  it('gives an alias written with or without the article one key', () => {
    expect(arabicAliasKey('البرمجة')).toBe(arabicAliasKey('برمجة'));
  });
});

describe('attachedParticleLength', () => {
  it.each([
    ['وحماية', 'حمايه', 1],
    ['وبالبرمجة', 'برمجه', 2],
    ['بالبرمجة', 'برمجه', 1],
    ['البرمجة', 'برمجه', 0],
    ['برمجة', 'برمجه', 0],
    ['للبرمجة', 'برمجه', 0],
    ['وَحماية', 'حمايه', 2],
  ])('skips the particles of %s before %s', (word, key, length) => {
    expect(attachedParticleLength(word, key)).toBe(length);
  });
});
