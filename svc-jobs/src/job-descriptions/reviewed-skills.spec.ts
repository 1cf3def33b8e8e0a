import { type ExtractedSkill, saveReviewedSkillsBodySchema } from '@masar/contracts';
import { expectRpcError } from '../../test/support/rpc-error.expectation';
import { buildReviewedSkillSet } from './reviewed-skills';

const REVIEWER = '6f9d3a52-1c2b-4c1e-9d7a-0b5e8f1a2c3d';
const REVIEWED_AT = new Date('2026-02-03T04:05:06.000Z');

function skill(name: string, confidence: number): ExtractedSkill {
  return { name, category: 'technical', confidence, taxonomyId: name.toLowerCase(), evidence: [{ text: name, start: 0, end: name.length }] };
}

const SQL = skill('SQL', 0.93);
const PYTHON = skill('Python', 0.88);
const EXCEL = skill('Microsoft Excel', 0.42);
const JAVA = skill('Java', 0.31);
const EXTRACTED = [SQL, PYTHON, EXCEL, JAVA];

function review(body: unknown) {
  return buildReviewedSkillSet(EXTRACTED, saveReviewedSkillsBodySchema.parse(body), REVIEWER, REVIEWED_AT);
}

describe('buildReviewedSkillSet', () => {
  it('keeps approved and removed skills with their evidence; the rest are not approved', () => {
    expect(review({ approvedSkills: ['SQL', 'Python'], removedSkills: ['Java'] })).toEqual({
      approved: [SQL, PYTHON],
      notApproved: [EXCEL],
      removed: [JAVA],
      custom: [],
      reviewedBy: REVIEWER,
      reviewedAt: '2026-02-03T04:05:06.000Z',
    });
  });

  it('matches names regardless of case and ignores a name sent twice', () => {
    const reviewed = review({ approvedSkills: ['sql', 'SQL', ' python '] });
    expect(reviewed.approved).toEqual([SQL, PYTHON]);
    expect(reviewed.notApproved).toEqual([EXCEL, JAVA]);
  });

  it('gives custom skills confidence 1 and no evidence, trimmed, once each', () => {
    const reviewed = review({
      approvedSkills: ['SQL'],
      customSkills: [{ name: '  Stakeholder management ' }, { name: 'stakeholder MANAGEMENT' }, { name: 'GDPR', category: 'compliance' }],
    });
    expect(reviewed.custom).toEqual([
      { name: 'Stakeholder management', category: 'functional', confidence: 1, evidence: [] },
      { name: 'GDPR', category: 'compliance', confidence: 1, evidence: [] },
    ]);
  });

  it('merges a custom skill named like an extracted one into it, even one marked removed', () => {
    const reviewed = review({ approvedSkills: ['SQL'], removedSkills: ['Java'], customSkills: [{ name: 'microsoft excel' }, { name: 'JAVA' }] });
    expect(reviewed.approved).toEqual([SQL, EXCEL, JAVA]);
    expect(reviewed.removed).toEqual([]);
    expect(reviewed.notApproved).toEqual([PYTHON]);
    expect(reviewed.custom).toEqual([]);
  });

  it('refuses an approved or removed skill that was not extracted, naming it', async () => {
    await expectRpcError(
      () => review({ approvedSkills: ['SQL', 'Kubernetes'] }),
      400,
      '"Kubernetes" is not one of the skills extracted from this job description',
    );
    await expectRpcError(
      () => review({ approvedSkills: ['SQL'], removedSkills: ['COBOL'] }),
      400,
      '"COBOL" is not one of the skills extracted from this job description',
    );
  });

  it('refuses a skill that is both approved and removed', async () => {
    await expectRpcError(
      () => review({ approvedSkills: ['SQL'], removedSkills: ['sql'] }),
      400,
      '"sql" cannot be both approved and removed',
    );
  });

  it("keeps the level the reviewer set on an extracted skill, and a custom skill's level", () => {
    const levelled = { ...PYTHON, level: 'strong' as const };
    const reviewed = buildReviewedSkillSet(
      [SQL, levelled, EXCEL, JAVA],
      saveReviewedSkillsBodySchema.parse({
        approvedSkills: ['SQL', 'Python'],
        skillLevels: [{ name: 'sql', level: 'expert' }, { name: 'Microsoft Excel', level: 'basic' }],
        customSkills: [{ name: 'Airflow', category: 'technical', level: 'working' }],
      }),
      REVIEWER,
      REVIEWED_AT,
    );
    expect(reviewed.approved).toEqual([{ ...SQL, level: 'expert' }, levelled]);
    expect(reviewed.notApproved).toEqual([{ ...EXCEL, level: 'basic' }, JAVA]);
    expect(reviewed.custom).toEqual([{ name: 'Airflow', category: 'technical', confidence: 1, level: 'working', evidence: [] }]);
  });

  it('refuses a level for a skill that was not extracted, and a level off the scale', async () => {
    await expectRpcError(
      () => review({ approvedSkills: ['SQL'], skillLevels: [{ name: 'Kubernetes', level: 'strong' }] }),
      400,
      '"Kubernetes" is not one of the skills extracted from this job description',
    );
    expect(saveReviewedSkillsBodySchema.safeParse({ approvedSkills: ['SQL'], skillLevels: [{ name: 'SQL', level: 'none' }] }).error?.issues[0].message).toBe(
      'level must be basic, working, strong or expert',
    );
  });
});
