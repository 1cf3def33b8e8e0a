import type { Client } from 'pg';

export interface CatalogCourseFields {
  title: string;
  skills: string[];
  estimatedHours: number;
  level?: 'beginner' | 'intermediate' | 'advanced' | null;
  kind?: 'internal' | 'external';
  abbreviation?: string;
  prerequisites?: string[];
}

/**
 * Puts a course straight into svc-courses' table (svc-courses itself serves it to the planner):
 * the catalog a test plans from, nothing else. Published, as only published courses are planned for learners.
 */
export async function insertCatalogCourse(sql: Pick<Client, 'query'>, fields: CatalogCourseFields): Promise<string> {
  const kind = fields.kind ?? 'internal';
  const inserted = await sql.query<{ id: string }>(
    `INSERT INTO courses.courses
       (title, description, duration, format, department_owner, color, abbreviation, skills, level, kind,
        estimated_hours, provider, url, prerequisites, status)
     VALUES ($1, $2, '4 weeks', 'Online', 'Learning & Development', 'blue', $3, $4, $5, $6, $7, $8, $9, $10, 'published')
     RETURNING id`,
    [
      fields.title,
      `What ${fields.title} teaches.`,
      fields.abbreviation ?? 'CRS',
      fields.skills,
      fields.level === undefined ? 'intermediate' : fields.level,
      kind,
      fields.estimatedHours,
      kind === 'external' ? 'Coursera' : null,
      kind === 'external' ? `https://www.coursera.org/learn/${encodeURIComponent(fields.title)}` : null,
      fields.prerequisites ?? [],
    ],
  );
  return inserted.rows[0].id;
}
