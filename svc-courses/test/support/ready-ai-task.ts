import { pollUntil } from '@masar/contracts/service-kit/testing';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

/** One course per file of the internal seed catalog. */
const INTERNAL_SEED_COURSES = readdirSync(path.join(__dirname, '../../src/catalog/seed-data/internal')).filter((file) => file.endsWith('.json')).length;

/**
 * The seed course a Ready AI test asks to have written, once the whole internal seed catalog is in:
 * Ready AI writes from the library's other lessons on the subject, and the seed (which also indexes
 * each course for search) may still be loading them.
 */
export async function seededCourseForReadyAi(sql: Client): Promise<{ id: string; title: string }> {
  await pollUntil(async () => {
    const rows = await sql.query<{ count: string }>(`SELECT count(*) FROM courses.courses WHERE kind = 'internal'`);
    return Number(rows.rows[0].count) >= INTERNAL_SEED_COURSES ? true : undefined;
  }, 'the seed catalog', 90_000);
  return (await sql.query<{ id: string; title: string }>(`SELECT id, title FROM courses.courses WHERE title = 'SQL and Relational Databases'`)).rows[0];
}

/** An agent task's row once it ended. */
export interface EndedTask {
  status: string;
  logs: Array<{ message: string }>;
  result: { courseId: string };
}

/** Waits (up to two minutes) until the agent task has completed, failed or been cancelled. */
export function taskEnded(sql: Client, taskId: string): Promise<EndedTask> {
  return pollUntil(async () => {
    const row = (await sql.query<EndedTask>('SELECT status, logs, result FROM courses.agent_tasks WHERE id = $1', [taskId])).rows[0];
    return ['completed', 'failed', 'cancelled'].includes(row.status) ? row : undefined;
  }, 'the task to end', 120_000);
}

/**
 * A Ready AI task wrote each of its six modules once, into exactly one course of 6 × 2 lessons
 * made for `learnerId`: nothing duplicated, nothing lost.
 */
export async function expectOneCourseWrittenOnce(sql: Client, ended: EndedTask, learnerId: string): Promise<void> {
  const log = ended.logs.map((line) => line.message);
  for (let module = 1; module <= 6; module += 1) {
    expect(log.filter((line) => line.startsWith(`Wrote module ${module} of 6 `))).toHaveLength(1);
  }
  const made = await sql.query('SELECT id FROM courses.courses WHERE created_by = $1', [learnerId]);
  expect(made.rows.map((row) => row.id)).toEqual([ended.result.courseId]);
  const lessons = await sql.query(
    'SELECT count(*)::int AS count FROM courses.lessons l JOIN courses.modules m ON m.id = l.module_id WHERE m.course_id = $1',
    [ended.result.courseId],
  );
  expect(lessons.rows[0].count).toBe(12);
}
