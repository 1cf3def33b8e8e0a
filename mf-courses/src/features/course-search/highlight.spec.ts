import { highlightSegments } from './highlight';

const marked = (text: string, terms: string[]) =>
  highlightSegments(text, terms)
    .filter((segment) => segment.match)
    .map((segment) => segment.text);

describe('highlightSegments', () => {
  it('marks every occurrence of each term, whatever its case, and keeps the rest as written', () => {
    const segments = highlightSegments('Pivot tables summarise data. A PIVOT table groups rows.', ['pivot', 'tables']);
    expect(segments.map((segment) => segment.text).join('')).toBe('Pivot tables summarise data. A PIVOT table groups rows.');
    expect(segments.filter((segment) => segment.match).map((segment) => segment.text)).toEqual(['Pivot', 'tables', 'PIVOT']);
  });

  it('merges overlapping terms into one mark', () => {
    expect(marked('Build pivot tables quickly', ['pivot tables', 'tables', 'pivot'])).toEqual(['pivot tables']);
  });

  it('ignores blank and one-letter terms, and marks nothing when nothing matches', () => {
    expect(marked('A data table', ['a', ' ', ''])).toEqual([]);
    expect(highlightSegments('Nothing here', ['kubernetes'])).toEqual([{ text: 'Nothing here', match: false }]);
    expect(highlightSegments('', ['x'])).toEqual([]);
  });

  it('finds Arabic words whatever their alef and hamza forms, taa marbuta and diacritics', () => {
    // The text has a hamza on its alef and diacritics; the term has neither.
    expect(marked('تعلّم إنشاءَ الجداول المحوريّة خطوة بخطوة', ['انشاء', 'المحورية'])).toEqual(['إنشاءَ', 'المحوريّة']);
    // The other way round: a fully vowelled term finds the plain word, with its taa marbuta written as haa.
    expect(marked('ادارة الموارد البشريه', ['إدارة', 'البشرِيّة'])).toEqual(['ادارة', 'البشريه']);
  });

  it('keeps the diacritics on the last matched letter inside the mark', () => {
    expect(marked('الجدولُ المحوري', ['الجدول'])).toEqual(['الجدولُ']);
  });
});
