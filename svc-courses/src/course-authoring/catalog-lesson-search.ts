import { Language, LessonType } from '@masar/contracts';
import { EntityManager } from 'typeorm';
import { CandidateLesson } from './course-outline-planner';

/** Lessons considered for one new course: enough for 20 modules of 10 without scanning the library. */
export const MAX_CANDIDATE_LESSONS = 300;

export interface LessonSearch {
  /** The course's own words: its title first, then description and objective. */
  texts: string[];
  /** Taxonomy skill names the course teaches. */
  skills: string[];
  /** The course being extended, whose lessons are never its own sources. */
  excludeCourseId?: string;
  /** Catalog lessons the course already quotes. */
  excludeLessonIds?: string[];
  /**
   * The new course's language: lessons of courses in it come first, so an English course is made
   * from English material while the library has enough (and an Arabic one from Arabic material).
   */
  language?: Language;
}

interface CandidateRow {
  lesson_id: string;
  lesson_title: string;
  type: LessonType;
  duration: string;
  content: string;
  key_points: string[];
  activities: string[];
  lesson_position: number;
  module_id: string;
  module_title: string;
  module_description: string;
  course_id: string;
  course_title: string;
  course_category: string | null;
  skill_matches: number;
  text_rank: number;
}

/** Text matches scored per search (the rest of a very large library is left unread). */
const PRESELECTED_LESSONS = 2000;

/**
 * Lessons of internal courses that teach one of the new course's skills, or whose words match the
 * new course's title well enough, best first. Words are weighed by how rare they are in the library
 * (idf), so "Running Scrum Sprints" finds lessons on Scrum and sprints rather than every lesson that
 * says "running"; a lesson sharing no skill must carry at least half of the title's weight.
 * Quizzes belong to their own course, and lessons that were themselves assembled from the catalog
 * would only cite it second-hand, so neither is offered. The GIN indexes on course skills and on
 * lesson text serve the searches.
 */
const CANDIDATE_LESSONS_SQL = `
  WITH words AS (
    SELECT lexeme, bool_or(in_title) AS in_title
      FROM (
        SELECT unnest(tsvector_to_array(to_tsvector('english', $1))) AS lexeme, true AS in_title
        UNION ALL
        SELECT unnest(tsvector_to_array(to_tsvector('english', $2))), false
      ) AS all_words
     GROUP BY lexeme
     ORDER BY bool_or(in_title) DESC, lexeme
     LIMIT 40
  ),
  library AS (SELECT count(*)::float8 AS lessons FROM "courses"."lessons"),
  weighted AS (
    SELECT words.lexeme, words.in_title, term.query,
           ln((library.lessons + 1) / (1 + (
             SELECT count(*) FROM (SELECT 1 FROM "courses"."lesson_search_vectors" v WHERE v.vector @@ term.query LIMIT 5000) AS hits
           )))::float8 AS idf
      FROM words, library,
           LATERAL (SELECT quote_literal(words.lexeme)::tsquery AS query) AS term
  ),
  weights AS (
    SELECT coalesce(sum(idf) FILTER (WHERE in_title), 0) AS title_weight,
           coalesce(sum(idf * CASE WHEN in_title THEN 2 ELSE 1 END), 0) AS all_weight,
           coalesce(string_agg(query::text, ' | '), '') AS any_word
      FROM weighted
  ),
  preselected AS (
    (SELECT v.lesson_id AS id FROM weights, "courses"."lesson_search_vectors" v
      WHERE weights.any_word <> '' AND v.vector @@ weights.any_word::tsquery
      ORDER BY ts_rank_cd(v.vector, weights.any_word::tsquery) DESC
      LIMIT ${PRESELECTED_LESSONS})
    UNION
    SELECT l.id FROM "courses"."courses" c
      JOIN "courses"."modules" m ON m.course_id = c.id
      JOIN "courses"."lessons" l ON l.module_id = m.id
     WHERE "courses"."lowercase_skills"(c.skills) && $3::text[]
  ),
  scored AS (
    SELECT l.id AS lesson_id, l.title AS lesson_title, l.type, l.duration, l.content,
           l.key_points, l.activities, l.position AS lesson_position,
           m.id AS module_id, m.title AS module_title, m.description AS module_description,
           c.id AS course_id, c.title AS course_title, c.category AS course_category,
           cardinality(ARRAY(
             SELECT unnest("courses"."lowercase_skills"(c.skills)) INTERSECT SELECT unnest($3::text[])
           ))::int AS skill_matches,
           coalesce((SELECT sum(w.idf) FROM weighted w WHERE w.in_title AND doc.vector @@ w.query), 0) AS title_hits,
           coalesce((SELECT sum(w.idf * CASE WHEN w.in_title THEN 2 ELSE 1 END) FROM weighted w WHERE doc.vector @@ w.query), 0) AS all_hits,
           weights.title_weight, weights.all_weight
      FROM preselected
      JOIN "courses"."lessons" l ON l.id = preselected.id
      JOIN "courses"."modules" m ON m.id = l.module_id
      JOIN "courses"."courses" c ON c.id = m.course_id
      CROSS JOIN weights
      -- Kept per lesson by a trigger (migration 1795730000000), then matched against each word.
      JOIN "courses"."lesson_search_vectors" doc ON doc.lesson_id = l.id
     WHERE c.kind = 'internal'
       AND l.type <> 'quiz'
       AND ($4::uuid IS NULL OR c.id <> $4::uuid)
       AND NOT (l.id = ANY($5::uuid[]))
       AND NOT (l.sources @> '[{"origin": "catalog"}]'::jsonb)
  ),
  ranked AS (
    SELECT scored.*, CASE WHEN all_weight > 0 THEN (all_hits / all_weight)::float8 ELSE 0 END AS text_rank
      FROM scored
     WHERE skill_matches > 0 OR (title_weight > 0 AND title_hits >= 0.5 * title_weight)
  )
  SELECT ranked.* FROM ranked JOIN "courses"."courses" c ON c.id = ranked.course_id
   ORDER BY ($7::text IS NOT NULL AND c.language = $7::text) DESC, skill_matches + 2 * text_rank DESC, lesson_id
   LIMIT $6`;

/** The catalog lessons a new course (or a course's new modules) may be assembled from. */
export async function findCandidateLessons(manager: EntityManager, search: LessonSearch): Promise<CandidateLesson[]> {
  const [title = '', ...rest] = search.texts;
  const rows = await manager.query<CandidateRow[]>(CANDIDATE_LESSONS_SQL, [
    title,
    [...rest, ...search.skills].join('\n'),
    search.skills.map((skill) => skill.toLowerCase()),
    search.excludeCourseId ?? null,
    search.excludeLessonIds ?? [],
    MAX_CANDIDATE_LESSONS,
    search.language ?? null,
  ]);
  return rows.map((row) => ({
    lessonId: row.lesson_id,
    lessonTitle: row.lesson_title,
    type: row.type,
    duration: row.duration,
    content: row.content,
    keyPoints: row.key_points,
    activities: row.activities,
    lessonPosition: row.lesson_position,
    moduleId: row.module_id,
    moduleTitle: row.module_title,
    moduleDescription: row.module_description,
    courseId: row.course_id,
    courseTitle: row.course_title,
    courseCategory: row.course_category,
    skillMatches: Number(row.skill_matches),
    textRank: Number(row.text_rank),
  }));
}
