import { hasMarkdownHeadings, readMarkdownOutline, stripInlineMarkdown } from './markdown-outline';

describe('stripInlineMarkdown', () => {
  it('leaves the words a reader sees', () => {
    expect(stripInlineMarkdown('Wear **gloves** and *goggles*, see [the policy](https://x.org/p(1)) or ![a sign](sign.png).')).toBe(
      'Wear gloves and goggles, see the policy or a sign.',
    );
    expect(stripInlineMarkdown('Run `npm test`, read __this__ and ~~that~~ <br/> then \\*stop\\* <!-- note -->')).toBe(
      'Run npm test, read this and that  then *stop* ',
    );
    expect(stripInlineMarkdown('snake_case_name stays, 2 * 3 * 4 too')).toBe('snake_case_name stays, 2 * 3 * 4 too');
  });
});

describe('readMarkdownOutline', () => {
  it('reads front matter, ATX and setext headings, lists, quotes, tables and code', () => {
    const markdown = [
      '---',
      'title: "Fire Safety"',
      '---',
      'Fire Wardens',
      '============',
      '',
      'A fire warden checks that everyone has left.',
      '',
      '## Duties ##',
      '',
      '- Sweep the floor',
      '- Close the doors',
      '',
      '> Never go back inside.',
      '',
      '| Extinguisher | Use on |',
      '|---|---|',
      '| CO2 | electrical fires |',
      '',
      '```',
      'ALARM CODE 1234',
      '```',
      'Exits',
      '-----',
      'Keep exits clear.',
    ].join('\n');
    expect(readMarkdownOutline(markdown)).toEqual({
      declaredTitle: 'Fire Safety',
      blocks: [
        { kind: 'heading', level: 1, text: 'Fire Wardens' },
        { kind: 'paragraph', text: 'A fire warden checks that everyone has left.' },
        { kind: 'heading', level: 2, text: 'Duties' },
        { kind: 'paragraph', text: 'Sweep the floor' },
        { kind: 'paragraph', text: 'Close the doors' },
        { kind: 'paragraph', text: 'Never go back inside.' },
        { kind: 'paragraph', text: 'Extinguisher; Use on' },
        { kind: 'paragraph', text: 'CO2; electrical fires' },
        { kind: 'paragraph', text: 'ALARM CODE 1234' },
        { kind: 'heading', level: 2, text: 'Exits' },
        { kind: 'paragraph', text: 'Keep exits clear.' },
      ],
    });
  });

  it('tells Markdown by its # headings', () => {
    expect(hasMarkdownHeadings('Intro\n\n## Scope\n')).toBe(true);
    expect(hasMarkdownHeadings('Ticket #42 is closed.\n#hashtag')).toBe(false);
  });
});
