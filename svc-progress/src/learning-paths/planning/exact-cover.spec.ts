import { EXACT_COVER_MAX_GAPS, solveCoverExactly } from './exact-cover';
import { buildCourse, buildGap, hoursOf } from './planning.factory';

describe('solveCoverExactly', () => {
  it('finds the least-hours cover, internal courses for what they can close and external ones for the rest', () => {
    const sqlAndPython = buildCourse({ title: 'SQL and Python', skills: ['SQL', 'Python'], estimatedHours: 9 });
    const sql = buildCourse({ title: 'SQL', skills: ['SQL'], estimatedHours: 5 });
    const python = buildCourse({ title: 'Python', skills: ['Python'], estimatedHours: 5 });
    const cheapExternalSql = buildCourse({ title: 'External SQL', skills: ['SQL', 'Spark'], kind: 'external', estimatedHours: 1 });
    const spark = buildCourse({ title: 'Spark', skills: ['Spark'], kind: 'external', estimatedHours: 3 });

    const choice = solveCoverExactly(
      [buildGap('SQL'), buildGap('Python'), buildGap('Spark'), buildGap('Kafka')],
      [sql, python, sqlAndPython, cheapExternalSql, spark],
    );

    expect(choice.chosen).toEqual([
      { course: sqlAndPython, covers: ['SQL', 'Python'] },
      { course: cheapExternalSql, covers: ['Spark'] },
    ]);
    expect(hoursOf(choice.chosen)).toBe(10);
    expect(choice.uncovered).toEqual(['Kafka']);
  });

  it('refuses instances too large for its table', () => {
    const gaps = Array.from({ length: EXACT_COVER_MAX_GAPS + 1 }, (_, index) => buildGap(`Skill ${index}`));
    const everything = buildCourse({ skills: gaps.map((gap) => gap.skill) });
    expect(() => solveCoverExactly(gaps, [everything])).toThrow(RangeError);
  });
});
