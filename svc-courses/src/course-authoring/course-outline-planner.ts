import { LessonSource, LessonType, MAX_LESSON_SOURCE_CHARACTERS } from '@masar/contracts';

/** A catalog lesson that may be reused in a new course, with how well it matches the course. */
export interface CandidateLesson {
  lessonId: string;
  lessonTitle: string;
  type: LessonType;
  duration: string;
  content: string;
  keyPoints: string[];
  activities: string[];
  lessonPosition: number;
  moduleId: string;
  moduleTitle: string;
  moduleDescription: string;
  courseId: string;
  courseTitle: string;
  courseCategory: string | null;
  /** How many of the new course's skills the source course teaches. */
  skillMatches: number;
  /** Full-text relevance of the lesson to the new course's words, 0 to 1. */
  textRank: number;
}

export interface PlannedLessonOutline {
  key: string;
  title: string;
  type: LessonType;
  duration: string;
  sources: LessonSource[];
}

export interface PlannedModuleOutline {
  title: string;
  description: string;
  lessons: PlannedLessonOutline[];
}

export interface OutlineRequest {
  courseTitle: string;
  numberOfModules: number;
  lessonsPerModule: number;
  /** Keys start after these, so a course's added modules never reuse a key. */
  firstModuleNumber?: number;
}

/** A module of three or more lessons ends with a quiz on the lessons before it. */
const QUIZ_FROM_LESSONS_PER_MODULE = 3;
const QUIZ_DURATION = '10 min';
const UNSOURCED_LESSON_DURATION = '15 min';

export function candidateScore(candidate: CandidateLesson): number {
  return candidate.skillMatches + 2 * candidate.textRank;
}

export function toLessonSource(candidate: CandidateLesson): LessonSource {
  return {
    origin: 'catalog',
    courseId: candidate.courseId,
    lessonId: candidate.lessonId,
    courseTitle: candidate.courseTitle,
    lessonTitle: candidate.lessonTitle,
    content: trimToParagraphs(candidate.content, MAX_LESSON_SOURCE_CHARACTERS),
    keyPoints: candidate.keyPoints.slice(0, 12),
    activities: candidate.activities.slice(0, 12),
  };
}

/** Whole paragraphs up to `limit` characters (a single over-long paragraph is cut at a sentence end). */
export function trimToParagraphs(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const paragraphs = text.split(/\n\s*\n/);
  let kept = '';
  for (const paragraph of paragraphs) {
    const next = kept.length === 0 ? paragraph : `${kept}\n\n${paragraph}`;
    if (next.length > limit) break;
    kept = next;
  }
  if (kept.length > 0) return kept;
  const cut = text.slice(0, limit);
  const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('? '), cut.lastIndexOf('! '));
  return sentenceEnd > limit / 2 ? cut.slice(0, sentenceEnd + 1) : cut;
}

/**
 * Lays out numberOfModules × lessonsPerModule lessons from the catalog's best-matching lessons:
 * the most relevant source modules first, each new module keeping its source's lesson order and
 * topping up with the next best lessons elsewhere; every catalog lesson is used at most once. A
 * module of 3+ lessons ends with a quiz on its own lessons. Slots nothing in the library matches
 * get no sources, so the writer says so instead of inventing text.
 */
