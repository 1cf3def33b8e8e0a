import { listCoursesQuerySchema } from '@masar/contracts';
import { ILike, Raw } from 'typeorm';
import { listFindOptions, toCourseSummary } from './courses.service';
import { Course } from './entities/course.entity';

describe('listFindOptions', () => {
  it('lists newest first with the default page when no query is given', () => {
    const options = listFindOptions(listCoursesQuerySchema.parse({}));
    expect(options.where).toEqual({ status: 'published' });
    expect(options.order).toEqual({ createdAt: 'DESC', id: 'DESC' });
    expect(options).toMatchObject({ skip: 0, take: 20 });
  });

  it('skips the earlier pages', () => {
    const options = listFindOptions(listCoursesQuerySchema.parse({ page: '4', pageSize: '10' }));
    expect(options).toMatchObject({ skip: 30, take: 10 });
  });

  it('filters titles case-insensitively with the wildcards in q escaped', () => {
    const options = listFindOptions(listCoursesQuerySchema.parse({ q: ' SQL_101 at 100% ' }));
    expect(options.where).toEqual({ status: 'published', title: ILike('%SQL\\_101 at 100\\%%') });
  });

  it('lists only published courses to learners; admins see drafts too, or the status they filter on', () => {
    const query = listCoursesQuerySchema.parse({});
    expect(listFindOptions(query, { drafts: false }).where).toEqual({ status: 'published' });
    expect(listFindOptions(query, { drafts: true }).where).toEqual({});
    expect(listFindOptions(listCoursesQuerySchema.parse({ status: 'draft' }), { drafts: true }).where).toEqual({ status: 'draft' });
    expect(listFindOptions(listCoursesQuerySchema.parse({ status: 'draft' }), { drafts: false }).where).toEqual({ status: 'published' });
  });

  it('filters by skill ignoring case, and by category, level and kind exactly', () => {
    const options = listFindOptions(
      listCoursesQuerySchema.parse({ skill: ' sql ', category: 'Data Analysis', level: 'beginner', kind: 'external' }),
    );
    const where = options.where as Record<string, unknown>;
    expect(where).toMatchObject({ category: 'Data Analysis', level: 'beginner', kind: 'external' });
    const skill = where.skills as ReturnType<typeof Raw>;
    expect(skill.getSql?.('"skills"')).toBe('"courses"."lowercase_skills"("skills") @> ARRAY[lower(:skill)]');
    expect(skill.objectLiteralParameters).toEqual({ skill: 'sql' });
  });

  it('refuses a level or kind that does not exist', () => {
    expect(listCoursesQuerySchema.safeParse({ level: 'expert' }).success).toBe(false);
    expect(listCoursesQuerySchema.safeParse({ kind: 'partner' }).success).toBe(false);
  });

  it('ignores a q that is only spaces', () => {
    expect(listFindOptions(listCoursesQuerySchema.parse({ q: '  ' })).where).toEqual({ status: 'published' });
  });
});

describe('toCourseSummary', () => {
  it('maps a row to the reply shape with an ISO creation date', () => {
    const row = Object.assign(new Course(), {
      id: '6f1d7a52-3c1e-4d8e-9a55-0d6f0f4f2b11',
      title: 'Digital Marketing Fundamentals',
      description: 'Plan and measure campaigns.',
      objective: null,
      duration: '6 weeks',
      format: 'Online',
      departmentOwner: 'Marketing',
      color: 'blue',
      abbreviation: 'DMF',
      imageUrl: null,
      prerequisites: [],
      titleAr: 'أساسيات التسويق الرقمي',
      descriptionAr: null,
      skills: ['Digital Marketing'],
      level: 'beginner',
      category: 'Marketing',
      language: 'en',
      kind: 'internal',
      provider: null,
      url: null,
      estimatedHours: 12.5,
      seedKey: null,
      createdBy: null,
      status: 'draft',
      publishedAt: null,
      createdAt: new Date('2026-02-03T04:05:06.000Z'),
      updatedAt: new Date('2026-02-04T04:05:06.000Z'),
    });
    expect(toCourseSummary(row)).toEqual({
      id: '6f1d7a52-3c1e-4d8e-9a55-0d6f0f4f2b11',
      title: 'Digital Marketing Fundamentals',
      description: 'Plan and measure campaigns.',
      duration: '6 weeks',
      format: 'Online',
      departmentOwner: 'Marketing',
      color: 'blue',
      abbreviation: 'DMF',
      imageUrl: null,
      createdAt: '2026-02-03T04:05:06.000Z',
      updatedAt: '2026-02-04T04:05:06.000Z',
      titleAr: 'أساسيات التسويق الرقمي',
      descriptionAr: null,
      objective: null,
      skills: ['Digital Marketing'],
      level: 'beginner',
      category: 'Marketing',
      language: 'en',
      kind: 'internal',
      provider: null,
      url: null,
      estimatedHours: 12.5,
      status: 'draft',
      publishedAt: null,
    });
  });
});
