import {
  type Caller,
  courseProgressSchema,
  learnerSkillsReplySchema,
  learningPathReplySchema,
  LessonProgressReportedEvent,
  LTI_GRADES_SUBJECTS,
  PROGRESS_SUBJECTS,
  progressAdminStatsSchema,
  progressOverviewReplySchema,
} from '@masar/contracts';
import { EMPTY_JSON_OBJECT } from '@masar/contracts/service-kit/testing';
import { Matchers, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PROGRESS_PROVIDER_STATES } from '../../test/support/progress-provider-states';
import { callerState, replayAgainstGateway, SynchronousMessage } from '../../test/support/recorded-reply-transport';
import { HttpException } from '@nestjs/common';
import { LearningPathsClient } from '../learning-paths/learning-paths.client';
import { ProgressClient } from './progress.client';

/**
 * What the gateway asks svc-progress and relies on in the answers, as V4 synchronous messages over
 * NATS (`{response}` or `{err}` packets). svc-progress verifies this file in its own tests. Each message
 * is sent for a signed-in person, named by the caller header (described by the `callerState` provider
 * state); whose progress it is never travels in a payload, except in a lesson report, which is also
 * an event on the stream and names its learner.
 */
const PACT_DIR = path.resolve(__dirname, '../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'svc-gateway-svc-progress.json');

const USER_ID = '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b';
const COURSE_ID = '2b7c4e1a-9d3f-4a6b-8c5e-1f0a2d3c4b5e';
const DONE_LESSON = '7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';
const OPEN_LESSON = '8e2f3a4b-5c6d-4e7f-9a8b-0c1d2e3f4a5b';
const REPORT_ID = '9f3a4b5c-6d7e-4f8a-9b0c-1d2e3f4a5b6c';
const ADMIN_ID = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e';
const PATH_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const JOB_DESCRIPTION_ID = 'd5e6f7a8-b9c0-4d1e-8f2a-3b4c5d6e7f80';
/** No path has this id in any provider state. */
const MISSING_PATH_ID = 'c4d5e6f7-a8b9-4c0d-9e1f-2a3b4c5d6e7f';
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const AS_LEARNER: Caller = { id: USER_ID, role: 'learner' };
const AS_ADMIN: Caller = { id: ADMIN_ID, role: 'admin' };

/** An empty payload (`{}`: the caller header says whose): pact-js's withJSONContent refuses an empty object. */
function emptyPayload(message: { withContent(contentType: string, body: Buffer): unknown }): void {
  message.withContent('application/json', Buffer.from('{}'));
}

function replayAgainstProgress<T>(message: SynchronousMessage, call: (progress: ProgressClient) => Promise<T>, caller = AS_LEARNER) {
  return replayAgainstGateway(message, (services) => new ProgressClient(services), call, caller);
}

describe('svc-gateway (consumer) and svc-progress (provider) over NATS', () => {
  const pact = new PactV4({ consumer: 'svc-gateway', provider: 'svc-progress', dir: PACT_DIR, logLevel: 'warn' });

  beforeAll(() => {
    rmSync(PACT_FILE, { force: true });
  });

  it("reads a learner's completed and started lessons of a course", async () => {
    const request = { courseId: COURSE_ID };
    await pact
      .addSynchronousInteraction(`${PROGRESS_SUBJECTS.GET_COURSE_PROGRESS} with one lesson completed and one started`)
      .given(...callerState(AS_LEARNER))
      .given(PROGRESS_PROVIDER_STATES.HAS_PROGRESS, {
        userId: USER_ID,
        courseId: COURSE_ID,
        completedLessonIds: [DONE_LESSON],
        startedLessonIds: [OPEN_LESSON],
      })
      .withRequest((message) => message.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            courseId: COURSE_ID,
            completedLessonIds: [DONE_LESSON],
            startedLessonIds: [OPEN_LESSON],
            secondsSpent: Matchers.integer(0),
            lastActivityAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstProgress(message, (progress) => progress.getCourseProgress(request));
        expect(courseProgressSchema.parse(result).completedLessonIds).toEqual([DONE_LESSON]);
      });
  });

  it('records a completed lesson, which counts once and is no longer only started', async () => {
    const request: LessonProgressReportedEvent = {
      reportId: REPORT_ID,
      courseId: COURSE_ID,
      lessonId: DONE_LESSON,
      userId: USER_ID,
      status: 'completed',
      secondsSpent: 300,
      occurredAt: '2026-11-23T08:30:00.000Z',
      course: {
        title: 'SQL Basics',
        titleAr: 'أساسيات SQL',
        description: 'Queries, joins and aggregates.',
        duration: '4 weeks',
        level: 'beginner',
        skills: ['SQL'],
        lessonIds: [DONE_LESSON, OPEN_LESSON],
      },
    };
    await pact
      .addSynchronousInteraction(`${PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS} for a completed lesson`)
      .given(...callerState(AS_LEARNER))
      .given(PROGRESS_PROVIDER_STATES.NO_PROGRESS, { userId: USER_ID, courseId: COURSE_ID })
      .withRequest((message) => message.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            courseId: COURSE_ID,
            completedLessonIds: [DONE_LESSON],
            startedLessonIds: [],
            secondsSpent: 300,
            lastActivityAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstProgress(message, (progress) => progress.recordLessonProgress(request));
        expect(courseProgressSchema.parse(result)).toMatchObject({ completedLessonIds: [DONE_LESSON], startedLessonIds: [] });
      });
  });

  it("remembers an LTI launch's line item, where the learner's score goes when they complete the course", async () => {
    // Sent while the launch signs the person in: no session yet, so no caller header; the ids are in the payload.
    const request = {
      userId: USER_ID,
      courseId: COURSE_ID,
      lineItemUrl: 'https://lms.school.example/api/lti/courses/7/line_items/3',
      platformUserId: 'lms-user-7',
      issuer: 'https://lms.school.example',
      clientId: 'masar-tool',
      tokenUrl: 'https://lms.school.example/login/oauth2/token',
    };
    await pact
      .addSynchronousInteraction(`${LTI_GRADES_SUBJECTS.REMEMBER_LINE_ITEM} for a launched learner`)
      .withRequest((message) => message.withJSONContent(request))
      .withResponse((response) => response.withJSONContent({ response: { remembered: true } }))
      .executeTest(async (message) => {
        const { result } = await replayAgainstGateway(message, (services) => new ProgressClient(services), (progress) => progress.rememberLtiLineItem(request));
        expect(result).toEqual({ remembered: true });
      });
  });

  it('reads an empty progress for a course the learner never opened', async () => {
    const request = { courseId: COURSE_ID };
    await pact
      .addSynchronousInteraction(`${PROGRESS_SUBJECTS.GET_COURSE_PROGRESS} with no progress`)
      .given(...callerState(AS_LEARNER))
      .given(PROGRESS_PROVIDER_STATES.NO_PROGRESS, { userId: USER_ID, courseId: COURSE_ID })
      .withRequest((message) => message.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({
          response: { courseId: COURSE_ID, completedLessonIds: [], startedLessonIds: [], secondsSpent: 0, lastActivityAt: null },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstProgress(message, (progress) => progress.getCourseProgress(request));
        expect(courseProgressSchema.parse(result).lastActivityAt).toBeNull();
      });
  });
  it("reads a learner's progress overview: the course half done, from its lessons", async () => {
    await pact
      .addSynchronousInteraction(`${PROGRESS_SUBJECTS.GET_PROGRESS_OVERVIEW} for a learner half way through a course`)
      .given(...callerState(AS_LEARNER))
      .given(PROGRESS_PROVIDER_STATES.HALF_WAY_THROUGH_COURSE, {
        userId: USER_ID,
        courseId: COURSE_ID,
        title: 'SQL Basics',
        completedLessonId: DONE_LESSON,
        openLessonId: OPEN_LESSON,
      })
      .withRequest(emptyPayload)
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            progress: {
              overallPercent: 50,
              completedCount: 0,
              inProgressCount: 1,
              pendingCount: 0,
              hoursSpent: Matchers.number(0),
              courses: [
                {
                  courseId: COURSE_ID,
                  title: 'SQL Basics',
                  titleAr: null,
                  description: Matchers.string('Queries, joins and aggregates.'),
                  duration: Matchers.string('4 weeks'),
                  estimatedHours: null,
                  level: Matchers.string('beginner'),
                  status: 'in-progress',
                  percent: 50,
                  completedLessons: 1,
                  totalLessons: 2,
                  secondsSpent: Matchers.integer(0),
                  startedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
                  completedAt: null,
                  dueDate: null,
                  learningPathId: null,
                },
              ],
              skillsAcquired: [],
              upcomingDeadlines: [],
              achievements: [],
              learningPath: null,
            },
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstProgress(message, (progress) => progress.getOverview());
        expect(progressOverviewReplySchema.parse(result).progress.courses[0]).toMatchObject({ status: 'in-progress', percent: 50 });
      });
  });

  it("reads and saves a learner's self-assessed skills", async () => {
    await pact
      .addSynchronousInteraction(`${PROGRESS_SUBJECTS.LIST_LEARNER_SKILLS} for a learner who assessed one skill`)
      .given(...callerState(AS_LEARNER))
      .given(PROGRESS_PROVIDER_STATES.ASSESSED_SKILLS, { userId: USER_ID, skills: [{ skill: 'SQL', level: 'working' }] })
      .withRequest(emptyPayload)
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            skills: [{ skill: 'SQL', level: 'working', source: 'self-assessment', updatedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z') }],
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstProgress(message, (progress) => progress.listLearnerSkills());
        expect(learnerSkillsReplySchema.parse(result).skills).toHaveLength(1);
      });

    const save = { skills: [{ skill: 'Python', level: 'strong' as const }, { skill: 'SQL', level: 'none' as const }] };
    await pact
      .addSynchronousInteraction(`${PROGRESS_SUBJECTS.SAVE_SELF_ASSESSMENT} raising one skill and removing another`)
      .given(...callerState(AS_LEARNER))
      .given(PROGRESS_PROVIDER_STATES.ASSESSED_SKILLS, { userId: USER_ID, skills: [{ skill: 'SQL', level: 'working' }] })
      .withRequest((message) => message.withJSONContent(save))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            skills: [{ skill: 'Python', level: 'strong', source: 'self-assessment', updatedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z') }],
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstProgress(message, (progress) => progress.saveSelfAssessment(save));
        expect(learnerSkillsReplySchema.parse(result).skills.map((skill) => skill.skill)).toEqual(['Python']);
      });
  });

  it('generates a path whose gaps aim at the level the posting expects of each skill', async () => {
    // A senior posting: its required skill at strong, its nice-to-have one a step below (svc-ai's levels, kept by the review).
    const request = {
      jobDescriptionId: JOB_DESCRIPTION_ID,
      jobTitle: 'Senior Data Engineer',
      confirmedSkills: [
        { name: 'Apache Spark', category: 'technical' as const, confidence: 0.9, importance: 'required' as const, level: 'strong' as const, evidence: [] },
        { name: 'dbt', category: 'technical' as const, confidence: 0.8, importance: 'nice-to-have' as const, level: 'working' as const, evidence: [] },
      ],
      weeklyHours: 3,
    };
    await pact
      .addSynchronousInteraction(`${PROGRESS_SUBJECTS.GENERATE_LEARNING_PATH} for a senior posting whose skills carry their expected levels`)
      .given(...callerState(AS_LEARNER))
      .withRequest((message) => message.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            learningPath: {
              id: Matchers.uuid(PATH_ID),
              userId: USER_ID,
              jobDescriptionId: JOB_DESCRIPTION_ID,
              jobTitle: 'Senior Data Engineer',
              weeklyHours: 3,
              startDate: Matchers.regex(/^\d{4}-\d{2}-\d{2}$/, '2026-11-23'),
              gaps: [
                { skill: 'Apache Spark', category: 'technical', importance: 'required', currentLevel: 'none', targetLevel: 'strong', priority: 'high' },
                { skill: 'dbt', category: 'technical', importance: 'nice-to-have', currentLevel: 'none', targetLevel: 'working', priority: 'medium' },
              ],
              courses: Matchers.like([]),
              milestones: Matchers.like([]),
              uncoveredSkills: Matchers.like([]),
              totalHours: Matchers.number(0),
              monthsNeeded: Matchers.integer(0),
              fit: Matchers.like({
                choice: 'fits',
                allCoursesHours: 0,
                weeklyHoursToFitAll: 1,
                proposedWeeklyHours: null,
                proposalLimit: 6,
                ramadanLoadFactor: 0.5,
                holyPeriods: [],
              }),
              nextYear: Matchers.like({ skills: [], courses: [], totalHours: 0, monthsAtBudget: 0 }),
              createdAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
              updatedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
            },
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstGateway(message, (services) => new LearningPathsClient(services), (paths) => paths.generate(request), AS_LEARNER);
        const { gaps } = learningPathReplySchema.parse(result).learningPath;
        expect(gaps.map((gap) => [gap.skill, gap.targetLevel])).toEqual([
          ['Apache Spark', 'strong'],
          ['dbt', 'working'],
        ]);
      });
  });

  it("sends the learner's decision on a plan's proposal; another learner's or a missing path answers 404", async () => {
    const request = { id: MISSING_PATH_ID, changes: { decision: 'accept-proposal' as const } };
    await pact
      .addSynchronousInteraction(`${PROGRESS_SUBJECTS.UPDATE_LEARNING_PATH} accepting the proposal of a path the learner does not have`)
      .given(...callerState(AS_LEARNER))
      .withRequest((message) => message.withJSONContent(request))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'Learning path not found' } }))
      .executeTest(async (message) => {
        const { error } = await replayAgainstGateway(message, (services) => new LearningPathsClient(services), (paths) => paths.update(request), AS_LEARNER);
        expect((error as HttpException).getResponse()).toEqual({ statusCode: 404, message: 'Learning path not found' });
      });
  });

  it("reads the dashboard's figures", async () => {
    await pact
      .addSynchronousInteraction(`${PROGRESS_SUBJECTS.GET_ADMIN_STATS} with a learning path generated`)
      .given(...callerState(AS_ADMIN))
      .given(PROGRESS_PROVIDER_STATES.PATH_GENERATED, { userId: USER_ID, learningPathId: PATH_ID, jobTitle: 'Data Analyst' })
      .withRequest((message) => message.withContent('application/json', EMPTY_JSON_OBJECT))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            activeLearningPaths: Matchers.integer(1),
            skillsMapped: Matchers.integer(0),
            completionRate: Matchers.integer(0),
            recentLearningPaths: Matchers.eachLike({
              id: Matchers.uuid(PATH_ID),
              jobTitle: Matchers.string('Data Analyst'),
              courseCount: Matchers.integer(1),
              percent: Matchers.integer(0),
              createdAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
            }),
            systemActivity: Matchers.eachLike({
              kind: Matchers.string('learning-path-generated'),
              occurredAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
              title: Matchers.string('Data Analyst'),
              titleAr: null,
              count: Matchers.integer(1),
            }),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstProgress(message, (progress) => progress.adminStats(), AS_ADMIN);
        expect(progressAdminStatsSchema.parse(result).recentLearningPaths[0].jobTitle).toBe('Data Analyst');
      });
  });
});
