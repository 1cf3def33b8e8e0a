/** @jest-environment node */
// Consumer contract of mf-courses with svc-gateway: every course call the remote makes, through
// the REAL RTK Query endpoints and base query, pointed at Pact's mock server.
import {
  aiFeatureOffMessage,
  createFromCategoriesBodySchema,
  describeValidationError,
  IMAGE_ANALYSIS_OFFLINE_MESSAGE,
  LESSON_NOT_IN_COURSE_MESSAGE,
  NARRATION_TEXT_REQUIRED_MESSAGE,
  libraryTooThinMessage,
  READY_AI_CATEGORIES,
  READY_AI_COURSE_NOT_FOUND_MESSAGE,
  SEARCH_PASSAGE_NOT_FOUND_MESSAGE,
  type CourseForm,
  type CourseFormInput,
} from '@masar/contracts';
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4, type Rules } from '@pact-foundation/pact';
import { File } from 'node:buffer';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { courseAuthoringApi } from '../course-authoring/course-authoring.api';
import { courseSearchApi } from '../course-search/course-search.api';
import { courseProgressApi } from '../course-progress/course-progress.api';
import { narrationApi } from '../narration/narration.api';
import { readyAiApi } from '../ready-ai/ready-ai.api';
import { COURSES_PAGE_SIZE, coursesApi } from './courses.api';

const { like, regex, uuid, eachLike, atLeastLike, constrainedArrayLike, arrayContaining, integer, number, boolean, contentType } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-mf-courses-svc-gateway.json');
const ISO_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };
const COLOR = '^(blue|green|purple|red|yellow|orange|pink|indigo)$';

/** Ids appear in paths, so they are exact. */
const COURSE_ID = '5b0e6c1a-2f3d-4e5a-8b6c-7d8e9f0a1b2c';
const EXTERNAL_COURSE_ID = '6c1f7d2b-3a4e-4f6b-9c7d-8e9f0a1b2c3d';
const MISSING_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const JOB_ID = '2c5a7f3e-5b1d-4e8a-9c0f-3d4b5a6c7e8f';
const TASK_ID = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';
const TASK_AUTHOR_ID = '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b';
const CREATED_COURSE_ID = '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d';
/**
 * The first lesson of COURSE_ID's first module. The course state's lesson ids are not params, so
 * svc-gateway's stand-in must give that lesson this id for the lesson to belong to the course.
 */
const LESSON_ID = '8e3b9f4d-5c6a-4b8d-9e9f-0a1b2c3d4e5f';
const STARTED_LESSON_ID = '9f4c0a5e-6d7b-4c9e-8f0a-1b2c3d4e5f6a';
const LESSON_NOT_IN_COURSE_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
/** A Ready AI task; its id is in the path, so it is exact. */
const READY_AI_TASK_ID = '4f5a6b7c-8d9e-4f0a-8b1c-2d3e4f5a6b7c';
const READY_AI_STEP = 'Writing module 2 of 6: Listening First';
const READY_AI_TOO_THIN = libraryTooThinMessage('Negotiation Skills', 3, 6);

const COURSE_SKILLS = ['Negotiation', 'Active Listening', 'Persuasion'];
const KEY_POINT = 'Know your walk-away point';
const ACTIVITY = 'Write a one-page preparation sheet for your next negotiation.';
const JOB_TEXT = 'Account Manager. Requirements: negotiation with enterprise buyers and persuasion in renewals.';

type StateParam = string | number | boolean | null | string[] | Record<string, string | string[]>[];

interface ProviderState {
  name: string;
  params?: Record<string, StateParam>;
}

/** Provider states (svc-gateway's verification sets them up, with these params). */
const STATES: Record<
  | 'learner'
  | 'admin'
  | 'course'
  | 'externalCourse'
  | 'missing'
  | 'job'
  | 'completedTask'
  | 'imageAnalysisOffline'
  | 'learnerProgress'
  | 'noLearnerProgress'
  | 'catalogForReadyAi'
  | 'runningReadyAiTask'
  | 'completedReadyAiTask'
  | 'failedReadyAiTask',
  ProviderState
> = {
  learner: { name: 'a learner is signed in' },
  admin: { name: 'an admin is signed in' },
  /**
   * An internal course with `modules` modules of `lessonsPerModule` reading lessons, each with key
   * points and activities; the catalog's Arabic title and description, an objective and study hours.
   */
  course: {
    name: 'a course with modules and lessons exists',
    params: {
      id: COURSE_ID,
      title: 'Negotiation Skills',
      titleAr: 'مهارات التفاوض',
      skills: COURSE_SKILLS,
      category: 'Sales',
      level: 'intermediate',
      prerequisites: ['Basic business communication'],
      modules: 1,
      lessonsPerModule: 1,
      // The lesson the progress interactions complete is this course's first.
      firstLessonId: LESSON_ID,
    },
  },
  /** One external training entry and no other course. */
  externalCourse: {
    name: 'exactly these courses exist',
    params: {
      courses: [
        {
          title: 'Google Data Analytics Professional Certificate',
          kind: 'external',
          provider: 'Coursera',
          url: 'https://www.coursera.org/professional-certificates/google-data-analytics',
          category: 'Data Analysis',
          level: 'beginner',
          skills: ['Data Analysis', 'SQL', 'Tableau'],
        },
      ],
    },
  },
  missing: { name: 'no course has the given id', params: { id: MISSING_ID } },
  /** The same state mf-jobroles' pact uses: a pasted posting, not reviewed, with these extracted skills. */
  job: {
    name: 'a job description exists',
    params: {
      id: JOB_ID,
      title: 'Account Manager',
      content: JOB_TEXT,
      extractedSkillNames: ['Negotiation', 'Persuasion'],
      createdBy: '6f1c2d4e-8a9b-4c3d-9e8f-1a2b3c4d5e6f',
    },
  },
  /**
   * The same state svc-gateway's pact with svc-courses uses: a creation task in this stage (its
   * progress is the stage's), started by `createdBy`; an admin may follow anyone's task.
   */
  completedTask: {
    name: 'a course creation task exists',
    params: {
      id: TASK_ID,
      kind: 'create-with-files',
      stage: 'complete',
      createdBy: TASK_AUTHOR_ID,
      courseId: CREATED_COURSE_ID,
      message: 'Course created',
      fileNames: ['campaign-playbook.pdf'],
    },
  },
  /** svc-ai has no vision-capable model configured, so describing an image answers 501 with IMAGE_ANALYSIS_OFFLINE_MESSAGE. */
  imageAnalysisOffline: { name: 'image analysis is offline' },
  /** The signed-in learner (the gateway fills in who) completed and started exactly these lessons of the course. */
  learnerProgress: {
    name: 'a learner has progress in a course',
    params: { courseId: COURSE_ID, completedLessonIds: [LESSON_ID], startedLessonIds: [STARTED_LESSON_ID] },
  },
  /** The signed-in learner has recorded nothing in the course. */
  noLearnerProgress: { name: 'a learner has no progress in a course', params: { courseId: COURSE_ID } },
  /** One catalog course in a Ready AI category, and no other course. */
  catalogForReadyAi: {
    name: 'exactly these courses exist',
    params: {
      courses: [{ title: 'Effective Business Communication', category: 'Communication', level: 'beginner', duration: '6 weeks' }],
    },
  },
  /**
   * The state mf-agents' pact uses: an agent task with these fields and one log line, started by
   * `createdBy` (an admin sees anyone's); `courseId` is its result's course. `error` (the failed
   * task's reason) is the one param mf-agents does not send.
   */
  runningReadyAiTask: {
    name: 'an agent task exists',
    params: {
      id: READY_AI_TASK_ID,
      title: 'Negotiation Skills',
      type: 'ready-ai-course',
      status: 'running',
      progress: 37,
      currentStep: READY_AI_STEP,
      canPause: true,
      createdBy: TASK_AUTHOR_ID,
    },
  },
  completedReadyAiTask: {
    name: 'an agent task exists',
    params: {
      id: READY_AI_TASK_ID,
      title: 'Negotiation Skills',
      type: 'ready-ai-course',
      status: 'completed',
      progress: 100,
      currentStep: null,
      canPause: false,
      createdBy: TASK_AUTHOR_ID,
      courseId: CREATED_COURSE_ID,
    },
  },
  failedReadyAiTask: {
    name: 'an agent task exists',
    params: {
      id: READY_AI_TASK_ID,
      title: 'Negotiation Skills',
      type: 'ready-ai-course',
      status: 'failed',
      progress: 12,
      currentStep: null,
      canPause: false,
      createdBy: TASK_AUTHOR_ID,
      error: READY_AI_TOO_THIN,
    },
  },
};

