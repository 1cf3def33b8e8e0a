import { CONTENT_DESCRIPTIONS, type ContentKind, contentMismatchFragment, readContentMismatchFragment } from './content-kinds';

describe('the words for what a misnamed file holds', () => {
  it('reads back every fragment it writes', () => {
    for (const content of Object.keys(CONTENT_DESCRIPTIONS) as ContentKind[]) {
      expect(readContentMismatchFragment(contentMismatchFragment('.pdf', content))).toEqual({ extension: '.pdf', content });
    }
    expect(contentMismatchFragment('.txt', 'svg')).toBe('is named .txt but holds an SVG image');
  });

  it('reads nothing from other words', () => {
    expect(readContentMismatchFragment('is named .txt but holds a surprise')).toBeUndefined();
    expect(readContentMismatchFragment('holds an SVG image')).toBeUndefined();
  });
});
