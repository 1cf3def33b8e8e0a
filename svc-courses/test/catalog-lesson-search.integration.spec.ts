import { createFreshDatabase, FreshDatabase } from '@masar/contracts/service-kit/testing';
import pino from 'pino';
import { DataSource } from 'typeorm';
import { CatalogSeeder } from '../src/catalog/catalog-seed';
import { BUILT_IN_SEED_DIR } from '../src/config';
import { findCandidateLessons } from '../src/course-authoring/catalog-lesson-search';
import { coursesDataSourceOptions, runCoursesMigrations } from '../src/database/data-source';

// The shipped catalog teaches team leadership twice: in English (leading-and-developing-teams) and in
// Arabic (leadership-and-leading-teams). A new course is made from material in its own language first.
describe('library lessons for a new course, by language', () => {
  let database: FreshDatabase;
  let dataSource: DataSource;
  const leadership = { texts: ['Leading teams', 'Delegation and coaching for new managers'], skills: ['Team Leadership', 'Delegation', 'Coaching'] };

  beforeAll(async () => {
    database = await createFreshDatabase('lesson_search_language');
    await runCoursesMigrations(database.url);
    dataSource = new DataSource(coursesDataSourceOptions(database.url));
    await dataSource.initialize();
    await new CatalogSeeder(dataSource, pino({ level: 'silent' })).seedFrom(BUILT_IN_SEED_DIR);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  async function languagesOfCandidates(language?: 'en' | 'ar'): Promise<string[]> {
    const candidates = await findCandidateLessons(dataSource.manager, { ...leadership, language });
    const languages = await dataSource.query<{ id: string; language: string }[]>(
      `SELECT id, language FROM courses.courses WHERE id = ANY($1::uuid[])`,
      [candidates.map((candidate) => candidate.courseId)],
    );
    const languageOf = new Map(languages.map((row) => [row.id, row.language]));
    return candidates.map((candidate) => languageOf.get(candidate.courseId) ?? '?');
  }

  it('offers both languages, the course language first', async () => {
    const forEnglish = await languagesOfCandidates('en');
    const forArabic = await languagesOfCandidates('ar');
    expect(new Set(forEnglish)).toEqual(new Set(['en', 'ar']));
    expect(forEnglish.indexOf('ar')).toBeGreaterThan(forEnglish.lastIndexOf('en'));
    expect(forArabic[0]).toBe('ar');
    expect(forArabic.indexOf('en')).toBeGreaterThan(forArabic.lastIndexOf('ar'));
  });
});
