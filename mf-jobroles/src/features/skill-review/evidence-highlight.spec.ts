import { evidenceOf } from '../job-descriptions/job-description.factory';
import { segmentsForEvidence } from './evidence-highlight';

function marked(content: string, evidence: Parameters<typeof segmentsForEvidence>[1]): string {
  return segmentsForEvidence(content, evidence)
    .map((segment) => (segment.highlighted ? `[${segment.text}]` : segment.text))
    .join('');
}

describe('segmentsForEvidence', () => {
  const posting = 'We need SQL and Python. SQL reporting is daily.';

  it('marks every span at its offsets and keeps the rest of the text', () => {
    const evidence = [evidenceOf(posting, 'SQL'), evidenceOf(posting, 'SQL', 10)];
    expect(marked(posting, evidence)).toBe('We need [SQL] and Python. [SQL] reporting is daily.');
  });

  it('joins overlapping spans into one mark', () => {
    const evidence = [
      { text: 'SQL and', start: 8, end: 15 },
      { text: 'and Python', start: 12, end: 22 },
    ];
    expect(marked(posting, evidence)).toBe('We need [SQL and Python]. SQL reporting is daily.');
  });

  it('finds the phrase when the offsets do not match the text, and drops a phrase that is not there', () => {
    const evidence = [
      { text: 'Python', start: 0, end: 6 },
      { text: 'Kotlin', start: 30, end: 36 },
    ];
    expect(marked(posting, evidence)).toBe('We need SQL and [Python]. SQL reporting is daily.');
  });

  it('highlights Arabic phrases at their offsets', () => {
    const arabic = 'نبحث عن محلل بيانات يتقن لغة بايثون وإدارة أصحاب المصلحة.';
    const evidence = [evidenceOf(arabic, 'بايثون'), evidenceOf(arabic, 'إدارة أصحاب المصلحة')];
    const segments = segmentsForEvidence(arabic, evidence);
    expect(segments.filter((segment) => segment.highlighted).map((segment) => segment.text)).toEqual([
      'بايثون',
      'إدارة أصحاب المصلحة',
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe(arabic);
  });

  it('returns the whole text unmarked without evidence', () => {
    expect(segmentsForEvidence(posting, [])).toEqual([{ text: posting, highlighted: false, start: 0 }]);
  });
});