export function planCourseOutline(candidates: CandidateLesson[], request: OutlineRequest): PlannedModuleOutline[] {
  const ranked = [...candidates].sort((a, b) => candidateScore(b) - candidateScore(a) || a.lessonId.localeCompare(b.lessonId));
  const used = new Set<string>();
  const moduleOrder: string[] = [];
  const lessonsByModule = new Map<string, CandidateLesson[]>();
  for (const candidate of ranked) {
    if (!lessonsByModule.has(candidate.moduleId)) {
      moduleOrder.push(candidate.moduleId);
      lessonsByModule.set(candidate.moduleId, []);
    }
    lessonsByModule.get(candidate.moduleId)!.push(candidate);
  }
  for (const lessons of lessonsByModule.values()) lessons.sort((a, b) => a.lessonPosition - b.lessonPosition);

  const hasQuiz = request.lessonsPerModule >= QUIZ_FROM_LESSONS_PER_MODULE;
  const contentSlots = request.lessonsPerModule - (hasQuiz ? 1 : 0);
  const firstNumber = request.firstModuleNumber ?? 1;
  const modules: PlannedModuleOutline[] = [];
  let nextSourceModule = 0;

  for (let index = 0; index < request.numberOfModules; index += 1) {
    const moduleNumber = firstNumber + index;
    const picked: CandidateLesson[] = [];
    let anchor: CandidateLesson | undefined;
    while (nextSourceModule < moduleOrder.length && picked.length === 0) {
      const sourceLessons = lessonsByModule.get(moduleOrder[nextSourceModule])!.filter((lesson) => !used.has(lesson.lessonId));
      nextSourceModule += 1;
      for (const lesson of sourceLessons.slice(0, contentSlots)) {
        picked.push(lesson);
        used.add(lesson.lessonId);
      }
      anchor = picked[0];
    }
    for (const lesson of ranked) {
      if (picked.length >= contentSlots) break;
      if (used.has(lesson.lessonId)) continue;
      picked.push(lesson);
      used.add(lesson.lessonId);
    }

    const title = anchor ? anchor.moduleTitle : `${request.courseTitle}: module ${moduleNumber}`;
    const description = anchor
      ? anchor.moduleDescription
      : `No lesson in the Masar library matches this part of ${request.courseTitle} yet: its lessons are placeholders to write or to fill from materials.`;
    const lessons: PlannedLessonOutline[] = picked.map((lesson, lessonIndex) => ({
      key: `m${moduleNumber}-l${lessonIndex + 1}`,
      title: lesson.lessonTitle,
      type: lesson.type,
      duration: lesson.duration,
      sources: [toLessonSource(lesson)],
    }));
    while (lessons.length < contentSlots) {
      const lessonNumber = lessons.length + 1;
      lessons.push({
        key: `m${moduleNumber}-l${lessonNumber}`,
        title: `${title}: lesson ${lessonNumber}`,
        type: 'reading',
        duration: UNSOURCED_LESSON_DURATION,
        sources: [],
      });
    }
    if (hasQuiz) {
      lessons.push({
        key: `m${moduleNumber}-quiz`,
        title: `Module ${moduleNumber} Quiz: ${title}`,
        type: 'quiz',
        duration: QUIZ_DURATION,
        sources: lessons.flatMap((lesson) => lesson.sources).slice(0, 3),
      });
    }
    modules.push({ title, description, lessons });
  }
  return modules;
}

/** The category most of the course's sources come from, or null when there are none. */
export function dominantCategory(candidates: CandidateLesson[], modules: PlannedModuleOutline[]): string | null {
  const usedLessonIds = new Set(modules.flatMap((module) => module.lessons.flatMap((lesson) => lesson.sources.map((source) => source.lessonId))));
  const counts = new Map<string, number>();
  for (const candidate of candidates) {
    if (!candidate.courseCategory || !usedLessonIds.has(candidate.lessonId)) continue;
    counts.set(candidate.courseCategory, (counts.get(candidate.courseCategory) ?? 0) + 1);
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const [category, count] of counts) {
    if (count > bestCount) {
      best = category;
      bestCount = count;
    }
  }
  return best;
}

/** "20 min", "1 hour", "45 min" → minutes (0 when unreadable). */
export function durationMinutes(duration: string): number {
  const hours = /(\d+(?:\.\d+)?)\s*(?:h|hr|hrs|hour|hours)\b/i.exec(duration);
  const minutes = /(\d+)\s*(?:m|min|mins|minute|minutes)\b/i.exec(duration);
  return Math.round((hours ? Number(hours[1]) * 60 : 0) + (minutes ? Number(minutes[1]) : 0));
}

/** Total study time in hours, rounded to the half hour (at least half an hour). */
export function estimatedHoursOf(durations: string[]): number {
  const total = durations.reduce((sum, duration) => sum + durationMinutes(duration), 0);
  return Math.max(0.5, Math.round((total / 60) * 2) / 2);
}

/** "3 hours", "45 min": how long the whole course takes to study. */
export function durationOfHours(hours: number): string {
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
