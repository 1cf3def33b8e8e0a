import { MAX_SELF_ASSESSED_SKILLS, saveSelfAssessmentBodySchema } from '@masar/contracts';
import { i18n } from '@masar/shell/runtime';
import { buildAcquiredSkill } from './progress.factory';
import {
  initialSkillRows,
  newSkillRow,
  selfAssessmentBodyOf,
  type SelfAssessmentOutcome,
  type SelfAssessmentProblem,
  type SkillRow,
} from './self-assessment';

const rowsOf = (...skills: Array<[string, SkillRow['level']]>) => skills.map(([skill, level]) => newSkillRow(skill, level));

/** What the modal shows in English for a problem. */
function englishMessage(problem: SelfAssessmentProblem): string {
  if (problem.kind === 'other') return problem.message;
  return i18n.t(`progress.skills.validation.${problem.kind}`, { ...problem, ns: 'progress', lng: 'en' });
}

function problemOf(outcome: SelfAssessmentOutcome): SelfAssessmentProblem {
  if (!('problem' in outcome)) throw new Error('the rows were accepted');
  return outcome.problem;
}

const contractRows = (rows: readonly SkillRow[]) => rows.map(({ skill, level }) => ({ skill, level }));

/** What the contract itself says about these rows. */
function contractMessage(skills: ReturnType<typeof contractRows>): string {
  const parsed = saveSelfAssessmentBodySchema.safeParse({ skills });
  if (parsed.success) throw new Error('the contract accepted the rows');
  return parsed.error.issues[0].message;
}

describe('initialSkillRows', () => {
  it('pre-fills the self-assessed skills only, or one empty row', () => {
    const rows = initialSkillRows([
      buildAcquiredSkill({ skill: 'Python', level: 'strong' }),
      buildAcquiredSkill({ skill: 'Excel', level: 'basic', source: 'course' }),
    ]);
    expect(rows.map(({ skill, level }) => [skill, level])).toEqual([['Python', 'strong']]);
    expect(initialSkillRows([]).map(({ skill, level }) => [skill, level])).toEqual([['', 'basic']]);
  });
});

describe('selfAssessmentBodyOf', () => {
  it('trims the names and sends a removed self-assessed skill as none', () => {
    const profile = [
      buildAcquiredSkill({ skill: 'Python', level: 'strong' }),
      buildAcquiredSkill({ skill: 'SQL', level: 'working' }),
      buildAcquiredSkill({ skill: 'Excel', level: 'basic', source: 'course' }),
    ];
    expect(selfAssessmentBodyOf(rowsOf([' python ', 'expert']), profile)).toEqual({
      body: {
        skills: [
          { skill: 'python', level: 'expert' },
          { skill: 'SQL', level: 'none' },
        ],
      },
    });
  });

  it.each([
    ['an empty name', rowsOf(['Python', 'basic'], ['  ', 'basic']), { kind: 'skillRequired', row: 1 }],
    ['a repeated name', rowsOf(['Python', 'basic'], ['SQL', 'basic'], [' PYTHON', 'strong']), { kind: 'duplicate', row: 2, skill: 'PYTHON' }],
    ['no skill at all', [], { kind: 'noSkills' }],
  ])('words %s exactly as the contract does', (_, rows, problem) => {
    const found = problemOf(selfAssessmentBodyOf(rows, []));
    expect(found).toEqual(problem);
    expect(englishMessage(found)).toBe(contractMessage(contractRows(rows)));
  });

  it('words a name that is too long and too many skills as the contract does', () => {
    const long = rowsOf(['x'.repeat(121), 'basic']);
    const tooLong = problemOf(selfAssessmentBodyOf(long, []));
    expect(tooLong).toEqual({ kind: 'skillTooLong', row: 0, max: 120 });
    expect(englishMessage(tooLong)).toBe(contractMessage(contractRows(long)));

    const many = Array.from({ length: MAX_SELF_ASSESSED_SKILLS + 1 }, (_, index) => newSkillRow(`Skill ${index}`, 'basic'));
    const tooMany = problemOf(selfAssessmentBodyOf(many, []));
    expect(tooMany).toEqual({ kind: 'tooManySkills', max: MAX_SELF_ASSESSED_SKILLS });
    expect(englishMessage(tooMany)).toBe(contractMessage(contractRows(many)));
  });
});
