import {
  type AiContentLabel,
  COURSE_FORM_LIMITS,
  COURSE_OBJECTIVE_MAX_LENGTH,
  COURSE_TITLE_MAX_LENGTH,
  type LessonSourceRef,
  type LessonType,
} from '@masar/contracts';
import { baseNameOf, type CourseDocument, type DocumentSection } from './document-outline';
import { activitiesOf, keyPointsOfSentences, lessonTypeOf, rankSentences, wordFrequencies } from './lesson-extracts';
import { wordingFor } from './document-wording';
import { buildModuleQuiz } from './module-quiz';
import { countWords, leadingSentences, readingDuration, roundUpToFive, shortenAtWord, splitSentences } from './sentence-analysis';

export interface LessonDraft {
  title: string;
  type: LessonType;
  duration: string;
  content: string;
  keyPoints: string[];
  activities: string[];
  sources: LessonSourceRef[];
  /** Set when svc-ai wrote the lesson (lesson writing); absent for text taken from the documents. */
  aiLabel?: AiContentLabel;
}

export interface ModuleDraft {
  title: string;
  description: string;
  lessons: LessonDraft[];
}

export interface CourseDraft {
  title: string;
  description: string;
  objective: string | null;
  modules: ModuleDraft[];
  /** The documents' text, for skill extraction, at most MAX_DRAFT_TEXT_CHARACTERS. */
  text: string;
}

export interface CourseDraftOptions {
  /** Modules from the documents' top-level sections, merged by heading (true), or one module per document (false). */
  organizeByTopic: boolean;
  /** Default COURSE_FORM_LIMITS.modules.max (20). */
  maxModules?: number;
  /** Quiz included. Default COURSE_FORM_LIMITS.lessonsPerModule.max (10). */
  maxLessonsPerModule?: number;
}

export const MAX_DRAFT_TEXT_CHARACTERS = 200_000;
/** A section longer than this is split into parts. */
const MAX_LESSON_WORDS = 1500;
const MAX_MODULE_DESCRIPTION_LENGTH = 300;
const MAX_COURSE_DESCRIPTION_LENGTH = 500;
/** A heading level whose lessons average fewer words than this splits too finely, when a coarser level works. */
const MIN_AVERAGE_LESSON_WORDS = 60;
/** How far above the lesson limit a heading level may go and still be used (smallest lessons are then merged). */
const LESSON_LIMIT_SLACK = 1.5;

/** A section's text as part of a lesson; a merged lesson shows the headings of the sections after its first. */
interface LessonPart {
  fileName: string;
  heading: string;
  paragraphs: string[];
  showHeading: boolean;
}

interface LessonPlan {
  titles: string[];
  parts: LessonPart[];
}

interface ModulePlan {
  titles: string[];
  lessons: LessonPlan[];
}

function wordsOfLesson(lesson: LessonPlan): number {
  return lesson.parts.reduce((sum, part) => sum + part.paragraphs.reduce((total, paragraph) => total + countWords(paragraph), 0), 0);
}

function wordsOfModule(module: ModulePlan): number {
  return module.lessons.reduce((sum, lesson) => sum + wordsOfLesson(lesson), 0);
}

/** "A" alone, or "A – C" for what was merged from A through C. */
function titleOf(titles: string[]): string {
  const title = titles.length === 1 ? titles[0] : `${titles[0]} – ${titles[titles.length - 1]}`;
  return shortenAtWord(title, COURSE_TITLE_MAX_LENGTH);
}

/* ---------------------------------------------------------------- Structure */

/**
 * Lessons from consecutive sections: each section at `splitLevel` or above starts a lesson, deeper
 * sections join the lesson before them with their heading shown. Lessons without text are dropped.
 */
function foldSections(sections: DocumentSection[], fileName: string, splitLevel: number): LessonPlan[] {
  const lessons: LessonPlan[] = [];
  for (const section of sections) {
    const part = { fileName, heading: section.heading, paragraphs: section.paragraphs, showHeading: false };
    const current = lessons[lessons.length - 1];
    if (section.level <= splitLevel || !current) {
      lessons.push({ titles: [section.heading], parts: [part] });
    } else {
      current.parts.push({ ...part, showHeading: true });
    }
  }
  return lessons.filter((lesson) => lesson.parts.some((part) => part.paragraphs.length > 0));
}

