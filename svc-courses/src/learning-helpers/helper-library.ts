import { CourseLevel, Language, normaliseSearchText } from '@masar/contracts';
import { EntityManager } from 'typeorm';
import { publishedCourseSql } from '../course-publishing/course-visibility';

/*
 * What the library knows around a passage a learner opened a helper on: its lesson (or course),
 * other courses' lessons on the same skills or words, and courses that go deeper. svc-ai's helpers
 * answer from this (quiz wrong options from the related lessons, "go further" from the deeper courses).
 */

/** The contract's limits (`runLearningHelperRequestSchema`). */
export const MAX_RELATED_LESSONS = 20;
export const MAX_DEEPER_COURSES = 10;
const MAX_LIST_ITEMS = 30;
const MAX_SKILLS = 40;
const MAX_TITLE = 300;
const MAX_ITEM = 1000;
const MAX_SKILL = 120;
/** Words of the passage weighed for related lessons: its rarest ones in the library. */
const RARE_WORDS = 12;

/** The passage's place in the library: the course it belongs to, and its lesson when it is a lesson's. */
export interface PassageSource {
  courseId: string;
  courseTitle: string;
  moduleTitle: string;
  lessonTitle: string;
  keyPoints: string[];
  activities: string[];
  skills: string[];
  level: CourseLevel | null;
  /** The course's language code as stored (ISO 639-1). */
  language: string;
}

export interface RelatedLesson {
  courseTitle: string;
  lessonTitle: string;
  keyPoints: string[];
}

export interface DeeperCourse {
  title: string;
  level: string;
  skills: string[];
}

const clip = (text: string, length: number) => (text.length > length ? text.slice(0, length) : text);
const clipAll = (items: readonly string[], count: number, length: number) => items.slice(0, count).map((item) => clip(item, length));

interface SourceRow {
  course_id: string;
  course_title: string;
  module_title: string;
  lesson_title: string;
  key_points: string[];
  activities: string[];
  skills: string[];
  level: CourseLevel | null;
  language: string;
}

function toSource(row: SourceRow): PassageSource {
  return {
    courseId: row.course_id,
    courseTitle: clip(row.course_title, MAX_TITLE),
    moduleTitle: clip(row.module_title, MAX_TITLE),
    lessonTitle: clip(row.lesson_title, MAX_TITLE),
    keyPoints: clipAll(row.key_points, MAX_LIST_ITEMS, MAX_ITEM),
    activities: clipAll(row.activities, MAX_LIST_ITEMS, MAX_ITEM),
    skills: clipAll(row.skills, MAX_SKILLS, MAX_SKILL),
    level: row.level,
    language: row.language,
  };
}

/** One lesson with its module and course; null when no lesson has the id (or its course is a draft, unless `drafts`). */
export async function findLessonSource(manager: EntityManager, lessonId: string, { drafts }: { drafts: boolean }): Promise<PassageSource | null> {
  const rows = await manager.query<SourceRow[]>(
    `SELECT c.id AS course_id, c.title AS course_title, m.title AS module_title, l.title AS lesson_title,
            l.key_points, l.activities, c.skills, c.level, c.language
       FROM "courses"."lessons" l
       JOIN "courses"."modules" m ON m.id = l.module_id
       JOIN "courses"."courses" c ON c.id = m.course_id
      WHERE l.id = $1 AND ($2::boolean OR ${publishedCourseSql('c')})`,
    [lessonId, drafts],
  );
  return rows.length > 0 ? toSource(rows[0]) : null;
}

/**
 * A course as a whole (a passage from its description): the key points and activities of its
 * lessons in course order (quizzes left out, they restate the lessons); null when no course has the id.
 */
export async function findCourseSource(manager: EntityManager, courseId: string, { drafts }: { drafts: boolean }): Promise<PassageSource | null> {
  const rows = await manager.query<SourceRow[]>(
    `SELECT c.id AS course_id, c.title AS course_title, '' AS module_title, '' AS lesson_title,
            coalesce(ARRAY(
              SELECT point FROM "courses"."modules" m JOIN "courses"."lessons" l ON l.module_id = m.id,
                     unnest(l.key_points) WITH ORDINALITY AS points(point, n)
               WHERE m.course_id = c.id AND l.type <> 'quiz'
               ORDER BY m.position, l.position, points.n LIMIT ${MAX_LIST_ITEMS}), '{}') AS key_points,
            coalesce(ARRAY(
              SELECT activity FROM "courses"."modules" m JOIN "courses"."lessons" l ON l.module_id = m.id,
                     unnest(l.activities) WITH ORDINALITY AS activities(activity, n)
               WHERE m.course_id = c.id AND l.type <> 'quiz'
               ORDER BY m.position, l.position, activities.n LIMIT ${MAX_LIST_ITEMS}), '{}') AS activities,
            c.skills, c.level, c.language
       FROM "courses"."courses" c
      WHERE c.id = $1 AND ($2::boolean OR ${publishedCourseSql('c')})`,
    [courseId, drafts],
  );
  return rows.length > 0 ? toSource(rows[0]) : null;
}

