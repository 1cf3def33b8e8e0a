import type { LearningPathCourse, LearningPathMilestone } from '@masar/contracts';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

/** A planned course of a path row: only what progress reads needs to be set. */
export function plannedCourse(courseId: string, fields: Partial<LearningPathCourse> = {}): LearningPathCourse {
  return {
    courseId,
    title: `Course ${courseId.slice(0, 4)}`,
    titleAr: null,
    abbreviation: 'CRS',
    kind: 'internal',
    provider: null,
    url: null,
    level: 'intermediate',
    estimatedHours: 6,
    covers: ['Python'],
    startMonth: 1,
    endMonth: 1,
    startDate: '2026-11-23',
    dueDate: '2026-12-07',
    ...fields,
  };
}

export interface LearningPathRowFields {
  /** A fresh id unless given. */
  id?: string;
  userId: string;
  jobTitle?: string;
  courses: LearningPathCourse[];
  milestones?: LearningPathMilestone[];
  createdAt?: string;
}

/** Inserts a path straight into svc-progress' table, as generation would have stored it. */
export async function insertLearningPath(sql: Pick<Client, 'query'>, fields: LearningPathRowFields): Promise<string> {
  const id = fields.id ?? randomUUID();
  const totalHours = fields.courses.reduce((sum, course) => sum + course.estimatedHours, 0);
  await sql.query(
    `INSERT INTO progress.learning_paths
       (id, user_id, job_description_id, job_title, weekly_hours, start_date, confirmed_skills, gaps, courses,
        milestones, uncovered_skills, total_hours, months_needed, created_at, fit, next_year)
     VALUES ($1, $2, NULL, $3, 3, '2026-11-23', '[]', '[]', $4, $5, '{}', $6, $7, COALESCE($8::timestamptz, now()), $9, $10)`,
    [
      id,
      fields.userId,
      fields.jobTitle ?? 'Data Analyst',
      JSON.stringify(fields.courses),
      JSON.stringify(fields.milestones ?? []),
      totalHours,
      Math.max(1, ...fields.courses.map((course) => course.endMonth)),
      fields.createdAt ?? null,
      // A plan that fits its 12 months at 3 h a week: nothing proposed, nothing for next year.
      JSON.stringify({ choice: 'fits', allCoursesHours: totalHours, weeklyHoursToFitAll: 1, proposedWeeklyHours: null, proposalLimit: 6, ramadanLoadFactor: 0.5, holyPeriods: [] }),
      JSON.stringify({ skills: [], courses: [], totalHours: 0, monthsAtBudget: 0 }),
    ],
  );
  return id;
}
