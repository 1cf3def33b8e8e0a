import type { ExerciseSubmittedEvent, LearningPathGeneratedEvent, SkillLevel } from '@masar/contracts';
import { statementIdOf } from './statement-id';

/** The xAPI version Masar speaks, sent as the X-Experience-API-Version header. */
export const XAPI_VERSION = '1.0.3';

/** ADL's verbs where one fits; Masar's own (under the activity base) for what ADL has no verb for. */
const ADL_VERB = 'http://adlnet.gov/expapi/verbs';
const ADL_ACTIVITY = 'http://adlnet.gov/expapi/activities';

type LanguageMap = Record<string, string>;

export type XapiActor =
  | { objectType: 'Agent'; mbox: string }
  | { objectType: 'Agent'; account: { homePage: string; name: string } };

export interface XapiActivity {
  objectType: 'Activity';
  id: string;
  definition: { type: string; name?: LanguageMap };
}

export interface XapiResult {
  completion?: boolean;
  success?: boolean;
  duration?: string;
  score?: { scaled: number; raw: number; min: number; max: number };
  extensions?: Record<string, string | number>;
}

export interface XapiStatement {
  id: string;
  actor: XapiActor;
  verb: { id: string; display: LanguageMap };
  object: XapiActivity;
  result?: XapiResult;
  context?: { platform: string; contextActivities?: { parent?: XapiActivity[] } };
  timestamp: string;
}

/** What every statement needs besides the happening: who did it, and where Masar's IRIs live. */
export interface StatementSubject {
  /** Masar's activity base IRI, without a trailing `/`. */
  base: string;
  actor: XapiActor;
}

/** A course as an event names it. */
export interface CourseNames {
  courseId: string;
  title: string;
  titleAr: string | null;
}

const PLATFORM = 'Masar';

/** The learner by email (mbox) or by their Masar account under the platform's home page (sso). */
/**
 * The learner as the LRS knows them. `sso`: their account at the identity provider (its issuer as the
 * home page, their subject as the name), which the suite that runs the provider shares; a person who
 * signs in with a Masar password, or whose provider is not named by a web address (a SAML entity id
 * such as a URN), is the Masar user id under Masar's own address.
 */
export function actorOf(
  mode: 'email' | 'sso',
  base: string,
  learner: { userId: string; email?: string; ssoAccount?: { issuer: string; subject: string } | null },
): XapiActor {
  if (mode === 'email') {
    if (!learner.email) throw new Error(`No email for ${learner.userId}`);
    return { objectType: 'Agent', mbox: `mailto:${learner.email}` };
  }
  const account = learner.ssoAccount;
  if (account && /^https?:\/\//i.test(account.issuer) && URL.canParse(account.issuer)) {
    return { objectType: 'Agent', account: { homePage: account.issuer, name: account.subject } };
  }
  return { objectType: 'Agent', account: { homePage: base, name: learner.userId } };
}

function names(title: string, titleAr: string | null): LanguageMap {
  return titleAr ? { 'en-US': title, ar: titleAr } : { 'en-US': title };
}

function verb(id: string, english: string, arabic: string): XapiStatement['verb'] {
  return { id, display: { 'en-US': english, ar: arabic } };
}

export function courseActivity(base: string, course: CourseNames): XapiActivity {
  return {
    objectType: 'Activity',
    id: `${base}/courses/${course.courseId}`,
    definition: { type: `${ADL_ACTIVITY}/course`, name: names(course.title, course.titleAr) },
  };
}

/** Lesson ids stay when a lesson moves between modules, so the IRI names the lesson alone. */
export function lessonActivity(base: string, lessonId: string, type: 'lesson' | 'assessment' = 'lesson'): XapiActivity {
  return { objectType: 'Activity', id: `${base}/lessons/${lessonId}`, definition: { type: `${ADL_ACTIVITY}/${type}` } };
}

function inCourse(base: string, course: CourseNames): XapiStatement['context'] {
  return { platform: PLATFORM, contextActivities: { parent: [courseActivity(base, course)] } };
}

