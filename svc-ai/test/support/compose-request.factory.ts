import { LessonSource } from '@masar/contracts';
import { CourseOutline, LessonCompositionRequest, PlannedLessonWithSources } from '../../src/providers/lesson-composer';

/*
 * Compose requests as svc-courses sends them, after svc-ai's schema has filled the defaults.
 * The material is written for these tests: two catalog lessons on SQL and one document section.
 */

export const JOINS_TEXT = [
  'A relational database keeps data in tables, and a join combines two tables through a key they share. The query planner decides how to find the rows; the query only says which rows are wanted.',
  'An INNER JOIN keeps only the rows that have a match on both sides. Joining payments to customers on the customer id returns the payments whose customer is known, and silently drops the others.',
  'A LEFT JOIN keeps every row of the left table and fills the columns of the right table with NULL where nothing matches. That is how you find customers who never paid: join payments on the left and keep the rows where the payment id IS NULL.',
  'Joining to a table with several rows per key multiplies rows. Joining orders to their order items and then adding up an order-level amount counts each order total once per item, so the sum is too high. Count the rows before and after every join to catch it early.',
  'NULL means unknown, so it never equals anything, not even another NULL. Compare with IS NULL, and remember that a condition such as status <> cancelled also leaves out every row whose status is NULL.',
].join('\n\n');

export const AGGREGATION_TEXT = [
  'Aggregation turns many rows into a summary. GROUP BY city with COUNT and SUM returns one row per city, and every selected column must be grouped or aggregated.',
  'WHERE filters rows before they are grouped, while HAVING filters the groups afterwards, for example keeping only the cities with more than one hundred orders.',
  'Window functions compute across related rows without collapsing them: ROW_NUMBER numbered by customer and date finds each customer’s latest order, and a running SUM gives a balance on every row.',
].join('\n\n');

export const SAFETY_SECTION_TEXT = [
  'Every visitor to the warehouse signs in at reception and wears a high-visibility vest while on the floor. Forklift lanes are marked in yellow; pedestrians cross them only at the marked crossings.',
  'Report every near miss on the same day, even when nobody was hurt. Near-miss reports show where the next accident is likely to happen, and the safety team reviews them every week.',
].join('\n\n');

export function catalogSource(overrides: Partial<LessonSource> = {}): LessonSource {
  return {
    origin: 'catalog',
    courseId: '6f1d1c3e-5b1a-4c2e-9a53-2f0d2b6f8a01',
    lessonId: '0b7f4a52-7c43-4f3e-8d0a-3c2e1f9b7d11',
    courseTitle: 'SQL and Relational Databases',
    lessonTitle: 'Joins and NULL',
    content: JOINS_TEXT,
    keyPoints: [
      'INNER JOIN keeps matches; LEFT JOIN keeps every left row.',
      'Compare with IS NULL: NULL never equals anything.',
      'Joins to one-to-many tables can multiply rows and inflate sums.',
    ],
    activities: ['Write a query that lists the customers who have never paid, using a LEFT JOIN.'],
    ...overrides,
  };
}

export function aggregationSource(overrides: Partial<LessonSource> = {}): LessonSource {
  return catalogSource({
    lessonId: '9a0c8e7d-1f2b-4c3d-8e4f-5a6b7c8d9e02',
    lessonTitle: 'Aggregation and Window Functions',
    content: AGGREGATION_TEXT,
    keyPoints: [
      'WHERE filters rows before grouping; HAVING filters groups after.',
      'Window functions compute across rows without collapsing them.',
      'compare with is null: NULL never equals anything',
    ],
    activities: ['Find each customer’s latest order with ROW_NUMBER.', 'Write a query that lists the customers who have never paid, using a LEFT JOIN.'],
    ...overrides,
  });
}

export function documentSource(overrides: Partial<LessonSource> = {}): LessonSource {
  return {
    origin: 'document',
    fileName: 'warehouse-handbook.pdf',
    section: 'Safety on the floor',
    content: SAFETY_SECTION_TEXT,
    keyPoints: [],
    activities: [],
    ...overrides,
  };
}

export function courseOutline(overrides: Partial<CourseOutline> = {}): CourseOutline {
  return {
    title: 'Data Foundations',
    description: 'Query business data with SQL and read it correctly.',
    objective: 'Write correct SQL queries over relational data',
    language: 'en',
    ...overrides,
  };
}

export function plannedLesson(overrides: Partial<PlannedLessonWithSources> = {}): PlannedLessonWithSources {
  return {
    key: 'm1-l1',
    moduleTitle: 'Querying Data',
    title: 'Joins and NULL values',
    type: 'reading',
    sources: [catalogSource(), aggregationSource()],
    ...overrides,
  };
}

export function composeRequest(
  lessons: PlannedLessonWithSources[] = [plannedLesson()],
  course: Partial<CourseOutline> = {},
): LessonCompositionRequest {
  return { course: courseOutline(course), lessons };
}