/** What the list, the detail and the recommendations all carry for an internal course. */
function internalCourseBody(overrides: Record<string, unknown> = {}) {
  return {
    id: uuid(COURSE_ID),
    title: like('Negotiation Skills'),
    titleAr: like('مهارات التفاوض'),
    description: like('Prepare, open and close negotiations that leave both sides better off.'),
    descriptionAr: like('استعد للمفاوضات وافتتحها واختتمها بما يعود بالنفع على الطرفين.'),
    objective: like('Plan and run a negotiation that reaches a durable agreement.'),
    duration: like('4 weeks'),
    format: like('online'),
    departmentOwner: like('Sales'),
    color: regex(COLOR, 'orange'),
    abbreviation: like('NEG-101'),
    imageUrl: null,
    skills: eachLike(like('Negotiation')),
    level: regex('^(beginner|intermediate|advanced)$', 'intermediate'),
    category: like('Sales'),
    language: regex('^[a-z]{2}$', 'en'),
    kind: 'internal',
    estimatedHours: number(12),
    createdAt: regex(ISO_TIMESTAMP, '2026-02-10T08:00:00.000Z'),
    ...overrides,
  };
}

function externalCourseBody() {
  return {
    id: uuid(EXTERNAL_COURSE_ID),
    title: like('Google Data Analytics Professional Certificate'),
    description: like("Google's eight-course programme on preparing, cleaning, analysing and sharing data."),
    duration: like('6 months'),
    format: like('online'),
    departmentOwner: like('External'),
    color: regex(COLOR, 'green'),
    abbreviation: like('GDA'),
    imageUrl: null,
    skills: eachLike(like('SQL')),
    level: regex('^(beginner|intermediate|advanced)$', 'beginner'),
    category: like('Data Analysis'),
    kind: 'external',
    provider: like('Coursera'),
    url: regex('^https://\\S+$', 'https://www.coursera.org/professional-certificates/google-data-analytics'),
    createdAt: regex(ISO_TIMESTAMP, '2026-02-10T08:00:00.000Z'),
  };
}

const errorBody = (message: string) => ({ message: like(message) });

// Written afresh each run, so an interaction removed here disappears from the contract.
rmSync(PACT_FILE, { force: true });

const pact = new PactV4({ consumer: 'masar-mf-courses', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });


const firstPage = { page: 1, pageSize: COURSES_PAGE_SIZE };

