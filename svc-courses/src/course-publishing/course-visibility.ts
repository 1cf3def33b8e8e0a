import type { Caller } from '@masar/contracts';

/**
 * Who sees drafts: admins. Learners, and messages naming nobody, see published courses only, and a
 * draft is "not found" to them exactly as a missing course is, so drafts cannot be probed for.
 */
export function seesDrafts(caller: Caller | null | undefined): boolean {
  return caller?.role === 'admin';
}

/** The SQL condition that the course row `alias` is one learners may see. */
export function publishedCourseSql(alias: string): string {
  return `${alias}."status" = 'published'`;
}
