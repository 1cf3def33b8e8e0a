import { publishedCourseSql } from '../course-publishing/course-visibility';
import { CourseSummary, RecommendedCourse } from '@masar/contracts';

/** One row of RECOMMENDED_COURSES_SQL. */
export interface RecommendedCourseRow {
  id: string;
  covered_skills: string[];
}

/**
 * Courses covering at least one requested skill ($1, distinct ignoring case), best first: most
 * skills covered, internal before external, fewer estimated hours (unknown last), then title and
 * id so equal courses keep one order; at most $2; drafts only when $3 (admins). `covered_skills` is the course's own spelling of
 * each requested skill it has, in request order, worked out for the chosen few only.
 *
 * The GIN index on `lowercase_skills(skills)` picks the courses sharing a skill (`&&`), so only
 * those are counted: 40 skills over 10,000 courses reach about a tenth of them. The requested names
 * are written as one expression on $1 (not a CTE) so Postgres folds them into a constant array,
 * which it matches through a hash table.
 */
export const RECOMMENDED_COURSES_SQL = `
  WITH ranked AS (
    SELECT c.id, c.skills, matched.covered, c.kind, c.estimated_hours, c.title
      FROM "courses"."courses" c
     CROSS JOIN LATERAL (
       SELECT count(DISTINCT lower(skill)) AS covered
         FROM unnest(c.skills) AS skill
        WHERE lower(skill) = ANY("courses"."lowercase_skills"($1::text[]))
     ) matched
     WHERE "courses"."lowercase_skills"(c.skills) && "courses"."lowercase_skills"($1::text[])
       AND matched.covered > 0
       AND ($3::boolean OR ${publishedCourseSql('c')})
     ORDER BY matched.covered DESC, (c.kind = 'internal') DESC, c.estimated_hours ASC NULLS LAST, c.title ASC, c.id ASC
     LIMIT $2
  )
  SELECT ranked.id,
         ARRAY(
           SELECT own.skill
             FROM unnest("courses"."lowercase_skills"($1::text[])) WITH ORDINALITY AS asked(name, position)
            CROSS JOIN LATERAL (
              SELECT skill FROM unnest(ranked.skills) AS skill WHERE lower(skill) = asked.name LIMIT 1
            ) own
            ORDER BY asked.position
         ) AS covered_skills
    FROM ranked
   ORDER BY ranked.covered DESC, (ranked.kind = 'internal') DESC, ranked.estimated_hours ASC NULLS LAST,
            ranked.title ASC, ranked.id ASC`;

/**
 * The ranked rows as recommendations, in rank order; `requestedCount` is how many distinct skills
 * were asked for. A row whose course has gone since the ranking query is left out.
 */
export function toRecommendations(
  ranked: readonly RecommendedCourseRow[],
  summaries: ReadonlyMap<string, CourseSummary>,
  requestedCount: number,
): RecommendedCourse[] {
  return ranked.flatMap((row) => {
    const summary = summaries.get(row.id);
    if (!summary) return [];
    const coverage = Math.min(1, row.covered_skills.length / requestedCount);
    return [{ ...summary, coveredSkills: row.covered_skills, coverage }];
  });
}
