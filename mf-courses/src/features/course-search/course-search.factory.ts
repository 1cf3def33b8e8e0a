import type { CourseSearchChunk, CourseSearchResponse, LearningHelperReply, SearchPassage } from '@masar/contracts';

let sequence = 0;

function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

/** The whole text of the factory's default lesson passage. */
export const PIVOT_LESSON_TEXT =
  'A pivot table summarises thousands of rows in seconds. Select your data, insert a PivotTable and drag fields to Rows, Columns and Values.';

/** A lesson passage as `GET /api/courses/search` returns it (its preview is the default text's beginning). */
export function buildSearchChunk(overrides: Partial<CourseSearchChunk> = {}): CourseSearchChunk {
  return {
    id: nextId('30000000'),
    field: 'lesson',
    courseId: nextId('20000000'),
    moduleId: nextId('21000000'),
    lessonId: nextId('22000000'),
    courseTitle: 'Excel Essentials for Everyday Work',
    moduleTitle: 'Summarising and Presenting Data',
    lessonTitle: 'Pivot tables step by step',
    content: PIVOT_LESSON_TEXT.slice(0, 200),
    keywords: ['pivot tables', 'Microsoft Excel'],
    relevanceScore: 0.92,
    language: 'en',
    ...overrides,
  };
}

/** A result's passage as `GET /api/courses/search/passages/:chunkId` returns it. */
export function buildSearchPassage(chunk: CourseSearchChunk, fullText: string = PIVOT_LESSON_TEXT): SearchPassage {
  const { id, field, courseId, moduleId, lessonId, courseTitle, moduleTitle, lessonTitle, language } = chunk;
  return { id, field, courseId, moduleId, lessonId, courseTitle, moduleTitle, lessonTitle, language, fullText };
}

/** A search reply with the given results; the counts follow them unless overridden. */
export function buildSearchResponse(overrides: Partial<CourseSearchResponse> = {}): CourseSearchResponse {
  const chunks = overrides.chunks ?? [buildSearchChunk()];
  return {
    query: 'pivot tables',
    answer: 'A pivot table summarises many rows by the fields you drag into it [1].',
    answerSource: { provider: 'offline', model: 'masar-offline' },
    answerProblem: null,
    totalResults: chunks.length,
    totalResultsCapped: false,
    summary: {
      coursesFound: new Set(chunks.map((chunk) => chunk.courseId)).size,
      modulesFound: new Set(chunks.flatMap((chunk) => (chunk.moduleId ? [chunk.moduleId] : []))).size,
      lessonsFound: new Set(chunks.flatMap((chunk) => (chunk.lessonId ? [chunk.lessonId] : []))).size,
      keyInsights: ['Drag fields to Rows, Columns and Values to summarise data.'],
    },
    relatedTopics: ['Data Analysis', 'Data Visualization'],
    chunks,
    matchedTerms: ['pivot table', 'pivottable'],
    skills: ['Pivot Tables'],
    ...overrides,
  };
}

/** What a learning helper answers offline. */
export function buildHelperReply(overrides: Partial<LearningHelperReply> = {}): LearningHelperReply {
  return {
    response: '## Summary\n\n- A pivot table **summarises** many rows.\n- Drag fields to Rows and Values.',
    provider: 'offline',
    model: 'masar-offline',
    ...overrides,
  };
}