describe('masar-mf-courses -> svc-gateway (courses)', () => {
  it('GET /api/courses lists courses a page at a time, with a total', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.course.name, STATES.course.params)
      .uponReceiving('a request for the first page of courses')
      .withRequest('GET', '/api/courses', (request) => request.query({ page: '1', pageSize: '12' }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ items: eachLike(internalCourseBody()), total: integer(1), page: 1, pageSize: 12 }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(coursesApi.endpoints.listCourses.initiate(firstPage, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data?.items[0]).toMatchObject({ id: COURSE_ID, kind: 'internal', titleAr: 'مهارات التفاوض' });
      }));

  it('GET /api/courses narrows the list by text, skill, category, level and kind', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.course.name, STATES.course.params)
      .uponReceiving('a search of courses with every filter')
      .withRequest('GET', '/api/courses', (request) =>
        request.query({
          q: 'negotiation',
          skill: 'persuasion',
          category: 'Sales',
          level: 'intermediate',
          kind: 'internal',
          page: '1',
          pageSize: '12',
        }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: eachLike(internalCourseBody({ title: regex('(?i).*negotiation.*', 'Negotiation Skills'), category: 'Sales', level: 'intermediate' })),
          total: integer(1),
          page: 1,
          pageSize: 12,
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          coursesApi.endpoints.listCourses.initiate(
            { q: 'negotiation', skill: 'persuasion', category: 'Sales', level: 'intermediate', kind: 'internal', ...firstPage },
            { subscribe: false },
          ),
        );
        expect(result.data?.items.map((course) => course.id)).toEqual([COURSE_ID]);
      }));

  it('GET /api/courses?kind=external lists external training with its provider and url', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.externalCourse.name, STATES.externalCourse.params)
      .uponReceiving('a request for external training only')
      .withRequest('GET', '/api/courses', (request) => request.query({ kind: 'external', page: '1', pageSize: '12' }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ items: eachLike(externalCourseBody()), total: integer(1), page: 1, pageSize: 12 }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          coursesApi.endpoints.listCourses.initiate({ kind: 'external', ...firstPage }, { subscribe: false }),
        );
        expect(result.data?.items[0]).toMatchObject({ kind: 'external', provider: 'Coursera' });
        expect(result.data?.items[0].url).toMatch(/^https:\/\//);
      }));

  it('GET /api/courses/:id returns the course with its modules and lessons', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.course.name, STATES.course.params)
      .uponReceiving('a request for one course')
      .withRequest('GET', `/api/courses/${COURSE_ID}`)
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          course: internalCourseBody({
            id: COURSE_ID,
            prerequisites: eachLike(like('Basic business communication')),
            modules: eachLike({
              id: uuid('7d2a8e3c-4b5f-4a7c-8d8e-9f0a1b2c3d4e'),
              title: like('Preparation'),
              description: like('What to know before you sit down at the table.'),
              lessons: eachLike({
                id: uuid('8e3b9f4d-5c6a-4b8d-9e9f-0a1b2c3d4e5f'),
                title: like('Preparing Your Position'),
                duration: like('20 min'),
                type: regex('^(video|reading|quiz|exercise)$', 'reading'),
                content: like('Good negotiations are won before the meeting starts.\n\nWrite down your target.'),
                keyPoints: eachLike(like(KEY_POINT)),
                activities: eachLike(like(ACTIVITY)),
              }),
            }),
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(coursesApi.endpoints.getCourse.initiate(COURSE_ID, { subscribe: false }));
        expect(result.error).toBeUndefined();
        const lesson = result.data?.course.modules[0].lessons[0];
        expect(lesson).toMatchObject({ type: 'reading', keyPoints: [KEY_POINT], activities: [ACTIVITY] });
      }));

  it('GET /api/courses/:id answers 404 with a message for an unknown id', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.missing.name, STATES.missing.params)
      .uponReceiving('a request for a course that does not exist')
      .withRequest('GET', `/api/courses/${MISSING_ID}`)
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody('Course not found')))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(coursesApi.endpoints.getCourse.initiate(MISSING_ID, { subscribe: false }));
        expect(result.error).toMatchObject({ status: 404, serverMessage: 'Course not found' });
      }));

  it('DELETE /api/courses/:id lets an admin delete a course with its modules and lessons', () =>
    pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .given(STATES.course.name, STATES.course.params)
      .uponReceiving('an admin deleting a course')
      .withRequest('DELETE', `/api/courses/${COURSE_ID}`)
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ deleted: true, id: COURSE_ID, modulesDeleted: integer(1), lessonsDeleted: integer(1) }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(coursesApi.endpoints.deleteCourse.initiate(COURSE_ID)).unwrap();
        expect(reply).toEqual({ deleted: true, id: COURSE_ID, modulesDeleted: 1, lessonsDeleted: 1 });
      }));

  it('DELETE /api/courses/:id answers 403 with a message to a learner', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.course.name, STATES.course.params)
      .uponReceiving('a learner trying to delete a course')
      .withRequest('DELETE', `/api/courses/${COURSE_ID}`)
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody('Only administrators can do this')))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(coursesApi.endpoints.deleteCourse.initiate(COURSE_ID));
        expect(result.error).toMatchObject({ status: 403 });
      }));

  it('POST /api/courses/recommend ranks courses by the skills they cover', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.course.name, STATES.course.params)
      .uponReceiving('a request for courses covering two skills')
      .withRequest('POST', '/api/courses/recommend', (request) =>
        request.headers(JSON_CONTENT).jsonBody({ skills: ['Negotiation', 'Persuasion'] }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          courses: eachLike({
            ...internalCourseBody(),
            coveredSkills: eachLike(like('Negotiation')),
            coverage: number(1),
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          coursesApi.endpoints.recommendCourses.initiate({ skills: ['Negotiation', 'Persuasion'] }, { subscribe: false }),
        );
        expect(result.error).toBeUndefined();
        expect(result.data?.courses[0]).toMatchObject({ id: COURSE_ID, coveredSkills: ['Negotiation'], coverage: 1 });
      }));

  it('GET /api/job-descriptions/:id gives the job whose skills the recommendations are for', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.job.name, STATES.job.params)
      .uponReceiving('a request for the job description courses are recommended for')
      .withRequest('GET', `/api/job-descriptions/${JOB_ID}`)
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          jobDescription: {
            id: JOB_ID,
            title: like('Account Manager'),
            content: like(JOB_TEXT),
            source: { kind: 'text' },
            detectedLanguage: regex('^(en|ar)$', 'en'),
            extractedSkills: eachLike({
              name: like('Negotiation'),
              category: regex('^(technical|functional|behavioral|compliance)$', 'behavioral'),
              confidence: number(0.9),
              evidence: eachLike({ text: like('negotiation'), start: integer(35), end: integer(46) }),
            }),
            reviewedSkills: null,
            createdBy: uuid('6f1c2d4e-8a9b-4c3d-9e8f-1a2b3c4d5e6f'),
            createdAt: regex(ISO_TIMESTAMP, '2026-03-02T10:00:00.000Z'),
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(coursesApi.endpoints.getJobDescriptionForCourses.initiate(JOB_ID, { subscribe: false }));
        expect(result.data?.jobDescription).toMatchObject({ id: JOB_ID, reviewedSkills: null });
        expect(result.data?.jobDescription.extractedSkills[0].name).toBe('Negotiation');
      }));
});

/* ---------------------------------------------------------------- Course authoring */

/**
 * Kept in this file rather than beside course-authoring.api.ts: both would write the one pact file,
 * and each spec file empties it when it loads, so a second file would erase the first one's half.
 */

/** What the Manual tab sends for a small course (the form after the contracts' schema). */
const NEW_COURSE_FORM = {
  title: 'Negotiation Essentials',
  description: 'Prepare for a negotiation, open it well and persuade the other side.',
  objective: 'Reach agreements that last.',
  duration: '4 weeks',
  format: 'Online',
  departmentOwner: 'Sales',
  color: 'orange',
  abbreviation: 'NEG-2',
  numberOfModules: 1,
  lessonsPerModule: 2,
  language: 'en',
} satisfies CourseFormInput;