/**
 * The heading level that best splits sections into lessons: the deepest whose lessons fit the limit
 * (with some slack, since the smallest are merged later), unless its lessons would be tiny. A
 * document of chapters and sections gets a lesson per section.
 */
function lessonsOfSections(sections: DocumentSection[], fileName: string, maxLessons: number): LessonPlan[] {
  const levels = [...new Set(sections.map((section) => section.level))].sort((a, b) => a - b);
  let chosen = foldSections(sections, fileName, levels[0] ?? 1);
  for (const level of levels.slice(1)) {
    const candidate = foldSections(sections, fileName, level);
    if (candidate.length > Math.ceil(maxLessons * LESSON_LIMIT_SLACK)) break;
    const averageWords = candidate.reduce((sum, lesson) => sum + wordsOfLesson(lesson), 0) / Math.max(candidate.length, 1);
    if (candidate.length > chosen.length && averageWords < MIN_AVERAGE_LESSON_WORDS && chosen.length >= 2) break;
    chosen = candidate;
  }
  return chosen;
}

/** A document's sections, cut before each top-level section. */
function topLevelGroups(document: CourseDocument): DocumentSection[][] {
  const groups: DocumentSection[][] = [];
  for (const section of document.sections) {
    if (section.level === 1 || groups.length === 0) groups.push([section]);
    else groups[groups.length - 1].push(section);
  }
  return groups;
}

function headingKey(heading: string): string {
  return heading.toLocaleLowerCase().replace(/\s+/g, ' ').trim();
}

function modulesByDocument(documents: CourseDocument[], maxLessons: number): ModulePlan[] {
  return documents.map((document) => ({
    titles: [document.title ?? baseNameOf(document.fileName)],
    lessons: lessonsOfSections(document.sections, document.fileName, maxLessons),
  }));
}

/** Every document's top-level sections as modules, sections with the same heading (ignoring case) as one. */
function modulesByTopic(documents: CourseDocument[], maxLessons: number): ModulePlan[] {
  const modules = new Map<string, ModulePlan>();
  for (const document of documents) {
    for (const group of topLevelGroups(document)) {
      const key = headingKey(group[0].heading);
      const module = modules.get(key) ?? { titles: [group[0].heading], lessons: [] };
      module.lessons.push(...lessonsOfSections(group, document.fileName, maxLessons));
      modules.set(key, module);
    }
  }
  return [...modules.values()];
}

/** Sentences of a paragraph grouped into pieces of at most `maxWords` (a sentence is never cut). */
function splitParagraph(paragraph: string, maxWords: number): string[] {
  if (countWords(paragraph) <= maxWords) return [paragraph];
  const pieces: string[][] = [[]];
  let words = 0;
  for (const sentence of splitSentences(paragraph)) {
    const count = countWords(sentence);
    if (words + count > maxWords && pieces[pieces.length - 1].length > 0) {
      pieces.push([]);
      words = 0;
    }
    pieces[pieces.length - 1].push(sentence);
    words += count;
  }
  return pieces.map((piece) => piece.join(' '));
}

/**
 * A lesson of more than MAX_LESSON_WORDS becomes parts of about equal length, cut between
 * paragraphs, titled "<title> (part N)".
 */
function splitLongLesson(lesson: LessonPlan): LessonPlan[] {
  const total = wordsOfLesson(lesson);
  if (total <= MAX_LESSON_WORDS) return [lesson];
  const partCount = Math.ceil(total / MAX_LESSON_WORDS);
  const target = total / partCount;
  const pieces: LessonPart[][] = [[]];
  let words = 0;
  for (const part of lesson.parts) {
    let showHeading = part.showHeading;
    for (const paragraph of part.paragraphs.flatMap((text) => splitParagraph(text, MAX_LESSON_WORDS))) {
      const count = countWords(paragraph);
      if (words > 0 && words + count / 2 > target && pieces.length < partCount) {
        pieces.push([]);
        words = 0;
      }
      const current = pieces[pieces.length - 1];
      const last = current[current.length - 1];
      if (last && last.heading === part.heading && last.fileName === part.fileName) last.paragraphs = [...last.paragraphs, paragraph];
      else current.push({ ...part, paragraphs: [paragraph], showHeading: current.length === 0 ? false : showHeading });
      showHeading = false;
      words += count;
    }
  }
  const title = titleOf(lesson.titles);
  return pieces.map((parts, index) => ({ titles: [`${title} (part ${index + 1})`], parts }));
}

