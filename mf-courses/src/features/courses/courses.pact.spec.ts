/** @jest-environment node */
// Consumer contract of mf-courses with svc-gateway: every course call the remote makes, through
// the REAL RTK Query endpoints and base query, pointed at Pact's mock server.
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { COURSES_PAGE_SIZE, coursesApi } from './courses.api';

const { like, regex, uuid, eachLike, integer, number } = MatchersV3;

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

const COURSE_SKILLS = ['Negotiation', 'Active Listening', 'Persuasion'];
const KEY_POINT = 'Know your walk-away point';
const ACTIVITY = 'Write a one-page preparation sheet for your next negotiation.';
const JOB_TEXT = 'Account Manager. Requirements: negotiation with enterprise buyers and persuasion in renewals.';

type StateParam = string | number | string[] | Record<string, string | string[]>[];

interface ProviderState {
  name: string;
  params?: Record<string, StateParam>;
}

/** Provider states (svc-gateway's verification sets them up, with these params). */
const STATES: Record<'learner' | 'admin' | 'course' | 'externalCourse' | 'missing' | 'job', ProviderState> = {
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