/** A 1x1 PNG, base64 without a data: prefix, as the Manual tab sends a chosen image. */
const TINY_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const lessonBody = {
  id: uuid('8e3b9f4d-5c6a-4b8d-9e9f-0a1b2c3d4e5f'),
  title: like('Preparing Your Position'),
  duration: like('20 min'),
  type: regex('^(video|reading|quiz|exercise)$', 'reading'),
  content: like('Good negotiations are won before the meeting starts.'),
  keyPoints: eachLike(like(KEY_POINT)),
  activities: eachLike(like(ACTIVITY)),
};

function moduleBody(lessons: unknown = eachLike(lessonBody)) {
  return {
    id: uuid('7d2a8e3c-4b5f-4a7c-8d8e-9f0a1b2c3d4e'),
    title: like('Preparation'),
    description: like('What to know before you sit down at the table.'),
    lessons,
  };
}

/** A course as it is right after being created from the form: its own fields back, no catalog extras. */
const createdCourseBody = {
  id: uuid(CREATED_COURSE_ID),
  title: NEW_COURSE_FORM.title,
  description: NEW_COURSE_FORM.description,
  objective: NEW_COURSE_FORM.objective,
  duration: NEW_COURSE_FORM.duration,
  format: NEW_COURSE_FORM.format,
  departmentOwner: NEW_COURSE_FORM.departmentOwner,
  color: NEW_COURSE_FORM.color,
  abbreviation: NEW_COURSE_FORM.abbreviation,
  imageUrl: null,
  kind: 'internal',
  createdAt: regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
  prerequisites: [],
  modules: eachLike(moduleBody()),
};

const ISO_TIMESTAMP_LIKE = regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z');
const CREATION_STAGE = '^(uploading|processing|chunking|analyzing|generating|complete|error)$';

const MULTIPART_BOUNDARY = 'masar-pact-boundary';
const MULTIPART_CONTENT = {
  'Content-Type': regex('^multipart/form-data; ?boundary=.+$', `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`),
};

/** A multipart body as a browser writes it for one `file` part. */
function singleFileBody(fileName: string, mediaType: string, content: Buffer, field = 'file'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${mediaType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`),
  ]);
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Browsers send no content type for a text field; Pact compares such a part as text/plain. */
function textPart(name: string, value: string): string {
  return `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\nContent-Type: text/plain\r\n\r\n${value}\r\n`;
}

/** The Manual tab's multipart body with materials: the form as JSON text, one file, and the AI organization choice. */
function courseWithFilesBody(courseData: string, fileName: string, mediaType: string, content: Buffer, useAIOrganization: string): Buffer {
  return Buffer.concat([
    Buffer.from(textPart('courseData', courseData)),
    Buffer.from(
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: ${mediaType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n${textPart('useAIOrganization', useAIOrganization)}--${MULTIPART_BOUNDARY}--\r\n`),
  ]);
}

/** Without a rule per part Pact holds every part to the whole body's content type; the file part must be declared as this type. */
function singleFileRules(mediaType: string, field = 'file'): Rules {
  return { body: [{ path: `$.${field}`, rules: [contentType(mediaType)] }] };
}