/** Merges the adjacent pair with the fewest words until at most `max` remain. */
function mergeSmallestAdjacent<T>(items: T[], max: number, sizeOf: (item: T) => number, merge: (left: T, right: T) => T): T[] {
  const result = [...items];
  while (result.length > Math.max(1, max)) {
    let best = 0;
    for (let index = 1; index < result.length - 1; index += 1) {
      if (sizeOf(result[index]) + sizeOf(result[index + 1]) < sizeOf(result[best]) + sizeOf(result[best + 1])) best = index;
    }
    result.splice(best, 2, merge(result[best], result[best + 1]));
  }
  return result;
}

function mergeLessons(left: LessonPlan, right: LessonPlan): LessonPlan {
  const [first, ...rest] = right.parts;
  return { titles: [...left.titles, ...right.titles], parts: [...left.parts, { ...first, showHeading: true }, ...rest] };
}

function mergeModules(left: ModulePlan, right: ModulePlan): ModulePlan {
  return { titles: [...left.titles, ...right.titles], lessons: [...left.lessons, ...right.lessons] };
}

/* ---------------------------------------------------------------- Lessons and modules */

interface WrittenLesson {
  draft: LessonDraft;
  sentences: string[];
}

function sourcesOf(parts: LessonPart[]): LessonSourceRef[] {
  const sources = new Map<string, LessonSourceRef>();
  for (const part of parts) {
    if (part.paragraphs.length === 0) continue;
    sources.set(`${part.fileName}\u0000${part.heading}`, { origin: 'document', fileName: part.fileName, section: part.heading });
  }
  return [...sources.values()];
}

function writeLesson(plan: LessonPlan, frequencies: Map<string, number>): WrittenLesson {
  const title = titleOf(plan.titles);
  const content = plan.parts
    .flatMap((part) => [...(part.showHeading ? [part.heading] : []), ...part.paragraphs.map((paragraph) => paragraph.trim())])
    .filter((text) => text.length > 0)
    .join('\n\n');
  const sentences = plan.parts.flatMap((part) => part.paragraphs.flatMap(splitSentences));
  return {
    sentences,
    draft: {
      title,
      type: lessonTypeOf(title),
      duration: readingDuration(countWords(content)),
      content,
      keyPoints: keyPointsOfSentences(sentences, frequencies),
      activities: activitiesOf(sentences, title),
      sources: sourcesOf(plan.parts),
    },
  };
}

/** The module's first 1-2 sentences (at most 300 characters), else the lessons it covers. */
export function describeModule(lessons: Pick<LessonDraft, 'title' | 'content'>[]): string {
  const firstParagraphs = lessons[0]?.content ?? '';
  const lead = leadingSentences(firstParagraphs, 2, MAX_MODULE_DESCRIPTION_LENGTH);
  return lead.length > 0 ? lead : shortenAtWord(`Covers: ${lessons.map((lesson) => lesson.title).join(', ')}`, MAX_MODULE_DESCRIPTION_LENGTH);
}

function writeModule(plan: ModulePlan, number: number, withQuiz: boolean): ModuleDraft {
  const frequencies = wordFrequencies(plan.lessons.flatMap((lesson) => lesson.parts.flatMap((part) => part.paragraphs)));
  const written = plan.lessons.map((lesson) => writeLesson(lesson, frequencies));
  const lessons = written.map((lesson) => lesson.draft);
  const title = titleOf(plan.titles);
  const quiz = withQuiz ? moduleQuizLesson(written, frequencies, number, title) : null;
  const description = describeModule(lessons);
  if (quiz) lessons.push(quiz);
  return { title, description, lessons };
}

/**
 * A module's quiz lesson (its last), with questions made from its lessons' own sentences, in their
 * language; null when they give no question. The Content Enhancement agent adds the same quiz to
 * a stored module that has none.
 */
export function moduleQuizLesson(
  lessons: Array<{ draft: Pick<LessonDraft, 'title' | 'content' | 'sources'>; sentences: string[] }>,
  frequencies: Map<string, number>,
  moduleNumber: number,
  moduleTitle: string,
): LessonDraft | null {
  const quiz = buildModuleQuiz(
    lessons.map((lesson) => ({
      title: lesson.draft.title,
      sentences: lesson.sentences,
      ranked: rankSentences(lesson.sentences, frequencies),
      sources: lesson.draft.sources,
    })),
  );
  if (!quiz) return null;
  const wording = wordingFor(lessons.map((lesson) => lesson.draft.content).join(' '));
  return {
    title: wording.quizTitle(moduleNumber, moduleTitle),
    type: 'quiz',
    duration: `${roundUpToFive(quiz.questionCount * 2)} min`,
    content: quiz.content,
    keyPoints: quiz.topics,
    activities: [wording.quizActivity],
    sources: quiz.sources,
  };
}

