import { spanAt, splitSentences } from './sentence-splitter';

describe('splitSentences', () => {
  const sentences = (text: string) => splitSentences(text).map((span) => text.slice(span.start, span.end));

  it('splits at line breaks and sentence-ending punctuation, Arabic included', () => {
    expect(sentences('You code. You test!\n- You ship?  هل تبرمج؟ نعم')).toEqual([
      'You code.',
      'You test!',
      '- You ship?',
      'هل تبرمج؟',
      'نعم',
    ]);
  });

  it('does not split at abbreviations or inside names', () => {
    expect(sentences('Tools (e.g. Docker, i.e. containers) and Node.js etc. are used.')).toEqual([
      'Tools (e.g. Docker, i.e. containers) and Node.js etc. are used.',
    ]);
  });

  it('finds the sentence holding an offset', () => {
    const spans = splitSentences('One. Two.');
    expect(spanAt(spans, 6)).toEqual({ start: 5, end: 9 });
    expect(spanAt(spans, 4)).toBeUndefined();
  });
});
