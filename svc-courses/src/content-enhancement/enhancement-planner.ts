import type { AiContentLabel, LessonSourceRef } from '@masar/contracts';
import type { LessonDraft } from '../documents/course-draft-builder';
import { moduleQuizLesson } from '../documents/course-draft-builder';
import { activitiesOf, keyPointsOfSentences, wordFrequencies } from '../documents/lesson-extracts';
import { countWords, splitSentences } from '../documents/sentence-analysis';
import type { ReviewedLesson, ReviewedModule } from '../quality/checks/course-check';
import { lessonLengthOf } from '../quality/checks/lesson-length.check';
import { parseQuiz } from '../quality/checks/quiz-format';

/*
 * What the Content Enhancement agent would change in one module, as pure functions of the module
 * as stored (and of the library rewrites the worker fetched for its too-short lessons). Nothing
 * here writes: the plan goes into the task's checkpoint and `finish` applies it.
 */

/** A lesson as the agent reads it: what the quality checks read, plus where its text came from. */
export interface StoredLesson extends ReviewedLesson {
  sources: LessonSourceRef[];
}

export interface StoredModule extends Omit<ReviewedModule, 'lessons'> {
  lessons: StoredLesson[];
}

/** A too-short lesson written again from library material. */
export interface LessonRewrite {
  content: string;
  keyPoints: string[];
  activities: string[];
  sources: LessonSourceRef[];
  /** Who wrote it: svc-ai's lesson writing, with its provider and model. */
  aiLabel?: AiContentLabel;
}

/** The new values of one lesson's fields (only those that change) and what was done, as phrases. */
export interface LessonChange {
  lessonId: string;
  title: string;
  keyPoints?: string[];
  activities?: string[];
  content?: string;
  sources?: LessonSourceRef[];
  /** The lesson's new AI label when svc-ai rewrote it (its time becomes the enhancement's). */
  aiLabel?: AiContentLabel;
  changes: string[];
}

export interface ModuleEnhancement extends Record<string, unknown> {
  moduleId: string;
  moduleNumber: number;
  moduleTitle: string;
  lessons: LessonChange[];
  /** The knowledge check to add at the module's end, when it has no quiz. */
  quiz: LessonDraft | null;
  /** What was left as it is, and why. */
  notes: string[];
}

/** A new lesson's activities: at most this many of the instructions its text gives. */
export const MAX_ADDED_ACTIVITIES = 3;