/* ---------------------------------------------------------------- Course */

const OBJECTIVE = /\b(?:objectives?|by the end|you will be able to|learners will be able to|learn to|you will learn)\b|(?:الهدف|أهداف|في نهاية|ستتمكن|ستكون قادر|ستتعلم|يتعلم)/i;

/** The first sentence that states what the course is for, preferring one that is not a lead-in to a list. */
function objectiveOf(documents: CourseDocument[]): string | null {
  const sentences = documents.flatMap((document) => document.sections.flatMap((section) => section.paragraphs.flatMap(splitSentences)));
  const matching = sentences.filter((sentence) => OBJECTIVE.test(sentence));
  const objective = matching.find((sentence) => !sentence.endsWith(':')) ?? matching[0];
  return objective === undefined ? null : shortenAtWord(objective, COURSE_OBJECTIVE_MAX_LENGTH);
}

/** The documents' headings and paragraphs, cut at a paragraph once MAX_DRAFT_TEXT_CHARACTERS is reached. */
function textOf(documents: CourseDocument[]): string {
  const pieces: string[] = [];
  let length = 0;
  for (const document of documents) {
    for (const section of document.sections) {
      for (const piece of [section.heading, ...section.paragraphs]) {
        const added = piece.length + (pieces.length > 0 ? 2 : 0);
        if (length + added > MAX_DRAFT_TEXT_CHARACTERS) {
          // One giant paragraph first: keep its beginning rather than nothing.
          return pieces.length > 0 ? pieces.join('\n\n') : piece.slice(0, MAX_DRAFT_TEXT_CHARACTERS);
        }
        pieces.push(piece);
        length += added;
      }
    }
  }
  return pieces.join('\n\n');
}

/**
 * Turns read documents into a course draft whose modules and lessons follow the documents' headings.
 * Every sentence of a lesson comes from the documents; key points and activities are sentences of
 * the lesson, and each module ends with a quiz made from its own sentences. Limits are met by merging
 * the smallest adjacent modules or lessons; a section over 1,500 words is split into parts.
 */
export function buildCourseDraft(documents: CourseDocument[], options: CourseDraftOptions): CourseDraft {
  if (documents.length === 0) {
    throw new Error('buildCourseDraft needs at least one document');
  }
  const maxModules = Math.max(1, options.maxModules ?? COURSE_FORM_LIMITS.modules.max);
  const maxLessons = Math.max(1, options.maxLessonsPerModule ?? COURSE_FORM_LIMITS.lessonsPerModule.max);
  // The quiz takes one of the module's places.
  const withQuiz = maxLessons >= 2;
  const maxContentLessons = withQuiz ? maxLessons - 1 : maxLessons;

  const planned = options.organizeByTopic ? modulesByTopic(documents, maxContentLessons) : modulesByDocument(documents, maxContentLessons);
  const modules = mergeSmallestAdjacent(
    planned
      .map((module) => ({ ...module, lessons: module.lessons.flatMap(splitLongLesson) }))
      .filter((module) => module.lessons.length > 0),
    maxModules,
    wordsOfModule,
    mergeModules,
  ).map((module) => ({ ...module, lessons: mergeSmallestAdjacent(module.lessons, maxContentLessons, wordsOfLesson, mergeLessons) }));

  const first = documents[0];
  const firstText = first.sections.flatMap((section) => section.paragraphs).join('\n');
  const written = modules.map((module, index) => writeModule(module, index + 1, withQuiz));
  const lead = leadingSentences(firstText, 2, MAX_COURSE_DESCRIPTION_LENGTH);
  return {
    title: shortenAtWord(first.title ?? baseNameOf(first.fileName), COURSE_TITLE_MAX_LENGTH),
    description: lead.length > 0 ? lead : shortenAtWord(`Covers: ${written.map((module) => module.title).join(', ')}`, MAX_COURSE_DESCRIPTION_LENGTH),
    objective: objectiveOf(documents),
    modules: written,
    text: textOf(documents),
  };
}
