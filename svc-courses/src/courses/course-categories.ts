import { publishedCourseSql } from '../course-publishing/course-visibility';
import { CategoryCourse, CourseCategory, CourseLevel, MAX_COURSES_PER_CATEGORY, READY_AI_CATEGORIES } from '@masar/contracts';

/** One row of CATEGORY_COURSES_SQL. */
export interface CategoryCourseRow {
  id: string;
  title: string;
  description: string;
  level: CourseLevel | null;
  duration: string;
  category: string;
}

/**
 * The courses of the given categories ($1), at most $2 a category: internal courses first (they
 * have lessons to read), then beginner to advanced, then by title.
 */
export const CATEGORY_COURSES_SQL = `
  SELECT id, title, description, level, duration, category
    FROM (
      SELECT c.id, c.title, c.description, c.level, c.duration, c.category,
             row_number() OVER (
               PARTITION BY c.category
               ORDER BY (c.kind = 'internal') DESC, c.level ASC NULLS LAST, c.title ASC, c.id ASC
             ) AS rank
        FROM "courses"."courses" c
       WHERE c.category = ANY($1::text[])
         AND ($3::boolean OR ${publishedCourseSql('c')})
    ) ranked
   WHERE rank <= $2
   ORDER BY category, rank`;

export const CATEGORY_COURSES_PARAMETERS = [[...READY_AI_CATEGORIES], MAX_COURSES_PER_CATEGORY] as const;

/** Every Ready AI category in its order, each with its rows in query order (empty when it has none). */
export function groupByCategory(rows: readonly CategoryCourseRow[]): CourseCategory[] {
  const byCategory = new Map<string, CategoryCourse[]>(READY_AI_CATEGORIES.map((name) => [name, []]));
  for (const { category, id, title, description, level, duration } of rows) {
    byCategory.get(category)?.push({ id, title, description, level, duration });
  }
  return [...byCategory].map(([name, courses]) => ({ name, courses }));
}
