import { ComposedLesson, Language, LessonSource } from '@masar/contracts';
import {
  citationOf,
  CourseOutline,
  LessonComposer,
  LessonCompositionRequest,
  PlannedLessonWithSources,
  sourceLabel,
} from '../lesson-composer';
import { authoringBrief } from './authoring-brief';
import { buildQuizQuestions, formatQuiz, QuizStatement } from './quiz-builder';
import {
  contentWordsOf,
  distinctPoints,
  informativeSentences,
  overlapOf,
  Passage,
  passageOf,
  paragraphsOf,
  pointKey,
} from './source-text';

/** A lesson's text: about 150 to 600 words, as much as the sources give. */
const LESSON_MIN_WORDS = 150;
const LESSON_MAX_WORDS = 600;
/** The second source's passage: short, and only when it adds something and there is room. */
const SECOND_PASSAGE_MAX_WORDS = 120;
const SECOND_PASSAGE_MAX_WORDS_FOR_SHORT_LESSON = 250;
const SECOND_PASSAGE_MIN_WORDS = 15;
/** A paragraph sharing this much of its vocabulary with the lesson already says what it says. */
const REPEAT_OVERLAP = 0.6;
const MAX_KEY_POINTS = 5;
const MAX_ACTIVITIES = 3;
const KEY_SENTENCES = 3;
const MAX_QUIZ_QUESTIONS = 5;

function fromLine(source: LessonSource, language: Language): string {
  const label = sourceLabel(source);
  if (language === 'ar') return label ? `من ${label}:` : 'من مصدر آخر:';
  return label ? `From ${label}:` : 'From another source:';
}

/**
 * The built-in composer: it writes nothing of its own. A lesson is its most relevant source's text
 * in whole paragraphs, with a short passage from the next source when that adds something; its key
 * points and activities are the sources' own; a quiz asks about what the sources state; and a
 * lesson nothing in the library covers is an authoring brief that says so. Citations name exactly
 * the sources the text was taken from.
 */
export class OfflineLessonComposer implements LessonComposer {
  readonly name = 'offline' as const;

  async composeLessons(request: LessonCompositionRequest): Promise<ComposedLesson[]> {
    return request.lessons.map((lesson) => this.composeLesson(request.course, lesson));
  }

  private composeLesson(course: CourseOutline, lesson: PlannedLessonWithSources): ComposedLesson {
    const composed = lesson.type === 'quiz' ? this.composeQuiz(course, lesson) : this.composeReading(course, lesson);
    return composed ?? { key: lesson.key, content: authoringBrief(course, lesson), keyPoints: [], activities: [], citations: [] };
  }

  /** Video, reading and exercise lessons: the sources' text, arranged. Undefined when no source has any. */
  private composeReading(course: CourseOutline, lesson: PlannedLessonWithSources): ComposedLesson | undefined {
    const withText = lesson.sources
      .map((source) => ({ source, paragraphs: paragraphsOf(source.content) }))
      .filter(({ paragraphs }) => paragraphs.length > 0);
    if (withText.length === 0) return this.keyPointsOnly(lesson);

    const [primary, second] = withText;
    const main = passageOf(primary.paragraphs, LESSON_MAX_WORDS, LESSON_MIN_WORDS);
    const used: LessonSource[] = [primary.source];
    const texts = [main.text];
    const sections = [main.text];
    if (second !== undefined) {
      const room = Math.min(
        main.words < LESSON_MIN_WORDS ? SECOND_PASSAGE_MAX_WORDS_FOR_SHORT_LESSON : SECOND_PASSAGE_MAX_WORDS,
        LESSON_MAX_WORDS - main.words,
      );
      const passage = this.addedPassage(second.paragraphs, main.text, lesson.title, room);
      if (passage !== undefined) {
        used.push(second.source);
        texts.push(passage.text);
        // The heading line goes with the passage, so a reader knows where the text changes source.
        sections.push(`${fromLine(second.source, course.language)}\n${passage.text}`);
      }
    }
    const keyPoints = distinctPoints(used.flatMap((source) => source.keyPoints), MAX_KEY_POINTS);
    return {
      key: lesson.key,
      content: sections.join('\n\n'),
      keyPoints: keyPoints.length > 0 ? keyPoints : informativeSentences(texts, KEY_SENTENCES, lesson.title),
      activities: distinctPoints(used.flatMap((source) => source.activities), MAX_ACTIVITIES),
      citations: used.map(citationOf),
    };
  }

