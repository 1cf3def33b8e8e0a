import { findTermMatches, HighlightTerms, lightStem, previewAround } from './search-preview';

describe('search preview', () => {
  it('finds the words as written in the text, by a light stem and across Arabic spellings', () => {
    const text = 'Charts come next. Pivot Tables summarise rows; a pivot table refreshes.';
    expect(findTermMatches(text, ['pivot tables']).map((match) => match.text)).toEqual(['Pivot Tables', 'pivot table']);
    expect(findTermMatches('تُعدّ الجداول المحوريّة أداة مهمة', ['جداول محورية']).map((match) => match.text)).toEqual(['الجداول المحوريّة']);
    expect(lightStem('مهارات')).toBe(lightStem('مهارة'.replace('ة', 'ه')));
  });

  it('centres about 200 characters on the first match, cut at words, with … where the text goes on', () => {
    const text = `${'Lorem ipsum dolor sit amet. '.repeat(20)}XLOOKUP finds a value.${' Consectetur adipiscing elit.'.repeat(20)}`;
    const [match] = findTermMatches(text, ['xlookup']);
    const preview = previewAround(text, match);
    expect(preview.startsWith('…')).toBe(true);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview).toContain('XLOOKUP finds a value.');
    expect(preview.length).toBeLessThanOrEqual(202);
    expect(preview).not.toMatch(/… ?[a-z]{1,2}sum/);
  });

  it('shows a short text whole and a text without a match from its beginning', () => {
    expect(previewAround('Short text.', undefined)).toBe('Short text.');
    expect(previewAround('word '.repeat(100), undefined).startsWith('word word')).toBe(true);
  });
});

describe('highlight terms read once for a whole search', () => {
  it('finds the longest term at each place, whichever order the terms were given in, as findTermMatches does', () => {
    const terms = ['pivot', 'pivot tables', 'Excel', 'الجداول المحورية', 'tables of contents'];
    const text = 'In Excel, pivot tables differ from tables of contents; a pivot alone and الجداول المحوريّة too.';
    const highlight = new HighlightTerms(terms);
    expect(highlight.matchesIn(text).map((match) => match.text)).toEqual(['Excel', 'pivot tables', 'tables of contents', 'pivot', 'الجداول المحوريّة']);
    expect(highlight.matchesIn(text)).toEqual(findTermMatches(text, [...terms].reverse()));
    expect(new HighlightTerms([]).matchesIn(text)).toEqual([]);
  });

  it('finds the first match as matchesIn does, with a term of several words running to its end', () => {
    const highlight = new HighlightTerms(['pivot tables', 'tables', 'XLOOKUP']);
    const text = `${'Lorem ipsum dolor sit amet. '.repeat(50)}Pivot tables, then tables and XLOOKUP.`;
    expect(highlight.firstMatchIn(text)).toEqual(highlight.matchesIn(text)[0]);
    expect(highlight.firstMatchIn(text)?.text).toBe('Pivot tables');
    expect(highlight.firstMatchIn('Ends on a pivot')).toBeUndefined();
    expect(new HighlightTerms([]).firstMatchIn(text)).toBeUndefined();
  });
});
