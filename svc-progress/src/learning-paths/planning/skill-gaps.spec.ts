import type { ExtractedSkill, SkillLevel } from '@masar/contracts';
import { analyseSkillGaps, gapPriority, isGap, skillKey } from './skill-gaps';

function confirmed(name: string, overrides: Partial<ExtractedSkill> = {}): ExtractedSkill {
  return { name, category: 'technical', confidence: 0.9, evidence: [], ...overrides };
}

describe('skillKey', () => {
  it('ignores case and surrounding spaces', () => {
    expect(skillKey('  Machine Learning ')).toBe('machine learning');
    expect(skillKey('SQL')).toBe(skillKey('sql'));
  });
});

describe('isGap', () => {
  it('is a gap only below the target level', () => {
    expect(isGap('basic', 'working')).toBe(true);
    expect(isGap('working', 'working')).toBe(false);
    expect(isGap('expert', 'basic')).toBe(false);
  });
});

describe('gapPriority', () => {
  it('ranks required skills far short highest and nice-to-have ones one short lowest', () => {
    expect(gapPriority('required', 2)).toBe('high');
    expect(gapPriority('required', 1)).toBe('medium');
    expect(gapPriority('nice-to-have', 2)).toBe('medium');
    expect(gapPriority('nice-to-have', 1)).toBe('low');
  });
});

describe('analyseSkillGaps', () => {
  it('targets working level for required skills and basic for nice-to-have ones, a missing importance counting as required', () => {
    const gaps = analyseSkillGaps(
      [confirmed('Python'), confirmed('Docker', { importance: 'nice-to-have' }), confirmed('SQL', { importance: 'required' })],
      new Map(),
    );
    expect(gaps).toEqual([
      { skill: 'Python', category: 'technical', importance: 'required', currentLevel: 'none', targetLevel: 'working', priority: 'high' },
      { skill: 'SQL', category: 'technical', importance: 'required', currentLevel: 'none', targetLevel: 'working', priority: 'high' },
      { skill: 'Docker', category: 'technical', importance: 'nice-to-have', currentLevel: 'none', targetLevel: 'basic', priority: 'low' },
    ]);
  });

  it('leaves out skills the learner already holds at the level needed, reading levels by any spelling of the name', () => {
    const levels = new Map<string, SkillLevel>([
      ['  python', 'strong'],
      ['DOCKER', 'basic'],
      ['sql', 'basic'],
    ]);
    const gaps = analyseSkillGaps(
      [confirmed('Python'), confirmed('Docker', { importance: 'nice-to-have' }), confirmed('SQL')],
      levels,
    );
    expect(gaps.map((gap) => [gap.skill, gap.currentLevel, gap.priority])).toEqual([['SQL', 'basic', 'medium']]);
  });

  it('sorts by priority, then by name', () => {
    const gaps = analyseSkillGaps(
      [
        confirmed('Tableau', { importance: 'nice-to-have' }),
        confirmed('Statistics'),
        confirmed('Excel'),
        confirmed('Airflow'),
      ],
      new Map([['Statistics', 'basic']]),
    );
    expect(gaps.map((gap) => `${gap.priority}:${gap.skill}`)).toEqual(['high:Airflow', 'high:Excel', 'medium:Statistics', 'low:Tableau']);
  });

  it('counts a skill listed twice once, as required if either listing says so, and keeps its Arabic name', () => {
    const gaps = analyseSkillGaps(
      [
        confirmed('Power BI', { importance: 'nice-to-have', nameAr: 'باور بي آي' }),
        confirmed(' power bi ', { importance: 'required' }),
      ],
      new Map(),
    );
    expect(gaps).toEqual([
      expect.objectContaining({ skill: 'Power BI', skillAr: 'باور بي آي', importance: 'required', targetLevel: 'working', priority: 'high' }),
    ]);
  });

  it("targets the level the posting expects when it names one, ranking by how far short the learner is, then by name", () => {
    const gaps = analyseSkillGaps(
      [
        confirmed('SQL', { importance: 'required', level: 'expert' }),
        confirmed('Excel', { importance: 'required', level: 'basic' }),
        confirmed('Kafka', { importance: 'nice-to-have', level: 'strong' }),
        confirmed('Python', { importance: 'required', level: 'strong' }),
      ],
      new Map([['Python', 'working']]),
    );
    expect(gaps.map((gap) => [gap.skill, gap.currentLevel, gap.targetLevel, gap.priority])).toEqual([
      ['SQL', 'none', 'expert', 'high'],
      ['Excel', 'none', 'basic', 'medium'],
      ['Kafka', 'none', 'strong', 'medium'],
      ['Python', 'working', 'strong', 'medium'],
    ]);
  });

  it('keeps the higher expected level of a skill listed twice', () => {
    const gaps = analyseSkillGaps(
      [confirmed('Spark', { level: 'working' }), confirmed('spark', { importance: 'nice-to-have', level: 'strong' }), confirmed('SPARK')],
      new Map(),
    );
    expect(gaps).toEqual([expect.objectContaining({ skill: 'Spark', importance: 'required', targetLevel: 'strong' })]);
  });
});
