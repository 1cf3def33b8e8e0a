import {
  callerSchema,
  COURSE_CREATION_STAGE_PROGRESS,
  COURSES_AGENT_TASK_SUBJECTS,
  COURSES_QUEUES,
  COURSES_SUBJECTS,
  courseDetailSchema,
  EVENT_SUBJECTS,
  type EventSubject,
  LESSON_PRACTICE_SUBJECTS,
  EXERCISE_ATTACHMENTS_BUCKET,
  COURSE_EDITING_SUBJECTS,
  COURSE_PUBLISHING_SUBJECTS,
  COURSE_STRUCTURE_SUBJECTS,
  LESSON_VIDEO_SUBJECTS,
  type LessonType,
  lessonQuizSchema,
} from '@masar/contracts';
import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bull';
import { INestMicroservice } from '@nestjs/common';
import type { Queue } from 'bull';
import { MessageDescriptor, Verifier } from '@pact-foundation/pact';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { reindexCourse } from '../src/course-search/course-search-index';
import { bootstrap } from '../src/main';
import { CourseRowFields, insertCourseRow } from './support/course-rows.factory';
import {
  CALLER_PROVIDER_STATE,
  callerNamedIn,
  connectToNatsAs,
  createFreshDatabase,
  FreshDatabase,
  requestOverNats,
  recordPactVerification,
} from '@masar/contracts/service-kit/testing';
import { AiProcess, startAi } from './support/ai-process';
import { readEventsSince } from '@masar/contracts/events-stream';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const PACT_DIR = path.resolve(__dirname, '../../contracts/pacts');

interface PactFile {
  consumer?: { name?: string };
  provider?: { name?: string };
  interactions: { description: string; providerStates?: { name: string }[] }[];
}

/** Every pact in contracts/pacts whose provider is svc-courses (the gateway's, and any later consumer's). */
function svcCoursesPactFiles(): string[] {
  return readdirSync(PACT_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.join(PACT_DIR, file))
    .filter((file) => (JSON.parse(readFileSync(file, 'utf8')) as PactFile).provider?.name === 'svc-courses');
}

/** Subjects svc-courses answers on, and the events it publishes (asynchronous messages in svc-progress' pact). */
const KNOWN_SUBJECTS: readonly string[] = [
  ...Object.values(COURSES_SUBJECTS),
  ...Object.values(COURSES_AGENT_TASK_SUBJECTS),
  ...Object.values(LESSON_PRACTICE_SUBJECTS),
  ...Object.values(COURSE_EDITING_SUBJECTS),
  ...Object.values(COURSE_PUBLISHING_SUBJECTS),
  ...Object.values(COURSE_STRUCTURE_SUBJECTS),
  ...Object.values(LESSON_VIDEO_SUBJECTS),
  EVENT_SUBJECTS.COURSE_CREATED,
  EVENT_SUBJECTS.COURSE_DELETED,
  EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED,
  EVENT_SUBJECTS.QUIZ_ATTEMPT_GRADED,
  EVENT_SUBJECTS.EXERCISE_SUBMITTED,
];
const EVENT_SUBJECT_LIST: readonly string[] = Object.values(EVENT_SUBJECTS);
const AUTHOR_ID = '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b';

/** A manual form as an admin submits it (spec section 5). */
const COURSE_FORM = {
  description: 'Prepare, open and close negotiations that leave both sides better off.',
  objective: 'Plan and run a negotiation that reaches a durable agreement.',
  duration: '4 weeks',
  format: 'Online',
  departmentOwner: 'Sales',
  color: 'orange',
  abbreviation: 'NEG',
  numberOfModules: 1,
  lessonsPerModule: 1,
};

/** Each description starts with the subject it is sent on, e.g. "courses.courses.get for an unknown id". */
function subjectOf(description: string): string {
  const subject = description.split(' ')[0];
  if (!KNOWN_SUBJECTS.includes(subject)) {
    throw new Error(`"${description}" does not start with a courses subject`);
  }
  return subject;
}

