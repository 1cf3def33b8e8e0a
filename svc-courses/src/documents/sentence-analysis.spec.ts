import { contentWords, countWords, isMostlyArabic, leadingSentences, readingDuration, shortenAtWord, splitSentences } from './sentence-analysis';

describe('splitSentences', () => {
  it('splits after full stops, question and exclamation marks, but not after abbreviations, initials or inside numbers', () => {
    expect(
      splitSentences('Dr. Patel signs off each permit, e.g. for hot work. The limit is 3.5 metres! Is the area clear? Ask J. Smith first.'),
    ).toEqual(['Dr. Patel signs off each permit, e.g. for hot work.', 'The limit is 3.5 metres!', 'Is the area clear?', 'Ask J. Smith first.']);
  });

  it('splits at line breaks and drops list markers', () => {
    expect(splitSentences('Check the ladder\n- Feet on firm ground\n2) Three points of contact')).toEqual([
      'Check the ladder',
      'Feet on firm ground',
      'Three points of contact',
    ]);
  });

  it("splits Arabic text on '.', '؟', '!' and '؛'", () => {
    expect(splitSentences('ما هو الخطر؟ الخطر هو أي شيء يسبب ضرراً. لا تكون المخاطر مرئية دائماً؛ فالضوضاء تؤذي ببطء!')).toEqual([
      'ما هو الخطر؟',
      'الخطر هو أي شيء يسبب ضرراً.',
      'لا تكون المخاطر مرئية دائماً؛',
      'فالضوضاء تؤذي ببطء!',
    ]);
  });
});

describe('word measures', () => {
  it('counts words in English and Arabic', () => {
    expect(countWords("A worker's long-handled tool, 2 metres.")).toBe(6);
    expect(countWords('يجب إكمال التقرير خلال 24 ساعة')).toBe(6);
  });

  it('times reading at 200 words a minute, rounded up to 5 minutes', () => {
    expect(readingDuration(0)).toBe('5 min');
    expect(readingDuration(1000)).toBe('5 min');
    expect(readingDuration(1001)).toBe('10 min');
    expect(readingDuration(2500)).toBe('15 min');
  });

  it('keeps content words, stemmed lightly, without stop words, in both languages', () => {
    expect(contentWords('The hazards of the workplace are not always visible')).toEqual(['hazard', 'workplace', 'visible']);
    expect(contentWords('والحادث هو أي حدث في مكان العمل')).toEqual(['حادث', 'حدث', 'مكان', 'عمل']);
  });

  it('tells Arabic text by its letters', () => {
    expect(isMostlyArabic('تقييم المخاطر في العمل (risk)')).toBe(true);
    expect(isMostlyArabic('Risk assessment (تقييم)')).toBe(false);
  });
});

describe('leadingSentences', () => {
  it('takes the first sentences that fit, skipping fragments such as a subtitle', () => {
    const text = 'Induction training\nA hazard can cause harm. A risk is its chance. Everyone reports hazards.';
    expect(leadingSentences(text, 2, 300)).toBe('A hazard can cause harm. A risk is its chance.');
    expect(leadingSentences(text, 2, 30)).toBe('A hazard can cause harm.');
    expect(leadingSentences('One very long sentence about hazards that goes on.', 2, 20)).toBe('One very long…');
  });

  it('shortens at a word', () => {
    expect(shortenAtWord('Keep every fire exit clear', 100)).toBe('Keep every fire exit clear');
    expect(shortenAtWord('Keep every fire exit clear', 16)).toBe('Keep every fire…');
  });
});
