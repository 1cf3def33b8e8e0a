import { CourseSummary, recommendCoursesBodySchema } from '@masar/contracts';
import { toRecommendations } from './course-recommendations';

function summary(id: string, title: string): CourseSummary {
  return {
    id,
    title,
    description: `${title} explained.`,
    duration: '3 weeks',
    format: 'Online',
    departmentOwner: 'Data',
    color: 'blue',
    abbreviation: 'CRS',
    imageUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const SQL_ID = '10000000-0000-4000-8000-000000000001';
const EXCEL_ID = '10000000-0000-4000-8000-000000000002';

describe('toRecommendations', () => {
  it('keeps the rank order and adds covered skills with the share of the request they cover', () => {
    const summaries = new Map([
      [SQL_ID, summary(SQL_ID, 'SQL')],
      [EXCEL_ID, summary(EXCEL_ID, 'Excel')],
    ]);
    const recommendations = toRecommendations(
      [
        { id: SQL_ID, covered_skills: ['SQL', 'Data Analysis'] },
        { id: EXCEL_ID, covered_skills: ['Data Analysis'] },
      ],
      summaries,
      4,
    );
    expect(recommendations.map(({ id, coveredSkills, coverage }) => ({ id, coveredSkills, coverage }))).toEqual([
      { id: SQL_ID, coveredSkills: ['SQL', 'Data Analysis'], coverage: 0.5 },
      { id: EXCEL_ID, coveredSkills: ['Data Analysis'], coverage: 0.25 },
    ]);
    expect(recommendations[0]).toMatchObject({ title: 'SQL', description: 'SQL explained.' });
  });

  it('leaves out a ranked course that was deleted before its summary was read', () => {
    const summaries = new Map([[EXCEL_ID, summary(EXCEL_ID, 'Excel')]]);
    const ranked = [
      { id: SQL_ID, covered_skills: ['SQL'] },
      { id: EXCEL_ID, covered_skills: ['Microsoft Excel'] },
    ];
    expect(toRecommendations(ranked, summaries, 2).map((course) => course.id)).toEqual([EXCEL_ID]);
  });
});

describe('recommendCoursesBodySchema', () => {
  it('trims names, drops blanks and keeps each skill once ignoring case (first spelling wins)', () => {
    expect(recommendCoursesBodySchema.parse({ skills: [' SQL ', 'sql', '', 'Python', 'PYTHON '] })).toEqual({
      skills: ['SQL', 'Python'],
    });
  });

  it('refuses no list, an empty list, only blanks, more than 100 names, or a name over 100 characters', () => {
    const messageOf = (body: unknown) => {
      const parsed = recommendCoursesBodySchema.safeParse(body);
      return parsed.success ? null : parsed.error.issues.map((issue) => issue.message);
    };
    expect(messageOf({})).toEqual(['Please provide at least one skill']);
    expect(messageOf({ skills: [] })).toEqual(['Please provide at least one skill']);
    expect(messageOf({ skills: [' '] })).toEqual(['Please provide at least one skill']);
    expect(messageOf({ skills: Array.from({ length: 101 }, (_, index) => `S${index}`) })).toEqual([
      'Please provide at most 100 skills',
    ]);
    expect(messageOf({ skills: ['x'.repeat(101)] })).toEqual(['Too long']);
  });
});
