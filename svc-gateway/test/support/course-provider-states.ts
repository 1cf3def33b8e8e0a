/**
 * Provider states about courses, shared by the gateway's pact with svc-courses (NATS; svc-courses
 * sets them up in its provider verification) and by the states the gateway itself honours for its
 * HTTP consumers (mf-courses; the svc-courses stand-in sets them up). `params` travel in the pact
 * with each state.
 */
export const COURSE_PROVIDER_STATES = {
  /**
   * params: `{ id, title, modules, lessonsPerModule, skills?, titleAr?, category?, level?, prerequisites?, firstLessonId?,
   * firstLessonType?, moduleIds?, firstModuleLessonIds?, status? }`: an internal course with this id (level beginner and
   * published unless given), `modules` modules of `lessonsPerModule` lessons each, key points and activities included; its
   * first lesson has `firstLessonId` when given (for interactions about one lesson) and `firstLessonType` (reading
   * otherwise); its modules have `moduleIds` and its first module's lessons `firstModuleLessonIds`, in order, when given
   * (for interactions about the structure).
   */
  COURSE_EXISTS: 'a course with modules and lessons exists',
  /**
   * params: COURSE_EXISTS's plus `{ passageId }`: that course, indexed for search, its own passage (the
   * course's title, description, objective and skills) in the index under `passageId`.
   */
  SEARCH_PASSAGE_EXISTS: "a course's passage is in the search index",
  /** params: `{ id }` */
  NO_COURSE_HAS_THE_ID: 'no course has the given id',
  /**
   * params: `{ courses: [{ title, skills?, category?, level?, kind?, provider?, url?, estimatedHours?, duration? }] }`:
   * these courses and no others, created one after another (kind defaults to internal; provider and
   * url are an external course's).
   */
  COURSES_EXIST: 'exactly these courses exist',
  /**
   * params: `{ id, kind, stage, createdBy, courseId?, message?, fileNames }`: a course creation task
   * in this stage (its progress is the stage's), started by `createdBy`.
   */
  CREATION_TASK_EXISTS: 'a course creation task exists',
  /**
   * params: `{ id, title, type, status, progress, currentStep, canPause, createdBy?, courseId?, error? }`: an agent task in
   * this state with one log line ("Started"); `createdBy` defaults to the caller (for the browser's pacts, the
   * signed-in person), `courseId` is its result's course.
   */
  AGENT_TASK_EXISTS: 'an agent task exists',
  /**
   * params: `{ id, title, failedMessage }`: the only quality review there is: an internal course with
   * this id, one module ("Module 1") of two reading lessons ("Lesson 1.1", "Lesson 1.2"), reviewed
   * with three findings, all on lessons: placeholder-text failed (major) on Lesson 1.1 with
   * `failedMessage`, then personal-data passed (critical) on each lesson ('The lesson "<title>" holds
   * no email address or phone number.').
   */
  COURSE_REVIEWED: 'a course has a quality review',
  /** Agent tasks started now stay queued (the provider's workers are held), so the reply is the queued task. */
  AGENT_TASKS_WAIT: 'agent tasks wait in the queue',
  /**
   * params: `{ courseId, readingLessonId, quizLessonId, exerciseLessonId }`: a course whose one module
   * holds, in order, a reading lesson, a quiz lesson of three questions (q1, q2 with two or more
   * options each and one right; q3 "select all that apply" with options a, b and c), and an exercise
   * lesson whose self-assessment checklist holds "One exercise".
   */
  PRACTICE_LESSONS_EXIST: 'a course has a quiz lesson and an exercise lesson',
  /**
   * params: `{ attachmentId, name, mediaType, text, size, sha256 }`: the attachments bucket holds
   * `text` (UTF-8) under `attachmentId`, as the gateway stores a learner's file before submitting.
   */
  EXERCISE_ATTACHMENT_STORED: 'an exercise attachment is stored',
  /**
   * params: PRACTICE_LESSONS_EXIST's and EXERCISE_ATTACHMENT_STORED's, plus `{ userId, submissionId }`:
   * that learner submitted "My notes are attached." with the stored file on the exercise lesson.
   */
  EXERCISE_SUBMITTED: 'a learner has submitted exercise work with an attached file',
} as const;

/** params of COURSE_PROVIDER_STATES.PRACTICE_LESSONS_EXIST. */
export interface PracticeLessonsStateParams {
  courseId: string;
  readingLessonId: string;
  quizLessonId: string;
  exerciseLessonId: string;
}