/** ISO 8601 duration of whole seconds. */
function durationOf(seconds: number): string {
  return `PT${Math.max(0, Math.round(seconds))}S`;
}

export interface LessonHappening {
  userId: string;
  lessonId: string;
  course: CourseNames;
  occurredAt: string;
}

/** A learner opened a lesson: one statement per learner and lesson, however often they open it. */
export function lessonStartedStatement({ base, actor }: StatementSubject, lesson: LessonHappening): XapiStatement {
  return {
    id: statementIdOf(`lesson-started:${lesson.userId}:${lesson.lessonId}`),
    actor,
    verb: verb(`${ADL_VERB}/attempted`, 'attempted', 'بدأ'),
    object: lessonActivity(base, lesson.lessonId),
    context: inCourse(base, lesson.course),
    timestamp: lesson.occurredAt,
  };
}

/** A learner completed a lesson: counted once, as Masar counts it, so its id is the learner and lesson. */
export function lessonCompletedStatement({ base, actor }: StatementSubject, lesson: LessonHappening & { secondsSpent: number }): XapiStatement {
  return {
    id: statementIdOf(`lesson-completed:${lesson.userId}:${lesson.lessonId}`),
    actor,
    verb: verb(`${ADL_VERB}/completed`, 'completed', 'أكمل'),
    object: lessonActivity(base, lesson.lessonId),
    result: { completion: true, duration: durationOf(lesson.secondsSpent) },
    context: inCourse(base, lesson.course),
    timestamp: lesson.occurredAt,
  };
}

/** `eventKey` is the activity svc-progress recorded for the completion (`course-completed:<user>:<course>`). */
export function courseCompletedStatement({ base, actor }: StatementSubject, completion: { eventKey: string; course: CourseNames; occurredAt: string }): XapiStatement {
  return {
    id: statementIdOf(completion.eventKey),
    actor,
    verb: verb(`${ADL_VERB}/completed`, 'completed', 'أكمل'),
    object: courseActivity(base, completion.course),
    result: { completion: true },
    context: { platform: PLATFORM },
    timestamp: completion.occurredAt,
  };
}

/** A skill's IRI: its name, lower-cased, as Masar matches skills. */
export function skillActivity(base: string, skill: string): XapiActivity {
  return {
    objectType: 'Activity',
    id: `${base}/skills/${encodeURIComponent(skill.trim().toLowerCase())}`,
    definition: { type: `${ADL_ACTIVITY}/objective`, name: { 'en-US': skill } },
  };
}

type SkillLevelChange = { eventKey: string; skill: string; level: SkillLevel; occurredAt: string };

/** A skill's level, now: the level is the result's extension, so an LRS report can chart it. */
function skillLevelStatement({ base, actor }: StatementSubject, change: SkillLevelChange, how: XapiStatement['verb'], context: XapiStatement['context']): XapiStatement {
  return {
    id: statementIdOf(change.eventKey),
    actor,
    verb: how,
    object: skillActivity(base, change.skill),
    result: { extensions: { [`${base}/xapi/extensions/skill-level`]: change.level } },
    context,
    timestamp: change.occurredAt,
  };
}

/** `eventKey` is svc-progress' activity (`skill-level-reached:<user>:<skill>:<level>`): each level is reached once. */
export function skillLevelChangedStatement(subject: StatementSubject, change: SkillLevelChange & { course: CourseNames | null }): XapiStatement {
  const how = verb(`${subject.base}/xapi/verbs/reached-skill-level`, 'reached skill level', 'بلغ مستوى المهارة');
  return skillLevelStatement(subject, change, how, change.course ? inCourse(subject.base, change.course) : { platform: PLATFORM });
}

/** `eventKey`: `skill-self-assessed:<assessment>:<skill key>`, one statement per skill a save changed. */
export function skillSelfAssessedStatement(subject: StatementSubject, change: SkillLevelChange): XapiStatement {
  const how = verb(`${subject.base}/xapi/verbs/self-assessed-skill-level`, 'self-assessed skill level', 'قيّم مستوى مهارته بنفسه');
  return skillLevelStatement(subject, change, how, { platform: PLATFORM });
}

