import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSeedFile } from './seed-file.schema';

const FIXTURES = join(__dirname, '..', '..', 'test', 'fixtures', 'seed-data');
const fixture = (file: string) => readFileSync(join(FIXTURES, file), 'utf8');

describe('parseSeedFile', () => {
  it('accepts an internal course file, defaulting missing key points, activities and prerequisites', () => {
    const parsed = parseSeedFile('internal', fixture('internal/team-leadership-basics.json'));
    if (!parsed.ok || parsed.kind !== 'internal') throw new Error(`expected an internal course, got ${JSON.stringify(parsed)}`);
    const [course] = parsed.courses;
    expect(course).toMatchObject({ slug: 'team-leadership-basics', level: 'intermediate', prerequisites: [] });
    expect(course.modules[0].lessons[1]).toMatchObject({ type: 'quiz', keyPoints: [], activities: [] });
  });

  it('reads the language a course is written in: English unless the file says Arabic, and nothing else', () => {
    const english = JSON.parse(fixture('internal/sql-for-reporting.json')) as Record<string, unknown>;
    const languageOf = (file: Record<string, unknown>) => {
      const parsed = parseSeedFile('internal', JSON.stringify(file));
      return parsed.ok && parsed.kind === 'internal' ? parsed.courses[0].language : parsed;
    };
    expect(languageOf(english)).toBe('en');
    expect(languageOf({ ...english, language: 'ar' })).toBe('ar');
    expect(languageOf({ ...english, language: 'fr' })).toEqual({ ok: false, problem: expect.stringContaining('language: ') });
  });

  it('accepts an external file as a list of entries', () => {
    const parsed = parseSeedFile('external', fixture('external/sample-providers.json'));
    if (!parsed.ok || parsed.kind !== 'external') throw new Error('expected external entries');
    expect(parsed.courses.map((entry) => entry.provider)).toEqual(['AWS Skill Builder', 'Coursera', 'Scrum.org']);
  });

  it('names every field a bad internal file gets wrong', () => {
    const parsed = parseSeedFile('internal', fixture('internal/broken-course.json'));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problem).toContain('titleAr: ');
    expect(parsed.problem).toContain('level: ');
    expect(parsed.problem).toContain('modules: A course needs at least one module');
  });

  it('reports text that is not JSON instead of throwing', () => {
    expect(parseSeedFile('internal', '{"slug": ')).toEqual({ ok: false, problem: expect.stringMatching(/^not valid JSON/) });
  });

  it('refuses an internal course given where an external list is expected', () => {
    const parsed = parseSeedFile('external', fixture('internal/sql-for-reporting.json'));
    expect(parsed.ok).toBe(false);
  });

  it('refuses an external entry with a url that is not http(s), or a slug with spaces', () => {
    const [entry] = JSON.parse(fixture('external/sample-providers.json')) as Array<Record<string, unknown>>;
    const parsed = parseSeedFile('external', JSON.stringify([{ ...entry, url: 'ftp://example.com', slug: 'Has Spaces' }]));
    expect(parsed).toEqual({ ok: false, problem: expect.stringContaining('0.url: Must be an http(s) URL') });
    expect(parsed.ok || parsed.problem).toContain('0.slug: Must be lowercase words joined by hyphens');
  });
});
