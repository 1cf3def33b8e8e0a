import { speechTextOf } from './speech-text';
import { spokenTextOf } from './narration.service';

describe('speechTextOf', () => {
  it('drops Markdown marks and web addresses, keeping the words and the paragraphs', () => {
    const text = '# Joins\n\nA **left join** keeps *every* row; see [the guide](https://example.com/a?b=c) or https://www.example.org/x.\n\n- `INNER JOIN` keeps matches\n- > quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |';
    expect(speechTextOf(text)).toBe('Joins\n\nA left join keeps every row; see the guide or .\nINNER JOIN keeps matches\nquoted\n\na, b\n1, 2');
  });

  it('keeps Arabic text and its joiners, removing zero-width spaces and control characters', () => {
    expect(speechTextOf('\u200bالجداول\u0007 المحورية')).toBe('الجداول المحورية');
  });
});

describe('spokenTextOf', () => {
  it('reads the title first unless the text already starts with it', () => {
    expect(spokenTextOf({ title: 'Joins', text: 'A join combines tables.' })).toBe('Joins.\n\nA join combines tables.');
    expect(spokenTextOf({ title: 'Joins', text: 'Joins combine tables.' })).toBe('Joins combine tables.');
    expect(spokenTextOf({ title: '', text: 'A join.' })).toBe('A join.');
  });
});
