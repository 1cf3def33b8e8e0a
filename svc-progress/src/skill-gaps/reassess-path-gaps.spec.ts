import type { ExtractedSkill, SkillLevel } from '@masar/contracts';
import { buildCourse } from '../learning-paths/planning/planning.factory';
import { reassessPathGaps } from './reassess-path-gaps';

function skill(name: string, importance: ExtractedSkill['importance'] = 'required'): ExtractedSkill {
  return { name, category: 'technical', confidence: 0.9, importance, evidence: [] };
}

const confirmedSkills = [skill('Python'), skill('SQL'), skill('Airflow', 'nice-to-have')];
const python = { course: buildCourse({ skills: ['Python'] }), covers: ['Python'] };
const sqlAndAirflow = { course: buildCourse({ skills: ['SQL', 'Airflow'] }), covers: ['SQL', 'Airflow'] };
const levels = (entries: Record<string, SkillLevel>) => new Map(Object.entries(entries));

describe('reassessPathGaps', () => {
  it('keeps every course while the learner stands where they stood', () => {
    const result = reassessPathGaps(confirmedSkills, new Map(), [python, sqlAndAirflow], new Set());
    expect(result.gaps.map((gap) => `${gap.skill}:${gap.currentLevel}->${gap.targetLevel}`)).toEqual([
      'Python:none->working',
      'SQL:none->working',
      'Airflow:none->basic',
    ]);
    expect(result.kept).toEqual([python, sqlAndAirflow]);
    expect(result.unclosed).toEqual([]);
  });

  it('measures the gaps at the levels the learner gave, lowering the priority of a gap nearly closed', () => {
    const result = reassessPathGaps(confirmedSkills, levels({ python: 'basic' }), [python, sqlAndAirflow], new Set());
    expect(result.gaps.find((gap) => gap.skill === 'Python')).toMatchObject({ currentLevel: 'basic', priority: 'medium' });
    // Most urgent first: SQL (two levels short) now comes before Python (one level short).
    expect(result.gaps.map((gap) => gap.skill)).toEqual(['SQL', 'Python', 'Airflow']);
  });

  it('drops a course taken only for a gap the learner has closed, and narrows what another covers', () => {
    const result = reassessPathGaps(confirmedSkills, levels({ python: 'strong', airflow: 'basic' }), [python, sqlAndAirflow], new Set());
    expect(result.gaps.map((gap) => gap.skill)).toEqual(['SQL']);
    expect(result.kept).toEqual([{ course: sqlAndAirflow.course, covers: ['SQL'] }]);
  });

  it('keeps a course the learner has started even when its gaps are closed, with what it covered', () => {
    const result = reassessPathGaps(confirmedSkills, levels({ python: 'expert' }), [python, sqlAndAirflow], new Set([python.course.id]));
    expect(result.kept).toEqual([python, sqlAndAirflow]);
  });

  it('reports a gap none of the kept courses closes', () => {
    const result = reassessPathGaps([...confirmedSkills, skill('Spark')], new Map(), [python, sqlAndAirflow], new Set());
    expect(result.unclosed.map((gap) => gap.skill)).toEqual(['Spark']);
  });
});
