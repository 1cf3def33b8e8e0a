import type { AiCall } from '@masar/contracts';
import { aiCallCsvRecord, aiCallsCsvFileName, csvCell, csvRecord } from './ai-calls-csv';

const call: AiCall = {
  id: '0b5f8a3e-1c2d-4e5f-8a6b-7c8d9e0f1a2b',
  at: '2026-11-25T08:30:05.123Z',
  userId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  userRole: 'learner',
  feature: 'lesson-writing',
  provider: 'openai',
  model: 'gpt-4o-mini',
  promptTemplate: 'lesson-composition',
  promptVersion: 3,
  inputTokens: 1200,
  outputTokens: 800,
  inputCharacters: 5000,
  outputCharacters: 3000,
  latencyMs: 2100,
  outcome: 'succeeded',
  statusCode: null,
  error: null,
  requestId: 'req-1',
  userName: 'ليلى حداد',
  userEmail: 'layla@masar.test',
};

describe('csvCell', () => {
  it('leaves plain text and numbers as they are, and writes nothing for null', () => {
    expect(csvCell('gpt-4o-mini')).toBe('gpt-4o-mini');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell('مسار')).toBe('مسار');
  });

  it('quotes a comma, a quote or a line break, doubling quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each(['=SUM(A1)', '+1', '-1+2', '@cmd', '\tx', '\rx'])('neutralises %j, which a spreadsheet would run as a formula', (text) => {
    expect(csvCell(text).replace(/^"/, '')).toMatch(/^'/);
  });

  it('quotes a neutralised cell that also needs quoting', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });
});

describe('aiCallCsvRecord', () => {
  it('writes one call in the column order, ending with CRLF', () => {
    expect(aiCallCsvRecord(call)).toBe(
      '2026-11-25 08:30:05,ليلى حداد,layla@masar.test,learner,Lesson writing,openai,gpt-4o-mini,lesson-composition,3,1200,800,5000,3000,2100,succeeded,,,req-1\r\n',
    );
  });

  it("names Masar for its own work, the id of a person identity no longer knows, and a refusal's status and message", () => {
    const own = aiCallCsvRecord({ ...call, userId: null, userRole: null, userName: null, userEmail: null });
    expect(own.split(',').slice(1, 4)).toEqual(['Masar', '', '']);
    const gone = aiCallCsvRecord({ ...call, userName: null, userEmail: null });
    expect(gone.split(',')[1]).toBe(call.userId);
    const refused = aiCallCsvRecord({ ...call, outcome: 'refused', statusCode: 429, error: 'You have used your monthly AI budget of 1,000 tokens. It resets on 1 December 2026.' });
    expect(refused).toContain(',refused,429,"You have used your monthly AI budget of 1,000 tokens. It resets on 1 December 2026.",req-1\r\n');
  });
});

it('csvRecord joins cells with commas', () => {
  expect(csvRecord(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
});

it('names the file after the day of the export (UTC)', () => {
  expect(aiCallsCsvFileName(new Date('2026-11-25T23:59:59Z'))).toBe('masar-ai-calls-2026-11-25.csv');
});
