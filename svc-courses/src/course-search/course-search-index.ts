import { Language, LessonType, normaliseSearchText, searchKeysOf } from '@masar/contracts';
import { EntityManager } from 'typeorm';
import { withoutAnswers } from '../lesson-practice/lesson-quiz';
import { buildCoursePassages, IndexedCourse, IndexedModule } from './passage-builder';

/** Longest word the vocabulary keeps (a longer "word" is a hash, a URL or a run of digits). */
const MAX_VOCABULARY_WORD = 40;

interface CourseRow {
  id: string;
  title: string;
  description: string;
  objective: string | null;
  skills: string[];
  title_ar: string | null;
  description_ar: string | null;
  language: string;
}

interface LessonRow {
  id: string;
  module_id: string;
  title: string;
  type: LessonType;
  content: string;
  key_points: string[];
  activities: string[];
}

/** The course's `language` column decides the passages' text-search configuration; anything but Arabic is read as English. */
export function passageLanguageOf(language: string): Language {
  return language === 'ar' ? 'ar' : 'en';
}

async function loadCourse(manager: EntityManager, courseId: string): Promise<IndexedCourse | null> {
  // Locked so two transactions reindexing the same course (a write and the boot backfill) take turns.
  const [course] = await manager.query<CourseRow[]>(
    `SELECT id, title, description, objective, skills, title_ar, description_ar, language
       FROM "courses"."courses" WHERE id = $1 FOR UPDATE`,
    [courseId],
  );
  if (!course) return null;
  const modules = await manager.query<Array<{ id: string; title: string; description: string }>>(
    `SELECT id, title, description FROM "courses"."modules" WHERE course_id = $1 ORDER BY position`,
    [courseId],
  );
  const lessons = await manager.query<LessonRow[]>(
    `SELECT l.id, l.module_id, l.title, l.type, l.content, l.key_points, l.activities
       FROM "courses"."lessons" l JOIN "courses"."modules" m ON m.id = l.module_id
      WHERE m.course_id = $1 ORDER BY m.position, l.position`,
    [courseId],
  );
  const byModule = new Map<string, IndexedModule>(modules.map((module) => [module.id, { ...module, lessons: [] }]));
  for (const lesson of lessons) {
    byModule.get(lesson.module_id)?.lessons.push({
      id: lesson.id,
      title: lesson.title,
      // Search results reach learners: a quiz is searchable by its questions, never its answers.
      content: lesson.type === 'quiz' ? withoutAnswers(lesson.content) : lesson.content,
      keyPoints: lesson.key_points,
      activities: lesson.activities,
    });
  }
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    objective: course.objective,
    skills: course.skills,
    titleAr: course.title_ar,
    descriptionAr: course.description_ar,
    language: passageLanguageOf(course.language),
    modules: [...byModule.values()],
  };
}

/**
 * Rewrites a course's search passages from what is stored now, in the caller's transaction, so the
 * index changes exactly when the course does. Every path that writes a course's modules or lessons
 * calls it once; deleting a course removes its passages by cascade. Returns the passages written.
 */
export async function reindexCourse(manager: EntityManager, courseId: string): Promise<number> {
  const course = await loadCourse(manager, courseId);
  await manager.query(`DELETE FROM "courses"."search_passages" WHERE course_id = $1`, [courseId]);
  if (!course) return 0;
  const passages = buildCoursePassages(course);
  await manager.query(
    `INSERT INTO "courses"."search_passages"
       (course_id, module_id, lesson_id, field, position, language, title, text, normalised_title, normalised_text, skills)
     SELECT $1, passage.module_id, passage.lesson_id, passage.field, passage.position, $2, passage.title, passage.text,
            passage.normalised_title, passage.normalised_text, $3::text[]
       FROM unnest($4::uuid[], $5::uuid[], $6::text[], $7::int[], $8::text[], $9::text[], $10::text[], $11::text[])
         AS passage(module_id, lesson_id, field, position, title, text, normalised_title, normalised_text)`,
    [
      courseId,
      course.language,
      course.skills.map((skill) => skill.toLowerCase()),
      passages.map((passage) => passage.moduleId),
      passages.map((passage) => passage.lessonId),
      passages.map((passage) => passage.field),
      passages.map((passage) => passage.position),
      passages.map((passage) => passage.title),
      passages.map((passage) => passage.text),
      passages.map((passage) => normaliseSearchText(passage.title)),
      passages.map((passage) => normaliseSearchText(passage.text)),
    ],
  );
  await addToVocabulary(manager, passages.flatMap((passage) => [...searchKeysOf(passage.title), ...searchKeysOf(passage.text)]));
  return passages.length;
}

/**
 * The words misspelt queries are corrected to. Words only come in: one a deleted course took with
 * it finds nothing, which the search reports honestly. Sorted, so concurrent reindexes lock the
 * same words in the same order.
 */
async function addToVocabulary(manager: EntityManager, keys: string[]): Promise<void> {
  const words = [...new Set(keys.filter((key) => key.length >= 3 && key.length <= MAX_VOCABULARY_WORD && !/^\d+$/.test(key)))].sort();
  if (words.length === 0) return;
  await manager.query(
    `INSERT INTO "courses"."search_words" (word) SELECT unnest($1::text[]) ORDER BY 1 ON CONFLICT (word) DO NOTHING`,
    [words],
  );
}

/** Courses with no passages yet (stored before the index existed, or written around svc-courses), oldest first. */
export async function unindexedCourseIds(manager: EntityManager, limit: number): Promise<string[]> {
  const rows = await manager.query<Array<{ id: string }>>(
    `SELECT c.id FROM "courses"."courses" c
      WHERE NOT EXISTS (SELECT 1 FROM "courses"."search_passages" p WHERE p.course_id = c.id)
      ORDER BY c.created_at, c.id LIMIT $1`,
    [limit],
  );
  return rows.map((row) => row.id);
}