interface RelatedLessonRow {
  course_title: string;
  lesson_title: string;
  key_points: string[];
}

/** Where a passage's words are looked for, by its language. */
interface WordIndex {
  /** The text-search configuration the passage's words are read in. */
  config: 'english' | 'arabic';
  /** A relation of (lesson_id, vector): one row per lesson, or per passage of a lesson. */
  vectors: string;
  /** The passage's rarest words weighed; a lesson sharing no skill must carry two of their weight (2 / rareWords). */
  rareWords: number;
}

/**
 * English (and any Latin-script) passages: each lesson's own vector (`english`), kept by a trigger.
 * Arabic passages: the Arabic lesson passages of the search index, whose vectors are Arabic
 * normalised (alef, hamza, taa marbuta, diacritics, و+ال) and stemmed (`arabic`) — the English
 * configuration would match an Arabic word only in the exact form written, so an Arabic lesson found
 * one or two related lessons and its quiz too few Arabic wrong options.
 */
const WORD_INDEXES: Record<Language, WordIndex> = {
  en: { config: 'english', vectors: '"courses"."lesson_search_vectors"', rareWords: RARE_WORDS },
  ar: {
    config: 'arabic',
    vectors: `(SELECT p.lesson_id, p.vector FROM "courses"."search_passages" p WHERE p.field = 'lesson' AND p.language = 'ar' AND p.lesson_id IS NOT NULL)`,
    // The Arabic lessons are few (a few dozen): most of a passage's rarest words are each in one
    // other lesson, a different one each, so twice as many are weighed for the same two-word evidence.
    rareWords: 2 * RARE_WORDS,
  },
};

/**
 * Lessons of other internal courses that teach one of the passage's skills or share its rare words,
 * best first. As in the catalog search for course authoring (course-authoring/catalog-lesson-search.ts),
 * words are weighed by how rare they are in the library (idf), counted in lessons of other courses
 * (a word only the passage's own course uses links nothing); the passage's rarest words are kept
 * (RARE_WORDS, twice that in Arabic), and a lesson sharing no skill must carry the weight of two of
 * them, so one stray word does not make a lesson related. Lessons in the passage's language come first (a quiz's wrong options
 * should read like its right ones); quizzes restate their course and are left out. A lesson indexed
 * in several passages counts its best one.
 */
function relatedLessonsSql({ config, vectors, rareWords }: WordIndex): string {
  return `
  WITH words AS (
    SELECT lexeme FROM unnest(tsvector_to_array(to_tsvector('${config}', $1))) AS lexeme
     WHERE length(lexeme) >= 3 AND lexeme !~ '^[0-9.,]+$'
     LIMIT 300
  ),
  library AS (SELECT count(*)::float8 AS lessons FROM "courses"."lessons"),
  weighted AS (
    SELECT words.lexeme, term.query,
           ln((library.lessons + 1) / (1 + (
             SELECT count(*) FROM (SELECT 1 FROM ${vectors} v WHERE v.vector @@ term.query LIMIT 5000) AS hits
           )))::float8 AS idf
      FROM words, library, LATERAL (SELECT quote_literal(words.lexeme)::tsquery AS query) AS term
     WHERE EXISTS (
       SELECT 1 FROM ${vectors} v
         JOIN "courses"."lessons" l ON l.id = v.lesson_id
         JOIN "courses"."modules" m ON m.id = l.module_id
        WHERE v.vector @@ term.query AND m.course_id IS DISTINCT FROM $3::uuid)
  ),
  rare AS (SELECT * FROM weighted ORDER BY idf DESC, lexeme LIMIT ${rareWords}),
  weights AS (
    SELECT coalesce(sum(idf), 0) AS all_weight, coalesce(string_agg(query::text, ' | '), '') AS any_word FROM rare
  ),
  preselected AS (
    SELECT v.lesson_id AS id FROM weights, ${vectors} v
     WHERE weights.any_word <> '' AND v.vector @@ weights.any_word::tsquery
    UNION
    SELECT l.id FROM "courses"."courses" c
      JOIN "courses"."modules" m ON m.course_id = c.id
      JOIN "courses"."lessons" l ON l.module_id = m.id
     WHERE "courses"."lowercase_skills"(c.skills) && $2::text[]
  ),
  scored AS (
    SELECT l.id AS lesson_id, l.title AS lesson_title, l.key_points, c.title AS course_title, c.language,
           cardinality(ARRAY(
             SELECT unnest("courses"."lowercase_skills"(c.skills)) INTERSECT SELECT unnest($2::text[])
           ))::int AS skill_matches,
           (SELECT coalesce(max(
              CASE WHEN weights.all_weight > 0
                   THEN coalesce((SELECT sum(r.idf) FROM rare r WHERE doc.vector @@ r.query), 0) / weights.all_weight
                   ELSE 0 END), 0)
              FROM ${vectors} doc WHERE doc.lesson_id = l.id)::float8 AS word_share
      FROM preselected
      JOIN "courses"."lessons" l ON l.id = preselected.id
      JOIN "courses"."modules" m ON m.id = l.module_id
      JOIN "courses"."courses" c ON c.id = m.course_id
      CROSS JOIN weights
     WHERE c.kind = 'internal'
       AND ${publishedCourseSql('c')}
       AND l.type <> 'quiz'
       AND c.id IS DISTINCT FROM $3::uuid
  )
  SELECT course_title, lesson_title, key_points FROM scored
   WHERE skill_matches > 0 OR word_share >= 2.0 / ${rareWords}
   ORDER BY (language = $4::text) DESC, skill_matches + 2 * word_share DESC, lesson_id
   LIMIT ${MAX_RELATED_LESSONS}`;
}