/** Lessons the quality check calls too short for their type: the ones to rewrite from the library. */
export function tooShortLessons(module: StoredModule): StoredLesson[] {
  return module.lessons.filter((lesson) => lessonLengthOf(lesson).tooShort);
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function sourceTitles(sources: LessonSourceRef[]): string {
  return sources.map((source) => `"${source.courseTitle ?? ''}: ${source.lessonTitle ?? ''}"`).join(', ');
}

/** "Module 2, lesson "Joins": added 4 key points from its text". */
export function lessonLine(moduleNumber: number, lessonTitle: string, change: string): string {
  return `Module ${moduleNumber}, lesson "${lessonTitle}": ${change}`;
}

/** Why a too-short lesson is left as it is. */
export function tooShortNote(moduleNumber: number, lesson: StoredLesson, reason: string): string {
  const { amount, least, unit } = lessonLengthOf(lesson);
  return lessonLine(moduleNumber, lesson.title, `too short (${amount} ${unit}; a ${lesson.type} lesson needs ${least}) and left as it is: ${reason}`);
}

/** A rewrite is kept only when it says more than the lesson did. */
function improves(lesson: StoredLesson, rewrite: LessonRewrite | undefined): rewrite is LessonRewrite {
  return (
    rewrite !== undefined &&
    rewrite.content.trim() !== lesson.content.trim() &&
    lessonLengthOf({ type: lesson.type, content: rewrite.content }).amount > lessonLengthOf(lesson).amount
  );
}

/**
 * One module's changes: each too-short lesson the library rewrote takes its new text; each lesson
 * (not a quiz) without key points gets 3-5 of its own most telling sentences and one without
 * activities gets up to 3 of the instructions it gives (the documents' extractors); a module
 * without a quiz gets a knowledge check on its lessons' text. `notes` says what was left and why.
 */
export function planModuleEnhancement(
  module: StoredModule,
  moduleNumber: number,
  rewrites: ReadonlyMap<string, LessonRewrite>,
  notes: string[] = [],
): ModuleEnhancement {
  const moduleNotes = [...notes];
  const planned = module.lessons.map((lesson) => {
    const rewrite = rewrites.get(lesson.id);
    if (improves(lesson, rewrite)) return { lesson, rewrite, content: rewrite.content };
    if (rewrite) moduleNotes.push(tooShortNote(moduleNumber, lesson, "the library's material on the course's skills says no more than the lesson does"));
    return { lesson, rewrite: undefined, content: lesson.content };
  });
  const taught = planned.filter(({ lesson }) => lesson.type !== 'quiz');
  const frequencies = wordFrequencies(taught.map(({ content }) => content));
  const sentencesOf = new Map(taught.map(({ lesson, content }) => [lesson.id, splitSentences(content)]));

  const changes: LessonChange[] = [];
  for (const { lesson, rewrite, content } of planned) {
    const change: LessonChange = { lessonId: lesson.id, title: lesson.title, changes: [] };
    if (rewrite) {
      Object.assign(change, { content, sources: rewrite.sources }, rewrite.aiLabel ? { aiLabel: rewrite.aiLabel } : {});
      change.changes.push(
        `rewritten from the library's material (${countWords(lesson.content)} → ${countWords(content)} words), citing ${sourceTitles(rewrite.sources)}`,
      );
    }
    if (lesson.type !== 'quiz') {
      const sentences = sentencesOf.get(lesson.id) ?? [];
      const keyPoints = lesson.keyPoints.length === 0 ? (rewrite?.keyPoints.length ? rewrite.keyPoints : keyPointsOfSentences(sentences, frequencies)) : [];
      if (keyPoints.length > 0) {
        change.keyPoints = keyPoints;
        change.changes.push(`added ${plural(keyPoints.length, 'key point')} from its ${rewrite ? 'new ' : ''}text`);
      }
      const activities =
        lesson.activities.length === 0 ? (rewrite?.activities.length ? rewrite.activities : activitiesOf(sentences, lesson.title)).slice(0, MAX_ADDED_ACTIVITIES) : [];
      if (activities.length > 0) {
        change.activities = activities;
        change.changes.push(`added ${plural(activities.length, 'activity', 'activities')} from its ${rewrite ? 'new ' : ''}text`);
      }
    }
    if (change.changes.length > 0) changes.push(change);
  }

  let quiz: LessonDraft | null = null;
  if (!module.lessons.some((lesson) => lesson.type === 'quiz')) {
    quiz = moduleQuizLesson(
      taught.map(({ lesson, content }) => ({ draft: { title: lesson.title, content, sources: lesson.sources }, sentences: sentencesOf.get(lesson.id) ?? [] })),
      frequencies,
      moduleNumber,
      module.title,
    );
    if (!quiz) moduleNotes.push(`Module ${moduleNumber} "${module.title}": no knowledge check added: its lessons have too little text to ask about`);
  }
  return { moduleId: module.id, moduleNumber, moduleTitle: module.title, lessons: changes, quiz, notes: moduleNotes };
}

/** The quiz's change, as its own line says it and as the quiz lesson records it. */
export function quizChange(quiz: LessonDraft): string {
  const questions = parseQuiz(quiz.content).length;
  return `added as the module's knowledge check: ${plural(questions, 'question')} from its lessons' text`;
}

/** Every change of a module as a line a person reads, in lesson order, the new quiz last. */
export function changeLines(module: ModuleEnhancement): string[] {
  return [
    ...module.lessons.flatMap((lesson) => lesson.changes.map((change) => lessonLine(module.moduleNumber, lesson.title, change))),
    ...(module.quiz ? [lessonLine(module.moduleNumber, module.quiz.title, quizChange(module.quiz))] : []),
  ];
}