export function learningPathGeneratedStatement({ base, actor }: StatementSubject, event: LearningPathGeneratedEvent): XapiStatement {
  return {
    id: statementIdOf(`path-generated:${event.learningPathId}`),
    actor,
    verb: verb(`${base}/xapi/verbs/generated-learning-path`, 'generated learning path', 'أنشأ مسار تعلم'),
    object: {
      objectType: 'Activity',
      id: `${base}/learning-paths/${event.learningPathId}`,
      definition: { type: `${base}/xapi/activity-types/learning-path`, name: { 'en-US': event.jobTitle } },
    },
    result: {
      extensions: {
        [`${base}/xapi/extensions/course-count`]: event.courseCount,
        [`${base}/xapi/extensions/gap-skill-count`]: event.gapSkillCount,
      },
    },
    context: { platform: PLATFORM },
    timestamp: event.occurredAt,
  };
}

/** A graded quiz attempt, as svc-courses reports it. */
export interface QuizAttemptHappening {
  attemptId: string;
  userId: string;
  lessonId: string;
  course: CourseNames;
  correctCount: number;
  questionCount: number;
  passed: boolean;
  occurredAt: string;
}

function scoreOf(attempt: QuizAttemptHappening): NonNullable<XapiResult['score']> {
  const max = Math.max(attempt.questionCount, 1);
  return { scaled: Math.round((attempt.correctCount / max) * 10_000) / 10_000, raw: attempt.correctCount, min: 0, max };
}

/** Each attempt is its own statement pair: answered, then passed or failed, both with the score. */
export function quizAnsweredStatement({ base, actor }: StatementSubject, attempt: QuizAttemptHappening): XapiStatement {
  return {
    id: statementIdOf(`quiz-answered:${attempt.attemptId}`),
    actor,
    verb: verb(`${ADL_VERB}/answered`, 'answered', 'أجاب'),
    object: lessonActivity(base, attempt.lessonId, 'assessment'),
    result: { completion: true, score: scoreOf(attempt) },
    context: inCourse(base, attempt.course),
    timestamp: attempt.occurredAt,
  };
}

export function quizResultStatement({ base, actor }: StatementSubject, attempt: QuizAttemptHappening): XapiStatement {
  const outcome = attempt.passed ? 'passed' : 'failed';
  return {
    id: statementIdOf(`quiz-${outcome}:${attempt.attemptId}`),
    actor,
    verb: attempt.passed ? verb(`${ADL_VERB}/passed`, 'passed', 'نجح في') : verb(`${ADL_VERB}/failed`, 'failed', 'لم ينجح في'),
    object: lessonActivity(base, attempt.lessonId, 'assessment'),
    result: { success: attempt.passed, completion: true, score: scoreOf(attempt) },
    context: inCourse(base, attempt.course),
    timestamp: attempt.occurredAt,
  };
}

/**
 * Work submitted on an exercise (Activity Streams' submit verb, in ADL's registry). The work stays
 * in Masar; the statement carries how many checklist items were ticked and files attached.
 */
export function exerciseSubmittedStatement({ base, actor }: StatementSubject, submission: ExerciseSubmittedEvent): XapiStatement {
  return {
    id: statementIdOf(`exercise-submitted:${submission.submissionId}`),
    actor,
    verb: verb('http://activitystrea.ms/schema/1.0/submit', 'submitted', 'سلّم'),
    object: lessonActivity(base, submission.lessonId, 'assessment'),
    result: {
      completion: true,
      extensions: {
        [`${base}/xapi/extensions/checked-item-count`]: submission.checkedItemCount,
        [`${base}/xapi/extensions/attachment-count`]: submission.attachmentCount,
      },
    },
    context: inCourse(base, { courseId: submission.courseId, ...submission.course }),
    timestamp: submission.occurredAt,
  };
}
