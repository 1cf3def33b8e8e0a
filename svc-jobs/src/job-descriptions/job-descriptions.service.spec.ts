import { jobDescriptionSchema, jobDescriptionSummarySchema, listJobDescriptionsQuerySchema } from '@masar/contracts';
import { ILike, IsNull, Not } from 'typeorm';
import { JobDescription } from './entities/job-description.entity';
import {
  baseNameOf,
  listFindOptions,
  titleFromFileName,
  toJobDescription,
  toJobDescriptionSummary,
} from './job-descriptions.service';

const OWNER = '6f9d3a52-1c2b-4c1e-9d7a-0b5e8f1a2c3d';

describe('listFindOptions', () => {
  it('lists newest first with the default page when no query is given, only the owner’s rows', () => {
    const options = listFindOptions(listJobDescriptionsQuerySchema.parse({}), OWNER);
    expect(options.where).toEqual({ createdBy: OWNER });
    expect(options.order).toEqual({ createdAt: 'DESC', id: 'DESC' });
    expect(options).toMatchObject({ skip: 0, take: 20 });
  });

  it('skips the earlier pages', () => {
    const options = listFindOptions(listJobDescriptionsQuerySchema.parse({ page: '3', pageSize: '25' }), OWNER);
    expect(options).toMatchObject({ skip: 50, take: 25 });
  });

  it('filters titles case-insensitively with the wildcards in q escaped', () => {
    const options = listFindOptions(listJobDescriptionsQuerySchema.parse({ q: '  100%_Remote ' }), Not(IsNull()));
    expect(options.where).toEqual({ createdBy: Not(IsNull()), title: ILike('%100\\%\\_Remote%') });
  });

  it('ignores a q that is only spaces', () => {
    expect(listFindOptions(listJobDescriptionsQuerySchema.parse({ q: '   ' }), OWNER).where).toEqual({ createdBy: OWNER });
  });
});

describe('mapping rows to replies', () => {
  const row = Object.assign(new JobDescription(), {
    id: '0b8f5f9e-6a4e-4d52-9a39-2f0c2d1f8f10',
    title: 'Data Analyst',
    content: 'Analyse data with SQL.',
    source: { kind: 'file', fileName: 'Data Analyst.pdf', mediaType: 'application/pdf' },
    detectedLanguage: 'en',
    extractedSkills: [{ name: 'SQL', category: 'technical', confidence: 0.9, evidence: [{ text: 'SQL', start: 18, end: 21 }] }],
    reviewedSkills: null,
    createdBy: '6f9d3a52-1c2b-4c1e-9d7a-0b5e8f1a2c3d',
    createdAt: new Date('2026-01-02T03:04:05.000Z'),
  });

  it('gives the whole posting in the contract shape with an ISO creation date', () => {
    const reply = toJobDescription(row);
    expect(jobDescriptionSchema.parse(reply)).toEqual(reply);
    expect(reply).toMatchObject({ createdBy: row.createdBy, createdAt: '2026-01-02T03:04:05.000Z', reviewedSkills: null });
  });

  it('leaves who created it out of a list item', () => {
    const summary = toJobDescriptionSummary(row);
    expect(jobDescriptionSummarySchema.strict().parse(summary)).toEqual(summary);
    expect(summary).not.toHaveProperty('createdBy');
  });
});

describe('file names and titles', () => {
  it('keeps only the last part of a path a browser sent', () => {
    expect(baseNameOf('C:\\fakepath\\Data Analyst.pdf')).toBe('Data Analyst.pdf');
    expect(baseNameOf('uploads/posting.docx')).toBe('posting.docx');
    expect(baseNameOf('posting.txt')).toBe('posting.txt');
  });

  it('titles a file by its name without the extension (spec section 5)', () => {
    expect(titleFromFileName('Data Analyst.pdf')).toBe('Data Analyst');
    expect(titleFromFileName('senior.data.engineer.docx')).toBe('senior.data.engineer');
    expect(titleFromFileName('README')).toBe('README');
    expect(titleFromFileName('.txt')).toBe('.txt');
    expect(titleFromFileName(`${'x'.repeat(250)}.pdf`)).toHaveLength(200);
  });
});
