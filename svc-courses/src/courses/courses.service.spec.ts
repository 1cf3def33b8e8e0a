import { listCoursesQuerySchema } from '@masar/contracts';
import { ILike } from 'typeorm';
import { listFindOptions, toCourseSummary } from './courses.service';
import { Course } from './entities/course.entity';

describe('listFindOptions', () => {
  it('lists newest first with the default page when no query is given', () => {
    const options = listFindOptions(listCoursesQuerySchema.parse({}));
    expect(options.where).toEqual({});
    expect(options.order).toEqual({ createdAt: 'DESC', id: 'DESC' });
    expect(options).toMatchObject({ skip: 0, take: 20 });
  });

  it('skips the earlier pages', () => {
    const options = listFindOptions(listCoursesQuerySchema.parse({ page: '4', pageSize: '10' }));
    expect(options).toMatchObject({ skip: 30, take: 10 });
  });

  it('filters titles case-insensitively with the wildcards in q escaped', () => {
    const options = listFindOptions(listCoursesQuerySchema.parse({ q: ' SQL_101 at 100% ' }));
    expect(options.where).toEqual({ title: ILike('%SQL\\_101 at 100\\%%') });
  });

  it('ignores a q that is only spaces', () => {
    expect(listFindOptions(listCoursesQuerySchema.parse({ q: '  ' })).where).toEqual({});
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
    });
  });
});