  /**
   * The second source's paragraph that best fits the lesson's title without repeating what the
   * lesson already says, cut to whole sentences within `room` words.
   */
  private addedPassage(paragraphs: string[], lessonText: string, title: string, room: number): Passage | undefined {
    if (room < SECOND_PASSAGE_MIN_WORDS) return undefined;
    const titleWords = new Set(contentWordsOf(title));
    const candidates = paragraphs
      .map((paragraph, position) => ({
        paragraph,
        position,
        relevance: contentWordsOf(paragraph).filter((word) => titleWords.has(word)).length,
      }))
      .filter(({ paragraph }) => overlapOf(paragraph, lessonText) < REPEAT_OVERLAP)
      .sort((a, b) => b.relevance - a.relevance || a.position - b.position);
    for (const { paragraph } of candidates) {
      const passage = passageOf([paragraph], room);
      if (passage.words >= SECOND_PASSAGE_MIN_WORDS && !passage.text.endsWith('…')) return passage;
    }
    return undefined;
  }

  /** Sources without text but with key points: the lesson lists them, as they are. */
  private keyPointsOnly(lesson: PlannedLessonWithSources): ComposedLesson | undefined {
    const used = lesson.sources.filter((source) => distinctPoints(source.keyPoints, 1).length > 0);
    if (used.length === 0) return undefined;
    const keyPoints = distinctPoints(used.flatMap((source) => source.keyPoints), MAX_KEY_POINTS);
    return {
      key: lesson.key,
      content: keyPoints.map((point) => `- ${point}`).join('\n'),
      keyPoints,
      activities: distinctPoints(used.flatMap((source) => source.activities), MAX_ACTIVITIES),
      citations: used.map(citationOf),
    };
  }

  /** A quiz on what the sources state: their key points first, then their most informative sentences. */
  private composeQuiz(course: CourseOutline, lesson: PlannedLessonWithSources): ComposedLesson | undefined {
    const statements: QuizStatement[] = lesson.sources.flatMap((source) =>
      distinctPoints(source.keyPoints, MAX_QUIZ_QUESTIONS).map((text) => ({ text, source })),
    );
    if (statements.length < MAX_QUIZ_QUESTIONS) {
      for (const source of lesson.sources) {
        for (const text of informativeSentences([source.content], MAX_QUIZ_QUESTIONS, lesson.title)) {
          statements.push({ text, source });
        }
      }
    }
    const seen = new Set<string>();
    const distinct = statements.filter(({ text }) => {
      const key = pointKey(text);
      if (key.length === 0 || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const questions = buildQuizQuestions(distinct, lesson.title, course.language, MAX_QUIZ_QUESTIONS);
    if (questions.length === 0) return undefined;
    const used = lesson.sources.filter((source) => questions.some((question) => question.source === source));
    const keyPoints = distinctPoints(used.flatMap((source) => source.keyPoints), MAX_KEY_POINTS);
    return {
      key: lesson.key,
      content: formatQuiz(questions, course.language),
      keyPoints: keyPoints.length > 0 ? keyPoints : questions.slice(0, KEY_SENTENCES).map((question) => question.statement),
      activities: distinctPoints(used.flatMap((source) => source.activities), MAX_ACTIVITIES),
      citations: used.map(citationOf),
    };
  }
}
