import { CourseKind, CourseLevel, CourseStatus } from '@masar/contracts';
import { Client } from 'pg';

export interface CourseRowFields {
  /** Generated when absent. */
  id?: string;
  title: string;
  skills?: string[];
  category?: string | null;
  level?: CourseLevel | null;
  kind?: CourseKind;
  /** An external course's; defaults to a Coursera page for one. */
  provider?: string;
  url?: string;
  titleAr?: string;
  prerequisites?: string[];
  estimatedHours?: number | null;
  duration?: string;
  description?: string;
  /** Defaults to now; set it to give a list a known newest-first order. */
  createdAt?: string;
  /** Defaults to published: these rows stand in for catalog courses learners see. */
  status?: CourseStatus;
}

/** Inserts one course (no modules) straight into svc-courses' table and returns its id. */
export async function insertCourseRow(sql: Pick<Client, 'query'>, fields: CourseRowFields): Promise<string> {
  const kind = fields.kind ?? 'internal';
  const inserted = await sql.query<{ id: string }>(
    `INSERT INTO courses.courses
       (id, title, description, duration, format, department_owner, color, abbreviation,
        skills, level, category, kind, estimated_hours, provider, url, created_at, updated_at, title_ar, prerequisites,
        status, published_at)
     VALUES (COALESCE($11::uuid, gen_random_uuid()), $1, $2, $3, 'Online', 'Learning & Development', 'blue', 'CRS',
             $4, $5, $6, $7, $8, $9, $10, COALESCE($12::timestamptz, now()), COALESCE($12::timestamptz, now()), $13, $14,
             $15::text::courses.course_status, CASE WHEN $15::text = 'published' THEN now() END)
     RETURNING id`,
    [
      fields.title,
      fields.description ?? `What ${fields.title} teaches.`,
      fields.duration ?? '4 weeks',
      fields.skills ?? [],
      fields.level ?? null,
      fields.category ?? null,
      kind,
      fields.estimatedHours ?? null,
      fields.provider ?? (kind === 'external' ? 'Coursera' : null),
      fields.url ?? (kind === 'external' ? `https://www.coursera.org/learn/${encodeURIComponent(fields.title)}` : null),
      fields.id ?? null,
      fields.createdAt ?? null,
      fields.titleAr ?? null,
      fields.prerequisites ?? [],
      fields.status ?? 'published',
    ],
  );
  return inserted.rows[0].id;
}