describe('masar-mf-courses -> svc-gateway (course authoring)', () => {
  it('POST /api/courses creates a course from the form and answers 201 with it', () =>
    pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .given(STATES.course.name, STATES.course.params)
      .uponReceiving('an admin creating a course from the manual form')
      .withRequest('POST', '/api/courses', (request) => request.headers(JSON_CONTENT).jsonBody(NEW_COURSE_FORM))
      .willRespondWith(201, (response) => response.headers(JSON_CONTENT).jsonBody({ course: createdCourseBody }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(courseAuthoringApi.endpoints.createCourse.initiate(NEW_COURSE_FORM)).unwrap();
        expect(reply.course).toMatchObject({ id: CREATED_COURSE_ID, title: 'Negotiation Essentials', prerequisites: [] });
      }));

  it("POST /api/courses answers 400 'title: Title is required' for a form without a title", () =>
    pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .uponReceiving('an admin creating a course without a title')
      .withRequest('POST', '/api/courses', (request) => request.headers(JSON_CONTENT).jsonBody({ ...NEW_COURSE_FORM, title: '' }))
      .willRespondWith(400, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: 'title: Title is required' }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(courseAuthoringApi.endpoints.createCourse.initiate({ ...NEW_COURSE_FORM, title: '' }));
        expect(result.error).toMatchObject({ status: 400, serverMessage: 'title: Title is required' });
      }));

  it('POST /api/courses/:id/add-modules adds 2 modules of 2 lessons and answers with the course', () =>
    pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .given(STATES.course.name, STATES.course.params)
      .uponReceiving('an admin adding 2 modules of 2 lessons to a course')
      .withRequest('POST', `/api/courses/${COURSE_ID}/add-modules`, (request) =>
        request.headers(JSON_CONTENT).jsonBody({ numberOfModules: 2, lessonsPerModule: 2 }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          course: internalCourseBody({
            id: COURSE_ID,
            prerequisites: eachLike(like('Basic business communication')),
            // The one module the state gives, then the two added.
            modules: eachLike(moduleBody(), 3),
          }),
          modulesAdded: 2,
          lessonsAdded: 4,
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store
          .dispatch(courseAuthoringApi.endpoints.addModules.initiate({ courseId: COURSE_ID, numberOfModules: 2, lessonsPerModule: 2 }))
          .unwrap();
        expect(reply).toMatchObject({ modulesAdded: 2, lessonsAdded: 4 });
        expect(reply.course.modules).toHaveLength(3);
      }));

  it('POST /api/courses/upload takes one course file and answers 202 with the creation task', () => {
    const content = Buffer.from('%PDF-1.7\n% Workplace safety course\n');
    return pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .uponReceiving('an admin uploading a PDF to import as a course')
      .withRequest('POST', '/api/courses/upload', (request) =>
        request
          .headers(MULTIPART_CONTENT)
          .body(`multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, singleFileBody('safety.pdf', 'application/pdf', content))
          .matchingRules(singleFileRules('application/pdf')),
      )
      .willRespondWith(202, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          task: {
            id: uuid(TASK_ID),
            kind: 'import',
            stage: regex(CREATION_STAGE, 'uploading'),
            progress: integer(10),
            message: like('Received 1 file'),
            courseId: null,
            fileNames: ['safety.pdf'],
            createdAt: ISO_TIMESTAMP_LIKE,
            updatedAt: ISO_TIMESTAMP_LIKE,
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const file = new File([content], 'safety.pdf', { type: 'application/pdf' }) as unknown as globalThis.File;
        const reply = await store.dispatch(courseAuthoringApi.endpoints.importCourseFile.initiate(file)).unwrap();
        expect(reply.task).toMatchObject({ kind: 'import', courseId: null, fileNames: ['safety.pdf'] });
      });
  });

  it('POST /api/course-images keeps a course image and answers 201 with its address', () => {
    const content = Buffer.from(TINY_PNG_BASE64, 'base64');
    return pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .uponReceiving('an admin keeping a course image for a course made from the form')
      .withRequest('POST', '/api/course-images', (request) =>
        request
          .headers(MULTIPART_CONTENT)
          .body(`multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, singleFileBody('cover.png', 'image/png', content, 'courseImage'))
          .matchingRules(singleFileRules('image/png', 'courseImage')),
      )
      .willRespondWith(201, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          imageUrl: regex(/^\/api\/course-images\/[0-9a-f-]{36}$/, '/api/course-images/0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0'),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const file = new File([content], 'cover.png', { type: 'image/png' }) as unknown as globalThis.File;
        const reply = await store.dispatch(courseAuthoringApi.endpoints.uploadCourseImage.initiate(file)).unwrap();
        expect(reply.imageUrl).toMatch(/^\/api\/course-images\//);
      });
  });

  it('POST /api/courses/create-with-files takes the form and its materials and answers 202 with the creation task', () => {
    const content = Buffer.from('%PDF-1.7\n% Negotiation playbook\n');
    const courseData = JSON.stringify(NEW_COURSE_FORM);
    return pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .uponReceiving('an admin creating a course from the form with one PDF of materials')
      .withRequest('POST', '/api/courses/create-with-files', (request) =>
        request
          .headers(MULTIPART_CONTENT)
          .body(
            `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
            courseWithFilesBody(courseData, 'playbook.pdf', 'application/pdf', content, 'false'),
          )
          .matchingRules({
            body: [
              { path: '$.courseData', rules: [regex(`^${escapeRegex(courseData)}$`, courseData)] },
              { path: '$.files', rules: [contentType('application/pdf')] },
              { path: '$.useAIOrganization', rules: [regex('^false$', 'false')] },
            ],
          }),
      )
      .willRespondWith(202, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          task: {
            id: uuid(TASK_ID),
            kind: 'create-with-files',
            stage: regex(CREATION_STAGE, 'uploading'),
            progress: integer(10),
            message: like('Received 1 file'),
            courseId: null,
            fileNames: ['playbook.pdf'],
            createdAt: ISO_TIMESTAMP_LIKE,
            updatedAt: ISO_TIMESTAMP_LIKE,
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const file = new File([content], 'playbook.pdf', { type: 'application/pdf' }) as unknown as globalThis.File;
        const reply = await store
          .dispatch(
            courseAuthoringApi.endpoints.createCourseWithFiles.initiate({
              courseData: NEW_COURSE_FORM as CourseForm,
              useAIOrganization: false,
              files: [file],
            }),
          )
          .unwrap();
        expect(reply.task).toMatchObject({ kind: 'create-with-files', fileNames: ['playbook.pdf'] });
      });
  });

  it('GET /api/courses/creation-tasks/:id reports a complete task with the course it made', () =>
    pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .given(STATES.completedTask.name, STATES.completedTask.params)
      .uponReceiving('a request for a complete course creation task')
      .withRequest('GET', `/api/courses/creation-tasks/${TASK_ID}`)
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          task: {
            id: TASK_ID,
            kind: 'create-with-files',
            stage: 'complete',
            progress: 100,
            message: like('Course created'),
            courseId: CREATED_COURSE_ID,
            fileNames: ['campaign-playbook.pdf'],
            createdAt: ISO_TIMESTAMP_LIKE,
            updatedAt: ISO_TIMESTAMP_LIKE,
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(courseAuthoringApi.endpoints.getCourseCreationTask.initiate(TASK_ID, { subscribe: false }));
        expect(result.data?.task).toMatchObject({ stage: 'complete', progress: 100, courseId: CREATED_COURSE_ID });
      }));

  it('POST /api/courses/analyze-image answers 501 with a message when no vision model is configured', () =>
    pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .given(STATES.imageAnalysisOffline.name, STATES.imageAnalysisOffline.params)
      .uponReceiving('an admin asking for a description of a course image while image analysis is offline')
      .withRequest('POST', '/api/courses/analyze-image', (request) =>
        request.headers(JSON_CONTENT).jsonBody({ image: TINY_PNG_BASE64, title: 'Digital Marketing Fundamentals' }),
      )
      .willRespondWith(501, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody(IMAGE_ANALYSIS_OFFLINE_MESSAGE)))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          courseAuthoringApi.endpoints.analyzeCourseImage.initiate({ image: TINY_PNG_BASE64, title: 'Digital Marketing Fundamentals' }),
        );
        expect(result.error).toMatchObject({ status: 501, serverMessage: IMAGE_ANALYSIS_OFFLINE_MESSAGE });
      }));
});

/* ---------------------------------------------------------------- Course progress */

describe('masar-mf-courses -> svc-gateway (course progress)', () => {
  it("GET /api/progress/courses/:courseId gives the signed-in learner's completed and started lessons", () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.learnerProgress.name, STATES.learnerProgress.params)
      .uponReceiving("a request for the signed-in learner's progress in a course")
      .withRequest('GET', `/api/progress/courses/${COURSE_ID}`)
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          progress: {
            courseId: COURSE_ID,
            completedLessonIds: [LESSON_ID],
            startedLessonIds: [STARTED_LESSON_ID],
            secondsSpent: integer(1800),
            lastActivityAt: ISO_TIMESTAMP_LIKE,
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(courseProgressApi.endpoints.getCourseProgress.initiate(COURSE_ID, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data?.progress).toMatchObject({ courseId: COURSE_ID, completedLessonIds: [LESSON_ID], startedLessonIds: [STARTED_LESSON_ID] });
      }));

  it('POST /api/progress/lessons/:lessonId records a completed lesson and answers with the progress', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.course.name, STATES.course.params)
      .given(STATES.noLearnerProgress.name, STATES.noLearnerProgress.params)
      .uponReceiving('a learner completing the first lesson of a course after 5 minutes')
      .withRequest('POST', `/api/progress/lessons/${LESSON_ID}`, (request) =>
        request.headers(JSON_CONTENT).jsonBody({ courseId: COURSE_ID, status: 'completed', secondsSpent: 300 }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          progress: {
            courseId: COURSE_ID,
            completedLessonIds: [LESSON_ID],
            startedLessonIds: [],
            secondsSpent: integer(300),
            lastActivityAt: ISO_TIMESTAMP_LIKE,
          },
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store
          .dispatch(
            courseProgressApi.endpoints.recordLessonProgress.initiate({ lessonId: LESSON_ID, courseId: COURSE_ID, status: 'completed', secondsSpent: 300 }),
          )
          .unwrap();
        expect(reply.progress).toMatchObject({ courseId: COURSE_ID, completedLessonIds: [LESSON_ID], startedLessonIds: [] });
      }));

  it(`POST /api/progress/lessons/:lessonId answers 404 '${LESSON_NOT_IN_COURSE_MESSAGE}' for a lesson of another course`, () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.course.name, STATES.course.params)
      .uponReceiving('a learner completing a lesson that is not in the course')
      .withRequest('POST', `/api/progress/lessons/${LESSON_NOT_IN_COURSE_ID}`, (request) =>
        request.headers(JSON_CONTENT).jsonBody({ courseId: COURSE_ID, status: 'completed', secondsSpent: 60 }),
      )
      .willRespondWith(404, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ statusCode: 404, message: LESSON_NOT_IN_COURSE_MESSAGE }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          courseProgressApi.endpoints.recordLessonProgress.initiate({
            lessonId: LESSON_NOT_IN_COURSE_ID,
            courseId: COURSE_ID,
            status: 'completed',
            secondsSpent: 60,
          }),
        );
        expect(result.error).toMatchObject({ status: 404, serverMessage: LESSON_NOT_IN_COURSE_MESSAGE });
      }));
});

/* ---------------------------------------------------------------- Ready AI */

/** The fields every agent task carries, whatever its status. */
function agentTaskBody(fields: Record<string, unknown>) {
  return {
    id: READY_AI_TASK_ID,
    title: 'Negotiation Skills',
    type: 'ready-ai-course',
    agent: 'course-creation',
    canPause: boolean(true),
    canCancel: boolean(true),
    estimatedDuration: integer(120),
    error: null,
    logs: eachLike({ at: ISO_TIMESTAMP_LIKE, message: like('Started') }),
    result: null,
    createdBy: uuid(TASK_AUTHOR_ID),
    createdAt: ISO_TIMESTAMP_LIKE,
    updatedAt: ISO_TIMESTAMP_LIKE,
    ...fields,
  };
}

describe('masar-mf-courses -> svc-gateway (Ready AI)', () => {
  it('GET /api/courses/categories lists the Ready AI categories, each with its catalog courses', () =>
    pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .given(STATES.catalogForReadyAi.name, STATES.catalogForReadyAi.params)
      .uponReceiving('a request for the Ready AI categories and their courses')
      .withRequest('GET', '/api/courses/categories')
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          categories: READY_AI_CATEGORIES.map((name) => ({
            name,
            courses:
              name === 'Communication'
                ? eachLike({
                    id: uuid(COURSE_ID),
                    title: like('Effective Business Communication'),
                    description: like('Write and speak so that colleagues understand you the first time.'),
                    level: regex('^(beginner|intermediate|advanced)$', 'beginner'),
                    duration: like('6 weeks'),
                  })
                : [],
          })),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(readyAiApi.endpoints.readyAiCategories.initiate(undefined, { subscribe: false }));
        expect(result.error).toBeUndefined();
        const communication = result.data?.categories.find((category) => category.name === 'Communication');
        expect(communication?.courses[0]).toMatchObject({ title: 'Effective Business Communication', level: 'beginner' });
      }));

  it('POST /api/courses/create-from-categories starts one Ready AI task per picked course and answers 202', () =>
    pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .given(STATES.course.name, STATES.course.params)
      .uponReceiving('an admin starting Ready AI for one catalog course')
      .withRequest('POST', '/api/courses/create-from-categories', (request) =>
        request.headers(JSON_CONTENT).jsonBody({ selectedCourses: [{ id: COURSE_ID, title: 'Negotiation Skills' }] }),
      )
      .willRespondWith(202, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          tasks: [
            agentTaskBody({
              id: uuid(READY_AI_TASK_ID),
              status: 'queued',
              progress: 0,
              currentStep: like('Waiting to start'),
              canPause: boolean(true),
              startTime: null,
              endTime: null,
              createdBy: uuid(TASK_AUTHOR_ID),
            }),
          ],
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store
          .dispatch(readyAiApi.endpoints.startReadyAi.initiate({ selectedCourses: [{ id: COURSE_ID, title: 'Negotiation Skills' }] }))
          .unwrap();
        expect(reply.tasks).toHaveLength(1);
        expect(reply.tasks[0]).toMatchObject({ type: 'ready-ai-course', status: 'queued', title: 'Negotiation Skills' });
      }));

  it(`POST /api/courses/create-from-categories answers 404 '${READY_AI_COURSE_NOT_FOUND_MESSAGE}' for a course no longer in the catalog`, () =>
    pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .given(STATES.missing.name, STATES.missing.params)
      .uponReceiving('an admin starting Ready AI for a course that left the catalog')
      .withRequest('POST', '/api/courses/create-from-categories', (request) =>
        request.headers(JSON_CONTENT).jsonBody({ selectedCourses: [{ id: MISSING_ID, title: 'Retired Course' }] }),
      )
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 404, message: READY_AI_COURSE_NOT_FOUND_MESSAGE }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          readyAiApi.endpoints.startReadyAi.initiate({ selectedCourses: [{ id: MISSING_ID, title: 'Retired Course' }] }),
        );
        expect(result.error).toMatchObject({ status: 404, serverMessage: READY_AI_COURSE_NOT_FOUND_MESSAGE });
      }));

  it('POST /api/courses/create-from-categories answers 400 with a message for the same course picked twice', () => {
    const body = {
      selectedCourses: [
        { id: COURSE_ID, title: 'Negotiation Skills' },
        { id: COURSE_ID, title: 'Negotiation Skills' },
      ],
    };
    const parsed = createFromCategoriesBodySchema.safeParse(body);
    if (parsed.success) throw new Error('the contracts accept the same course twice');
    const message = describeValidationError(parsed.error);
    return pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .uponReceiving('an admin starting Ready AI with the same course twice')
      .withRequest('POST', '/api/courses/create-from-categories', (request) => request.headers(JSON_CONTENT).jsonBody(body))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(readyAiApi.endpoints.startReadyAi.initiate(body));
        expect(result.error).toMatchObject({ status: 400, serverMessage: message });
      });
  });

  it('GET /api/ai-agents/tasks/:id follows a running Ready AI task with the real text of its step', () =>
    pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .given(STATES.runningReadyAiTask.name, STATES.runningReadyAiTask.params)
      .uponReceiving('a request for a running Ready AI task')
      .withRequest('GET', `/api/ai-agents/tasks/${READY_AI_TASK_ID}`)
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          task: agentTaskBody({ status: 'running', progress: 37, currentStep: READY_AI_STEP, startTime: ISO_TIMESTAMP_LIKE, endTime: null }),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(readyAiApi.endpoints.readyAiTask.initiate(READY_AI_TASK_ID, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data?.task).toMatchObject({ status: 'running', progress: 37, currentStep: READY_AI_STEP });
      }));

  it('GET /api/ai-agents/tasks/:id reports a completed Ready AI task with the course it made', () =>
    pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .given(STATES.completedReadyAiTask.name, STATES.completedReadyAiTask.params)
      .uponReceiving('a request for a completed Ready AI task')
      .withRequest('GET', `/api/ai-agents/tasks/${READY_AI_TASK_ID}`)
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          task: agentTaskBody({
            status: 'completed',
            progress: 100,
            currentStep: null,
            canPause: false,
            canCancel: false,
            startTime: ISO_TIMESTAMP_LIKE,
            endTime: ISO_TIMESTAMP_LIKE,
            // The course it made; the title and counts are extras the dialog can do without.
            result: { courseId: CREATED_COURSE_ID },
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(readyAiApi.endpoints.readyAiTask.initiate(READY_AI_TASK_ID, { subscribe: false }));
        expect(result.data?.task).toMatchObject({ status: 'completed', result: { courseId: CREATED_COURSE_ID } });
      }));

  it('GET /api/ai-agents/tasks/:id reports a failed Ready AI task with why it made no course', () =>
    pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .given(STATES.failedReadyAiTask.name, STATES.failedReadyAiTask.params)
      .uponReceiving('a request for a failed Ready AI task')
      .withRequest('GET', `/api/ai-agents/tasks/${READY_AI_TASK_ID}`)
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          task: agentTaskBody({
            status: 'failed',
            progress: 12,
            currentStep: null,
            canPause: false,
            canCancel: false,
            startTime: ISO_TIMESTAMP_LIKE,
            endTime: ISO_TIMESTAMP_LIKE,
            error: READY_AI_TOO_THIN,
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(readyAiApi.endpoints.readyAiTask.initiate(READY_AI_TASK_ID, { subscribe: false }));
        expect(result.data?.task).toMatchObject({ status: 'failed', error: READY_AI_TOO_THIN });
      }));
});

/* ---------------------------------------------------------------- Course search and learning helpers */

/** A library whose only course is "Negotiation Skills": nothing in it teaches quantum chemistry. */
const onlyNegotiationCourse: ProviderState = {
  name: 'exactly these courses exist',
  params: { courses: [{ title: 'Negotiation Skills', skills: COURSE_SKILLS, category: 'Sales', level: 'intermediate' }] },
};
/** svc-ai's `learning-helpers` feature switched off by an admin: helpers answer 403 with aiFeatureOffMessage. */
const LEARNING_HELPERS_OFF = 'learning helpers are turned off';

/**
 * What the page reads of a passage. A course passage has no module or lesson (null ids, empty titles);
 * the UI opens it at the course. Every found passage matched at least one keyword.
 */
const coursePassageBody = {
  id: uuid('4c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'),
  field: 'course',
  courseId: COURSE_ID,
  moduleId: null,
  lessonId: null,
  courseTitle: like('Negotiation Skills'),
  moduleTitle: '',
  lessonTitle: '',
  content: like('Negotiation Skills: prepare, open and close negotiations that leave both sides better off.'),
  keywords: constrainedArrayLike(like('negotiation'), 1, 3),
  relevanceScore: number(0.87),
  language: regex('^(en|ar)$', 'en'),
};

describe('masar-mf-courses -> svc-gateway (course search and learning helpers)', () => {
  it('GET /api/courses/search finds a course by what it teaches, with a cited answer, a summary and its passages', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.course.name, STATES.course.params)
      .uponReceiving('a search of the library for a subject a course teaches')
      .withRequest('GET', '/api/courses/search', (request) => request.query({ q: 'negotiation', lang: 'en' }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          query: 'negotiation',
          // Cites the first result as [1] (the answer is grounded in the first passages).
          answer: regex('[\\s\\S]*\\[1\\][\\s\\S]*', 'Negotiation Skills teaches you to prepare, open and close negotiations [1].'),
          answerSource: { provider: regex('^(offline|openai)$', 'offline'), model: like('masar-offline') },
          answerProblem: null,
          totalResults: integer(1),
          totalResultsCapped: boolean(false),
          summary: {
            coursesFound: integer(1),
            modulesFound: integer(0),
            lessonsFound: integer(0),
            keyInsights: atLeastLike(like('Prepare your walk-away point before you negotiate.'), 0, 1),
          },
          relatedTopics: atLeastLike(like('Persuasion'), 0, 1),
          // Whatever else is found, the course's own passage is among the results.
          chunks: arrayContaining(coursePassageBody),
          matchedTerms: atLeastLike(like('negotiation'), 1),
          skills: atLeastLike(like('Negotiation'), 0, 1),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(courseSearchApi.endpoints.searchCourses.initiate({ q: 'negotiation', lang: 'en' }, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data?.chunks).toContainEqual(expect.objectContaining({ courseId: COURSE_ID, field: 'course', lessonId: null }));
        expect(result.data?.answer).toContain('[1]');
      }));

  it('GET /api/courses/search answers a subject the library lacks with no results and an honest answer', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(onlyNegotiationCourse.name, onlyNegotiationCourse.params)
      .uponReceiving('a search of the library for a subject no course teaches')
      .withRequest('GET', '/api/courses/search', (request) => request.query({ q: 'quantum chemistry', lang: 'en' }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          query: 'quantum chemistry',
          answer: regex('(?i).*quantum chemistry.*', 'Your library has nothing on “quantum chemistry” yet.'),
          // No passage, so nothing was asked of an AI.
          answerSource: null,
          answerProblem: null,
          totalResults: 0,
          totalResultsCapped: false,
          summary: { coursesFound: 0, modulesFound: 0, lessonsFound: 0, keyInsights: [] },
          relatedTopics: [],
          chunks: [],
          matchedTerms: atLeastLike(like('quantum chemistry'), 0, 1),
          skills: [],
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          courseSearchApi.endpoints.searchCourses.initiate({ q: 'quantum chemistry', lang: 'en' }, { subscribe: false }),
        );
        expect(result.data).toMatchObject({ totalResults: 0, chunks: [] });
        expect(result.data?.answer).toContain('quantum chemistry');
      }));

  /** The course's own passage, under a known id: what a learner opens from the results. */
  const PASSAGE_ID = '4c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
  const passageState = (status: 'published' | 'draft'): ProviderState => ({
    name: "a course's passage is in the search index",
    params: { ...STATES.course.params, status, passageId: PASSAGE_ID },
  });

  it("GET /api/courses/search/passages/:chunkId answers an opened result's whole text", () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(passageState('published').name, passageState('published').params)
      .uponReceiving("a learner opening a search result's whole text")
      .withRequest('GET', `/api/courses/search/passages/${PASSAGE_ID}`)
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          id: PASSAGE_ID,
          field: 'course',
          courseId: COURSE_ID,
          moduleId: null,
          lessonId: null,
          courseTitle: 'Negotiation Skills',
          moduleTitle: '',
          lessonTitle: '',
          language: regex('^(en|ar)$', 'en'),
          fullText: regex('[\\s\\S]*Negotiation Skills[\\s\\S]*', 'Negotiation Skills. Prepare, open and close negotiations that leave both sides better off. Skills: Negotiation, Active Listening, Persuasion.'),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(courseSearchApi.endpoints.searchPassage.initiate(PASSAGE_ID, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data).toMatchObject({ id: PASSAGE_ID, courseId: COURSE_ID });
        expect(result.data?.fullText).toContain('Negotiation Skills');
      }));

  it("GET /api/courses/search/passages/:chunkId answers 404 with a message for a draft's passage to a learner", () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(passageState('draft').name, passageState('draft').params)
      .uponReceiving("a learner opening a search result of a course moved back to a draft")
      .withRequest('GET', `/api/courses/search/passages/${PASSAGE_ID}`)
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 404, message: SEARCH_PASSAGE_NOT_FOUND_MESSAGE }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(courseSearchApi.endpoints.searchPassage.initiate(PASSAGE_ID, { subscribe: false }));
        expect(result.error).toMatchObject({ status: 404, serverMessage: SEARCH_PASSAGE_NOT_FOUND_MESSAGE });
      }));

  const helperBody = {
    action: 'summarize',
    query: 'negotiation',
    content: 'Good negotiations are won before the meeting starts. Write down your target and your walk-away point.',
    context: { courseTitle: 'Negotiation Skills', moduleTitle: 'Module 1', lessonTitle: 'Lesson 1.1' },
    courseId: COURSE_ID,
    lessonId: LESSON_ID,
  } as const;

  it('POST /api/ai-agents/process runs a learning helper on a result and answers in markdown', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.course.name, STATES.course.params)
      .uponReceiving('a learning helper asked to summarise a lesson passage')
      .withRequest('POST', '/api/ai-agents/process', (request) => request.headers(JSON_CONTENT).jsonBody(helperBody))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          response: regex('[\\s\\S]*\\S[\\s\\S]*', '## Summary\n\n- Good negotiations are won before the meeting starts.'),
          provider: regex('^(offline|openai)$', 'offline'),
          model: like('masar-offline'),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(courseSearchApi.endpoints.learningHelper.initiate(helperBody)).unwrap();
        expect(reply.response.trim().length).toBeGreaterThan(0);
      }));

  it('POST /api/ai-agents/process answers 403 with the reason when an admin turned the helpers off', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.course.name, STATES.course.params)
      .given(LEARNING_HELPERS_OFF)
      .uponReceiving('a learning helper asked for while the helpers are turned off')
      .withRequest('POST', '/api/ai-agents/process', (request) => request.headers(JSON_CONTENT).jsonBody({ ...helperBody, action: 'generate_quiz' }))
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 403, message: aiFeatureOffMessage('learning-helpers') }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(courseSearchApi.endpoints.learningHelper.initiate({ ...helperBody, action: 'generate_quiz' }));
        expect(result.error).toMatchObject({ status: 403, serverMessage: aiFeatureOffMessage('learning-helpers') });
      }));
});

/* ---------------------------------------------------------------- Lesson narration */

describe('masar-mf-courses -> svc-gateway (lesson narration)', () => {
  it('POST /api/lessons/generate-audio answers where the MP3 is and the text that was spoken', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name)
      .uponReceiving('a learner asking for the narration of a lesson')
      .withRequest('POST', '/api/lessons/generate-audio', (request) =>
        request.headers(JSON_CONTENT).jsonBody({ text: 'A left join keeps every row of the left table.', title: 'Joins' }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          audioUrl: regex('^/api/media/narration/[0-9a-f]{64}\\.mp3$', `/api/media/narration/${'0'.repeat(64)}.mp3`),
          textContent: like('Joins.\n\nA left join keeps every row of the left table.'),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          narrationApi.endpoints.generateLessonAudio.initiate({ text: 'A left join keeps every row of the left table.', title: 'Joins' }),
        );
        expect(result.data?.audioUrl).toMatch(/^\/api\/media\/narration\/[0-9a-f]{64}\.mp3$/);
      }));

  it(`POST /api/lessons/generate-audio answers 400 '${NARRATION_TEXT_REQUIRED_MESSAGE}' for text with no words`, () =>
    pact
      .addInteraction()
      .given(STATES.learner.name)
      .uponReceiving('a learner asking for the narration of a lesson without words')
      .withRequest('POST', '/api/lessons/generate-audio', (request) => request.headers(JSON_CONTENT).jsonBody({ text: ' \u200b ', title: 'Joins' }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody(`text: ${NARRATION_TEXT_REQUIRED_MESSAGE}`)))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(narrationApi.endpoints.generateLessonAudio.initiate({ text: ' \u200b ', title: 'Joins' }));
        expect(result.error).toMatchObject({ status: 400 });
      }));
});
