import { listJobDescriptionsQuerySchema } from '@masar/contracts';
import { ILike } from 'typeorm';
import { JobDescription } from './entities/job-description.entity';
import { listFindOptions, toJobDescriptionSummary } from './job-descriptions.service';

describe('listFindOptions', () => {
  it('lists newest first with the default page when no query is given', () => {
    const options = listFindOptions(listJobDescriptionsQuerySchema.parse({}));
    expect(options.where).toEqual({});
    expect(options.order).toEqual({ createdAt: 'DESC', id: 'DESC' });
    expect(options).toMatchObject({ skip: 0, take: 20 });
  });

  it('skips the earlier pages', () => {
    const options = listFindOptions(listJobDescriptionsQuerySchema.parse({ page: '3', pageSize: '25' }));
    expect(options).toMatchObject({ skip: 50, take: 25 });
  });

  it('filters titles case-insensitively with the wildcards in q escaped', () => {
    const options = listFindOptions(listJobDescriptionsQuerySchema.parse({ q: '  100%_Remote ' }));
    expect(options.where).toEqual({ title: ILike('%100\\%\\_Remote%') });
  });

  it('ignores a q that is only spaces', () => {
    expect(listFindOptions(listJobDescriptionsQuerySchema.parse({ q: '   ' })).where).toEqual({});
  });
});

describe('toJobDescriptionSummary', () => {
  it('maps a row to the reply shape with an ISO creation date', () => {
    const row = Object.assign(new JobDescription(), {
      id: '0b8f5f9e-6a4e-4d52-9a39-2f0c2d1f8f10',
      title: 'Data Analyst',
      content: 'Analyse data.',
      extractedSkills: [{ name: 'SQL', category: 'technical', confidence: 0.9 }],
      createdAt: new Date('2026-01-02T03:04:05.000Z'),
    });
    expect(toJobDescriptionSummary(row)).toEqual({
      id: '0b8f5f9e-6a4e-4d52-9a39-2f0c2d1f8f10',
      title: 'Data Analyst',
      content: 'Analyse data.',
      extractedSkills: [{ name: 'SQL', category: 'technical', confidence: 0.9 }],
      createdAt: '2026-01-02T03:04:05.000Z',
    });
  });
});
