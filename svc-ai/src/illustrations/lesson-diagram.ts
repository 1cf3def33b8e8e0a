import { GenerateIllustrationRequest, Language, languageOfLetters } from '@masar/contracts';
import { keySetOf } from '../search/matching-words';
import { QueryExpander } from '../search/query-expander';
import { LearningHelperRequest } from '../providers/learning-helper';
import { PassageReading } from '../providers/offline/learning-helpers/passage-reading';

/** Concepts drawn around the lesson, and key points under each. */
const MAX_CONCEPTS = 6;
const MAX_POINTS_PER_CONCEPT = 2;

/** A lesson's key ideas as a diagram: the lesson in the middle, its concepts around it, each with the points that name it. */
export interface LessonDiagram {
  title: string;
  language: Language;
  concepts: Array<{ label: string; points: string[] }>;
  /** Key points no concept names, shown apart. */
  otherPoints: string[];
}

/**
 * Reads the lesson as the learning helpers read a passage (the taxonomy's skills it names, the terms
 * it keeps returning to, its key points or else its most informative short sentences) and places
 * each key point under the first concept it names.
 */
export function lessonDiagramOf(request: GenerateIllustrationRequest, expander: QueryExpander): LessonDiagram {
  const language = request.language ?? languageOfLetters(`${request.title}\n${request.content}`, 'en');
  const asPassage: LearningHelperRequest = {
      action: 'visual_explanation',
      query: '',
      language,
      passage: {
        courseTitle: '',
        moduleTitle: '',
        lessonTitle: request.title,
        text: request.content,
        keyPoints: request.keyPoints,
        activities: [],
        skills: request.skills,
      },
      relatedLessons: [],
      deeperCourses: [],
  };
  const reading = new PassageReading(asPassage, expander);
  const placed = new Set<string>();
  const concepts = reading.concepts.slice(0, MAX_CONCEPTS).map((concept) => {
    const points = reading.keyPoints
      .filter((point) => !placed.has(point) && [...concept.keys].some((key) => keySetOf(point).has(key)))
      .slice(0, MAX_POINTS_PER_CONCEPT);
    for (const point of points) placed.add(point);
    // A term is written as the text had it ("refresh"); as a label it starts with a capital.
    return { label: concept.kind === 'term' ? concept.label.charAt(0).toLocaleUpperCase('en') + concept.label.slice(1) : concept.label, points };
  });
  return { title: request.title, language, concepts, otherPoints: reading.keyPoints.filter((point) => !placed.has(point)).slice(0, 3) };
}
