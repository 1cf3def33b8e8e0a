import { z } from 'zod';

/*
 * Drafts and publishing (issue 14, "Editing, drafts and publishing"): every course starts as a draft
 * that only admins see; learners see published courses only, everywhere. A course is published
 * once nothing in it still needs work.
 */

export const COURSE_STATUSES = ['draft', 'published'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/** NATS subjects answered by svc-courses (admins only: the gateway checks the role, svc-courses the caller again). */
export const COURSE_PUBLISHING_SUBJECTS = {
  /** `CourseIdPayload` → `CourseDetail`; 409 `publishRefusedMessage(n)` while the course needs work. */
  PUBLISH: 'courses.courses.publish',
  /** `CourseIdPayload` → `CourseDetail`: back to a draft, hidden from learners again. */
  UNPUBLISH: 'courses.courses.unpublish',
} as const;

/** What can keep a course from being published; the UI translates each kind (with the title it names). */
export const PUBLICATION_PROBLEM_KINDS = [
  'no-description',
  'no-modules',
  'empty-module',
  'blank-lesson',
  'placeholder-lesson',
  'unsourced-lesson',
] as const;
export type PublicationProblemKind = (typeof PUBLICATION_PROBLEM_KINDS)[number];

export const publicationProblemSchema = z.object({
  kind: z.enum(PUBLICATION_PROBLEM_KINDS),
  moduleId: z.uuid().optional(),
  lessonId: z.uuid().optional(),
  /** The module's or lesson's title, for the message; absent for the course's own problems. */
  title: z.string().optional(),
  message: z.string(),
});
export type PublicationProblem = z.infer<typeof publicationProblemSchema>;

/** Admins only, in the course detail: where the course stands and what still needs work before it can be published. */
export const coursePublicationSchema = z.object({
  status: z.enum(COURSE_STATUSES),
  publishedAt: z.string().nullable(),
  problems: z.array(publicationProblemSchema),
});
export type CoursePublication = z.infer<typeof coursePublicationSchema>;

/** The English message of each problem (the UI has its own, translated, by kind). */
export function publicationProblemMessage(kind: PublicationProblemKind, title = ''): string {
  switch (kind) {
    case 'no-description':
      return 'The course has no description';
    case 'no-modules':
      return 'The course has no modules';
    case 'empty-module':
      return `The module "${title}" has no lessons`;
    case 'blank-lesson':
      return `The lesson "${title}" has no text`;
    case 'placeholder-lesson':
      return `The lesson "${title}" still holds placeholder text`;
    case 'unsourced-lesson':
      return `The lesson "${title}" was written by AI without source material and has not been checked`;
  }
}

/** 409 to a publish request while the course needs work. */
export function publishRefusedMessage(count: number): string {
  return `This course cannot be published yet: ${count} ${count === 1 ? 'thing still needs' : 'things still need'} work`;
}

/**
 * What the AI lesson writers put at the head of a lesson written from no library material (svc-ai's
 * composer and its offline brief). While a lesson still opens with one of these, nobody has checked
 * it: once an admin rewrites the text, the mark is gone and so is the problem.
 */
export const UNSOURCED_LESSON_NOTICE = {
  en: 'No material in the Masar library covers this lesson yet: the AI model wrote this text from the course title, description and objective alone. Check it before publishing.',
  ar: 'لا توجد بعد مادة في مكتبة مسار تغطي هذا الدرس: كتب نموذج الذكاء الاصطناعي هذا النص من عنوان الدورة ووصفها وهدفها فقط. راجعه قبل النشر.',
} as const;

/** The offline lesson brief's own words for a lesson it could not write (no library lesson covers it). */
export const PLACEHOLDER_LESSON_SENTENCE = {
  en: 'This lesson is a placeholder in the course outline: attach materials or edit it to add its text.',
  ar: 'هذا الدرس عنصر مؤقت في مخطط الدورة: أرفق مواد أو عدّله لإضافة نصه.',
} as const;