const RELATED_LESSONS_SQL: Record<Language, string> = { en: relatedLessonsSql(WORD_INDEXES.en), ar: relatedLessonsSql(WORD_INDEXES.ar) };

/**
 * `textLanguage` is the passage's own (it picks the index its words are looked up in); `language`
 * the answer's (its lessons come first).
 */
export async function findRelatedLessons(
  manager: EntityManager,
  search: { text: string; textLanguage: Language; skills: string[]; courseId: string | null; language: Language },
): Promise<RelatedLesson[]> {
  // The Arabic index holds normalised text: the passage is normalised the same way before Postgres reads it.
  const text = search.textLanguage === 'ar' ? normaliseSearchText(search.text) : search.text;
  const rows = await manager.query<RelatedLessonRow[]>(RELATED_LESSONS_SQL[search.textLanguage], [
    text,
    search.skills.map((skill) => skill.toLowerCase()),
    search.courseId,
    search.language,
  ]);
  return rows.map((row) => ({
    courseTitle: clip(row.course_title, MAX_TITLE),
    lessonTitle: clip(row.lesson_title, MAX_TITLE),
    keyPoints: clipAll(row.key_points, MAX_LIST_ITEMS, MAX_ITEM),
  }));
}

interface DeeperCourseRow {
  title: string;
  level: CourseLevel;
  skills: string[];
}

/**
 * Courses (internal or external training) sharing a skill with the passage's course at a higher
 * level: those in the answer's language first (an Arabic lesson names the Arabic courses that go
 * deeper before English ones), then the most shared skills and the next level up; a course without
 * a level counts as a beginner course, so anything above beginner goes deeper.
 */
const DEEPER_COURSES_SQL = `
  SELECT c.title, c.level, c.skills FROM "courses"."courses" c
   WHERE "courses"."lowercase_skills"(c.skills) && $1::text[]
     AND c.id IS DISTINCT FROM $2::uuid
     AND c.level > coalesce($3::"courses"."course_level", 'beginner')
     AND ${publishedCourseSql('c')}
   ORDER BY (c.language = $4::text) DESC,
            cardinality(ARRAY(SELECT unnest("courses"."lowercase_skills"(c.skills)) INTERSECT SELECT unnest($1::text[]))) DESC,
            c.level, c.title, c.id
   LIMIT ${MAX_DEEPER_COURSES}`;

export async function findDeeperCourses(
  manager: EntityManager,
  course: { id: string; skills: string[]; level: CourseLevel | null; language: Language },
): Promise<DeeperCourse[]> {
  if (course.skills.length === 0) return [];
  const rows = await manager.query<DeeperCourseRow[]>(DEEPER_COURSES_SQL, [
    course.skills.map((skill) => skill.toLowerCase()),
    course.id,
    course.level,
    course.language,
  ]);
  return rows.map((row) => ({ title: clip(row.title, MAX_TITLE), level: row.level, skills: clipAll(row.skills, MAX_SKILLS, MAX_SKILL) }));
}