/** params of 'a course with modules and lessons exists' (svc-gateway/test/support/course-provider-states.ts). */
type CourseWithLessonsState = Omit<CourseRowFields, 'kind' | 'createdAt'> & {
  id: string;
  modules: number;
  lessonsPerModule: number;
  firstLessonId?: string;
  moduleIds?: string[];
  firstModuleLessonIds?: string[];
  firstLessonType?: LessonType;
};

/**
 * Verifies every consumer's expectations of svc-courses: each message in the pacts is sent to the
 * real service (booted on a fresh database, answering on the real NATS) and its real reply packet
 * is compared with the recorded one. The provider states are those of the gateway's
 * test/support/course-provider-states.ts.
 */
describe('svc-courses honours its consumers’ pacts', () => {
  const pactFiles = svcCoursesPactFiles();
  let database: FreshDatabase;
  let service: INestMicroservice;
  /** Each consumer signed in as itself: the gateway, and svc-progress (path candidates, the events). */
  let nats: NatsConnection;
  let progress: NatsConnection;
  let sql: Client;
  let ai: AiProcess;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_pact');
    // Creating a course asks svc-ai for the lessons: the real one, offline.
    ai = await startAi({ NATS_URL, DATABASE_URL: database.url });
    service = await bootstrap({ DATABASE_URL: database.url, NATS_URL, LOG_LEVEL: 'silent', SEED_COURSE_CATALOG: 'false' });
    nats = await connectToNatsAs('gateway');
    progress = await connectToNatsAs('progress');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await progress?.drain();
    await service?.close();
    await ai?.stop();
    await database?.drop();
  });

  /** A consumer's own connection: its messages go out with only its NATS rights, as in production. */
  function connectionOf(consumer: string | undefined): NatsConnection {
    if (consumer === 'svc-gateway') return nats;
    if (consumer === 'svc-progress') return progress;
    throw new Error(`No NATS connection signed in as ${consumer}, a consumer of svc-courses`);
  }

  /** An internal course (beginner unless given) with `modules` modules of `lessonsPerModule` reading lessons. */
  async function insertCourseWithLessons(params: CourseWithLessonsState): Promise<void> {
    const { modules: _modules, lessonsPerModule: _lessonsPerModule, firstLessonId, firstLessonType, moduleIds, firstModuleLessonIds, ...course } = params;
    await insertCourseRow(sql, { ...course, level: params.level ?? 'beginner' });
    for (let moduleIndex = 0; moduleIndex < params.modules; moduleIndex += 1) {
      const module = await sql.query<{ id: string }>(
        `INSERT INTO courses.modules (id, course_id, position, title, description) VALUES (coalesce($5::uuid, gen_random_uuid()), $1, $2, $3, $4) RETURNING id`,
        [params.id, moduleIndex, `Module ${moduleIndex + 1}`, `Part ${moduleIndex + 1} of ${params.title}.`, moduleIds?.[moduleIndex] ?? null],
      );
      for (let lessonIndex = 0; lessonIndex < params.lessonsPerModule; lessonIndex += 1) {
        await sql.query(
          `INSERT INTO courses.lessons (id, module_id, position, title, duration, type, content, key_points, activities)
           VALUES (coalesce($7::uuid, gen_random_uuid()), $1, $2, $3, '15 min', $8, $4, $5, $6)`,
          [
            module.rows[0].id,
            lessonIndex,
            `Lesson ${moduleIndex + 1}.${lessonIndex + 1}`,
            `What lesson ${lessonIndex + 1} of module ${moduleIndex + 1} explains.`,
            ['The idea to keep'],
            ['Try it on your own data'],
            moduleIndex === 0 ? (firstModuleLessonIds?.[lessonIndex] ?? (lessonIndex === 0 ? firstLessonId : undefined) ?? null) : null,
            moduleIndex === 0 && lessonIndex === 0 ? (firstLessonType ?? 'reading') : 'reading',
          ],
        );
      }
    }
  }

  /** 'a course has a quiz lesson and an exercise lesson' (course-provider-states.ts): reading, quiz and exercise lessons under the given ids. */
  async function insertPracticeLessons(params: { courseId: string; readingLessonId: string; quizLessonId: string; exerciseLessonId: string }): Promise<void> {
    await sql.query('DELETE FROM courses.courses WHERE id = $1', [params.courseId]);
    await insertCourseRow(sql, { id: params.courseId, title: 'Agile and Scrum in Practice', level: 'beginner' });
    const module = await sql.query<{ id: string }>(
      `INSERT INTO courses.modules (course_id, position, title, description) VALUES ($1, 0, 'Scrum', 'Scrum in practice.') RETURNING id`,
      [params.courseId],
    );
    const quiz = [
      '1. Who orders the Product Backlog?\nAnswer: The Product Owner.\nExplanation: One accountable person keeps priorities clear.',
      '2. Who decides how the work in a sprint is done?\nAnswer: The Developers.\nExplanation: The people doing the work own the plan.',
      '3. Which are Scrum events?\nA) Sprint Review\nB) Burndown chart\nC) Daily Scrum\nAnswer: A and C',
    ].join('\n\n');
    // Three questions, each answered in the pacts: the first two's answers are each other's wrong
    // option; the third is "select all that apply" with options a, b and c.
    const lessons: Array<[string, string, string, string[]]> = [
      [params.readingLessonId, 'reading', 'Scrum has three accountabilities.', ['Know the three accountabilities']],
      [params.quizLessonId, 'quiz', quiz, []],
      [params.exerciseLessonId, 'exercise', 'Run a retrospective with your team.', ['One exercise']],
    ];
    for (const [position, [id, type, content, activities]] of lessons.entries()) {
      await sql.query(
        `INSERT INTO courses.lessons (id, module_id, position, title, duration, type, content, key_points, activities)
         VALUES ($1, $2, $3, $4, '15 min', $5, $6, '{}', $7)`,
        [id, module.rows[0].id, position, `Lesson ${position + 1}`, type, content, activities],
      );
    }
  }

  /** This instance stops taking agent tasks (Bull's local pause): one started now is answered, and stays, queued. */
  async function holdAgentTasks(): Promise<void> {
    await service.get<Queue>(getQueueToken(COURSES_QUEUES.AGENT_TASKS)).pause(true);
  }

  /** 'a course has a quality review' (course-provider-states.ts): the only review there is, with three findings on lessons. */
  async function insertReviewedCourse({ id, title, failedMessage }: { id: string; title: string; failedMessage: string }): Promise<void> {
    // Held first, so no review a created course queued earlier can land after this one.
    await holdAgentTasks();
    await sql.query('DELETE FROM courses.quality_reviews');
    await sql.query('DELETE FROM courses.courses WHERE id = $1', [id]);
    await insertCourseWithLessons({ id, title, modules: 1, lessonsPerModule: 2 });
    const lessons = await sql.query<{ id: string; module_id: string; title: string }>(
      `SELECT l.id, l.module_id, l.title FROM courses.lessons l JOIN courses.modules m ON m.id = l.module_id WHERE m.course_id = $1 ORDER BY l.position`,
      [id],
    );
    const review = await sql.query<{ id: string }>(
      `INSERT INTO courses.quality_reviews (course_id, checks_run, passed, failed) VALUES ($1, 3, 2, 1) RETURNING id`,
      [id],
    );
    const [first, second] = lessons.rows;
    const findings: Array<[string, boolean, string, { id: string; module_id: string; title: string }, string]> = [
      ['placeholder-text', false, 'major', first, failedMessage],
      ['personal-data', true, 'critical', first, `The lesson "${first.title}" holds no email address or phone number.`],
      ['personal-data', true, 'critical', second, `The lesson "${second.title}" holds no email address or phone number.`],
    ];
    for (const [position, [check, passed, severity, lesson, message]] of findings.entries()) {
      await sql.query(
        `INSERT INTO courses.quality_findings (review_id, position, "check", passed, severity, module_id, lesson_id, message)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [review.rows[0].id, position, check, passed, severity, lesson.module_id, lesson.id, message],
      );
    }
  }

  /** Creates a course from the form (and deletes it for the deleted event), and answers the event stored. */
  async function publishedEvent(subject: EventSubject): Promise<unknown> {
    const since = new Date().toISOString();
    if (subject === EVENT_SUBJECTS.QUIZ_ATTEMPT_GRADED) return gradedQuizEvent(since);
    if (subject === EVENT_SUBJECTS.EXERCISE_SUBMITTED) return submittedExerciseEvent(since);
    const reply = await requestOverNats(nats, COURSES_SUBJECTS.CREATE_COURSE, {
      ...COURSE_FORM,
      title: `Negotiation Skills ${Date.now()}`,
      createdBy: AUTHOR_ID,
    });
    const course = courseDetailSchema.parse(reply.response);
    if (subject === EVENT_SUBJECTS.COURSE_DELETED) await requestOverNats(nats, COURSES_SUBJECTS.DELETE_COURSE, { id: course.id });
    if (subject === EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED) {
      const lesson = { title: 'Closing the deal', type: 'reading', duration: '10 min', content: 'Summarise what both sides agreed.' };
      const admin = { id: AUTHOR_ID, role: 'admin' as const };
      await requestOverNats(nats, COURSE_STRUCTURE_SUBJECTS.ADD_LESSON, { courseId: course.id, moduleId: course.modules[0].id, lesson }, undefined, admin);
    }
    const events = (await readEventsSince(progress, subject, since)) as { courseId: string }[];
    return events.find((event) => event.courseId === course.id);
  }

  /** A learner's quiz attempt, graded for real, and the event svc-courses stored for it. */
  async function gradedQuizEvent(since: string): Promise<unknown> {
    const ids = { courseId: randomUUID(), readingLessonId: randomUUID(), quizLessonId: randomUUID(), exerciseLessonId: randomUUID() };
    await insertPracticeLessons(ids);
    const learner = { id: randomUUID(), role: 'admin' as const };
    const quiz = lessonQuizSchema.parse((await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.GET_QUIZ, { lessonId: ids.quizLessonId }, undefined, learner)).response);
    const answers = quiz.questions.map((question) => ({ questionId: question.id, optionId: question.options[0].id }));
    await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.SUBMIT_QUIZ_ATTEMPT, { lessonId: ids.quizLessonId, answers }, undefined, learner);
    const events = (await readEventsSince(progress, EVENT_SUBJECTS.QUIZ_ATTEMPT_GRADED, since)) as { lessonId: string }[];
    return events.find((event) => event.lessonId === ids.quizLessonId);
  }

  /** A learner's work on an exercise, submitted for real, and the event svc-courses stored for it. */
  async function submittedExerciseEvent(since: string): Promise<unknown> {
    const ids = { courseId: randomUUID(), readingLessonId: randomUUID(), quizLessonId: randomUUID(), exerciseLessonId: randomUUID() };
    await insertPracticeLessons(ids);
    const learner = { id: randomUUID(), role: 'admin' as const };
    const work = { lessonId: ids.exerciseLessonId, work: 'We ran the retrospective and wrote down three actions.', checkedItems: ['One exercise'], attachments: [], language: 'en' };
    const reply = await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE, work, undefined, learner);
    if (reply.err) throw new Error(`exercise not submitted: ${JSON.stringify(reply.err)}`);
    const events = (await readEventsSince(progress, EVENT_SUBJECTS.EXERCISE_SUBMITTED, since)) as { lessonId: string }[];
    return events.find((event) => event.lessonId === ids.exerciseLessonId);
  }

  /** 'an exercise attachment is stored': the bytes in the attachments bucket, as the gateway stores them. */
  async function storeAttachment(params: { attachmentId: string; text: string }): Promise<void> {
    const bucket = await nats.jetstream().views.os(EXERCISE_ATTACHMENTS_BUCKET);
    await bucket.putBlob({ name: params.attachmentId }, Buffer.from(params.text, 'utf8'));
  }

  const stateHandlers: Record<string, (params?: unknown) => Promise<undefined>> = {
    'an exercise attachment is stored': async (params) => {
      await storeAttachment(params as { attachmentId: string; text: string });
      return undefined;
    },
    'a learner has submitted exercise work with an attached file': async (params) => {
      const state = params as {
        courseId: string;
        readingLessonId: string;
        quizLessonId: string;
        exerciseLessonId: string;
        attachmentId: string;
        name: string;
        mediaType: string;
        text: string;
        size: number;
        sha256: string;
        userId: string;
        submissionId: string;
      };
      await insertPracticeLessons(state);
      await storeAttachment(state);
      const attachment = { attachmentId: state.attachmentId, name: state.name, mediaType: state.mediaType, size: state.size, sha256: state.sha256 };
      const feedback = { status: 'given', language: 'en', text: 'This is an automatic check of coverage, not a grade.', covered: [], missing: ['One exercise'], provider: 'offline', model: 'built-in' };
      await sql.query(
        `INSERT INTO courses.exercise_submissions (id, user_id, lesson_id, work, checked_items, attachments, feedback) VALUES ($1, $2, $3, 'My notes are attached.', '{}', $4, $5)`,
        [state.submissionId, state.userId, state.exerciseLessonId, JSON.stringify([attachment]), JSON.stringify(feedback)],
      );
      return undefined;
    },
    'a course with modules and lessons exists': async (params) => {
      const state = params as CourseWithLessonsState;
      await sql.query('DELETE FROM courses.courses WHERE id = $1', [state.id]);
      await insertCourseWithLessons(state);
      return undefined;
    },
    "a course's passage is in the search index": async (params) => {
      const { passageId, ...course } = params as CourseWithLessonsState & { passageId: string };
      await sql.query('DELETE FROM courses.courses WHERE id = $1', [course.id]);
      await insertCourseWithLessons(course);
      // Indexed as any course change indexes it; its own passage then under the id the consumer names.
      await service.get(DataSource).transaction((manager) => reindexCourse(manager, course.id));
      await sql.query(`UPDATE courses.search_passages SET id = $1 WHERE course_id = $2 AND field = 'course'`, [passageId, course.id]);
      return undefined;
    },
    'a course has a quiz lesson and an exercise lesson': async (params) => {
      await insertPracticeLessons(params as { courseId: string; readingLessonId: string; quizLessonId: string; exerciseLessonId: string });
      return undefined;
    },
    'no course has the given id': async (params) => {
      const { id } = params as { id: string };
      await sql.query('DELETE FROM courses.courses WHERE id = $1', [id]);
      return undefined;
    },
    // The caller is sent in the header by the message provider below; here it only has to be a caller.
    [CALLER_PROVIDER_STATE]: async (params) => {
      callerSchema.parse(params);
      return undefined;
    },
    'a course creation task exists': async (params) => {
      const task = params as { id: string; kind: string; stage: string; createdBy: string; courseId?: string; message?: string; fileNames: string[] };
      await sql.query('DELETE FROM courses.agent_tasks WHERE id = $1', [task.id]);
      const ended = task.stage === 'complete' ? 'completed' : task.stage === 'error' ? 'failed' : 'running';
      await sql.query(
        `INSERT INTO courses.agent_tasks (id, type, title, status, kind, stage, progress, current_step, error, course_id, file_names, created_by)
         VALUES ($1, 'course-from-documents', 'Course from documents', $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          task.id,
          ended,
          task.kind,
          task.stage,
          COURSE_CREATION_STAGE_PROGRESS[task.stage as keyof typeof COURSE_CREATION_STAGE_PROGRESS],
          task.stage === 'error' ? null : (task.message ?? null),
          task.stage === 'error' ? (task.message ?? null) : null,
          task.courseId ?? null,
          task.fileNames,
          task.createdBy,
        ],
      );
      return undefined;
    },
    'an agent task exists': async (params) => {
      const task = params as {
        id: string;
        title: string;
        type: string;
        status: string;
        progress: number;
        currentStep: string | null;
        canPause: boolean;
        createdBy: string;
        courseId?: string;
      };
      const ended = ['completed', 'failed', 'cancelled'].includes(task.status);
      await sql.query('DELETE FROM courses.agent_tasks WHERE id = $1', [task.id]);
      await sql.query(
        `INSERT INTO courses.agent_tasks (id, type, title, status, progress, current_step, can_pause, can_cancel, started_at, ended_at,
                                          logs, result, total_steps, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), CASE WHEN $8 THEN NULL ELSE now() END,
                 jsonb_build_array(jsonb_build_object('at', '2026-11-25T08:30:00.000Z', 'message', 'Started')), $9, 8, $10)`,
        [
          task.id,
          task.type,
          task.title,
          task.status,
          task.progress,
          task.currentStep,
          task.canPause,
          !ended,
          task.courseId ? { courseId: task.courseId } : null,
          task.createdBy,
        ],
      );
      return undefined;
    },
    'a course has a quality review': async (params) => {
      await insertReviewedCourse(params as { id: string; title: string; failedMessage: string });
      return undefined;
    },
    'agent tasks wait in the queue': async () => {
      await holdAgentTasks();
      return undefined;
    },
    'exactly these courses exist': async (params) => {
      const { courses } = params as { courses: Omit<CourseRowFields, 'id' | 'createdAt'>[] };
      await sql.query('DELETE FROM courses.courses');
      // One minute apart, in the order given, so "newest first" has one answer.
      const start = Date.parse('2026-11-01T08:00:00Z');
      for (const [index, course] of courses.entries()) {
        await insertCourseRow(sql, { ...course, createdAt: new Date(start + index * 60_000).toISOString() });
      }
      return undefined;
    },
  };

  it('finds at least one pact with svc-courses as the provider', () => {
    expect(pactFiles.map((file) => path.basename(file))).toContain('svc-gateway-svc-courses.json');
  });

  it('has a handler for every provider state the consumers use, and knows every subject', () => {
    const interactions = pactFiles.flatMap((file) => (JSON.parse(readFileSync(file, 'utf8')) as PactFile).interactions);
    const states = interactions.flatMap((interaction) => interaction.providerStates ?? []).map((state) => state.name);
    expect(states.filter((state) => !(state in stateHandlers))).toEqual([]);
    for (const { description } of interactions) {
      expect(() => subjectOf(description)).not.toThrow();
    }
  });

  it('answers every recorded message as the consumers expect', async () => {
    const interactions = pactFiles.flatMap((file) => {
      const pact = JSON.parse(readFileSync(file, 'utf8')) as PactFile;
      return pact.interactions.map(({ description }) => ({ description, consumer: pact.consumer?.name }));
    });
    const messageProviders = Object.fromEntries(
      interactions.map(({ description, consumer }) => [
        description,
        async (message: MessageDescriptor) => {
          const subject = subjectOf(description);
          // An event is produced by doing the real thing and reading back what was stored on the stream.
          if (EVENT_SUBJECT_LIST.includes(subject)) return publishedEvent(subject as EventSubject);
          const reply = await requestOverNats(connectionOf(consumer), subject, message.content, undefined, callerNamedIn(message.providerStates));
          return reply.err !== undefined ? { err: reply.err } : { response: reply.response };
        },
      ]),
    );
    await new Verifier({
      provider: 'svc-courses',
      pactUrls: pactFiles,
      messageProviders,
      stateHandlers,
      logLevel: 'warn',
    }).verifyProvider();
    // Passed: this version of svc-courses honours these pacts (what can-i-deploy reads).
    recordPactVerification({ provider: 'svc-courses', pactFiles: pactFiles });
  });
});
