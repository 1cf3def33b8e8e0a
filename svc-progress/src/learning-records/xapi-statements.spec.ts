import { randomUUID } from 'node:crypto';
import { statementProblems } from './statement-validation';
import {
  actorOf,
  courseCompletedStatement,
  learningPathGeneratedStatement,
  lessonCompletedStatement,
  lessonStartedStatement,
  quizAnsweredStatement,
  quizResultStatement,
  skillLevelChangedStatement,
  skillSelfAssessedStatement,
  exerciseSubmittedStatement,
  type StatementSubject,
  type XapiStatement,
} from './xapi-statements';

const base = 'https://masar.example.com';
const userId = randomUUID();
const byEmail: StatementSubject = { base, actor: actorOf('email', base, { userId, email: 'layla@masar.test' }) };
const bySso: StatementSubject = { base, actor: actorOf('sso', base, { userId, ssoAccount: { issuer: 'https://login.acme.example/realms/staff', subject: 'f:3a91:layla' } }) };
const byMasarAccount: StatementSubject = { base, actor: actorOf('sso', base, { userId, ssoAccount: null }) };
const course = { courseId: randomUUID(), title: 'SQL Basics', titleAr: 'أساسيات SQL' };
const lesson = { userId, lessonId: randomUUID(), course, occurredAt: '2026-11-23T08:30:00.000Z' };
const attempt = { attemptId: randomUUID(), userId, lessonId: lesson.lessonId, course, correctCount: 3, questionCount: 4, passed: true, occurredAt: lesson.occurredAt };

/** One of every kind of statement Masar sends, for either actor. */
function everyKind(who: StatementSubject): Record<string, XapiStatement> {
  return {
    lessonStarted: lessonStartedStatement(who, lesson),
    lessonCompleted: lessonCompletedStatement(who, { ...lesson, secondsSpent: 300 }),
    courseCompleted: courseCompletedStatement(who, { eventKey: `course-completed:${userId}:${course.courseId}`, course, occurredAt: lesson.occurredAt }),
    skillLevelChanged: skillLevelChangedStatement(who, { eventKey: `skill-level-reached:${userId}:sql:working`, skill: 'SQL', level: 'working', course, occurredAt: lesson.occurredAt }),
    skillSelfAssessed: skillSelfAssessedStatement(who, { eventKey: `skill-self-assessed:${randomUUID()}:excel`, skill: 'Excel', level: 'none', occurredAt: lesson.occurredAt }),
    pathGenerated: learningPathGeneratedStatement(who, {
      learningPathId: randomUUID(), userId, jobDescriptionId: null, jobTitle: 'Data Analyst', courseCount: 5, gapSkillCount: 4, occurredAt: lesson.occurredAt,
    }),
    exerciseSubmitted: exerciseSubmittedStatement(who, {
      submissionId: randomUUID(), userId, lessonId: lesson.lessonId, courseId: course.courseId, course: { title: course.title, titleAr: course.titleAr },
      checkedItemCount: 2, attachmentCount: 1, occurredAt: lesson.occurredAt,
    }),
    quizAnswered: quizAnsweredStatement(who, attempt),
    quizPassed: quizResultStatement(who, attempt),
    quizFailed: quizResultStatement(who, { ...attempt, correctCount: 1, passed: false }),
  };
}

describe('xAPI statements', () => {
  it.each([['email', byEmail], ['sso', bySso], ['Masar account', byMasarAccount]])('every kind passes xAPI validation (actor by %s)', (_mode, who) => {
    for (const [kind, statement] of Object.entries(everyKind(who))) {
      expect([kind, statementProblems(statement)]).toEqual([kind, []]);
    }
  });

  it('the validator does catch a broken statement', () => {
    const broken = { ...lessonStartedStatement(byEmail, lesson), actor: { objectType: 'Agent' as const, mbox: 'layla@masar.test' } };
    expect(statementProblems(broken)).toEqual(['statement.actor.mbox: TypeWarning']);
  });

  it('names the actor by mailto: email, by the identity provider’s account, or by the Masar id without one', () => {
    expect(byEmail.actor).toEqual({ objectType: 'Agent', mbox: 'mailto:layla@masar.test' });
    expect(bySso.actor).toEqual({ objectType: 'Agent', account: { homePage: 'https://login.acme.example/realms/staff', name: 'f:3a91:layla' } });
    // A password sign-in, or a SAML entity id that is no web address, cannot be the account's home page.
    expect(byMasarAccount.actor).toEqual({ objectType: 'Agent', account: { homePage: base, name: userId } });
    const samlUrn = actorOf('sso', base, { userId, ssoAccount: { issuer: 'urn:acme:idp', subject: 'layla' } });
    expect(samlUrn).toEqual({ objectType: 'Agent', account: { homePage: base, name: userId } });
    expect(() => actorOf('email', base, { userId })).toThrow();
  });

  it('gives each lesson statement stable ids and IRIs, the course as parent, in English and Arabic', () => {
    const started = lessonStartedStatement(byEmail, lesson);
    expect(started).toMatchObject({
      verb: { id: 'http://adlnet.gov/expapi/verbs/attempted' },
      object: { id: `${base}/lessons/${lesson.lessonId}`, definition: { type: 'http://adlnet.gov/expapi/activities/lesson' } },
      context: { contextActivities: { parent: [{ id: `${base}/courses/${course.courseId}`, definition: { name: { 'en-US': 'SQL Basics', ar: 'أساسيات SQL' } } }] } },
      timestamp: lesson.occurredAt,
    });
    expect(lessonStartedStatement(byEmail, { ...lesson, occurredAt: '2026-11-24T08:30:00.000Z' }).id).toBe(started.id);
    const completed = lessonCompletedStatement(byEmail, { ...lesson, secondsSpent: 300 });
    expect(completed).toMatchObject({ verb: { id: 'http://adlnet.gov/expapi/verbs/completed' }, result: { completion: true, duration: 'PT300S' } });
    expect(completed.id).not.toBe(started.id);
  });

  it('scores a quiz attempt and says passed or failed', () => {
    expect(quizAnsweredStatement(byEmail, attempt)).toMatchObject({
      verb: { id: 'http://adlnet.gov/expapi/verbs/answered' },
      object: { id: `${base}/lessons/${lesson.lessonId}`, definition: { type: 'http://adlnet.gov/expapi/activities/assessment' } },
      result: { score: { scaled: 0.75, raw: 3, min: 0, max: 4 } },
    });
    expect(quizResultStatement(byEmail, attempt)).toMatchObject({ verb: { id: 'http://adlnet.gov/expapi/verbs/passed' }, result: { success: true } });
    expect(quizResultStatement(byEmail, { ...attempt, passed: false })).toMatchObject({ verb: { id: 'http://adlnet.gov/expapi/verbs/failed' }, result: { success: false } });
  });

  it('sends a course completion, a skill level and a path with their own IRIs', () => {
    const kinds = everyKind(bySso);
    expect(kinds.courseCompleted.object.id).toBe(`${base}/courses/${course.courseId}`);
    expect(kinds.skillLevelChanged).toMatchObject({
      verb: { id: `${base}/xapi/verbs/reached-skill-level` },
      object: { id: `${base}/skills/sql` },
      result: { extensions: { [`${base}/xapi/extensions/skill-level`]: 'working' } },
    });
    expect(kinds.skillSelfAssessed).toMatchObject({
      verb: { id: `${base}/xapi/verbs/self-assessed-skill-level`, display: { 'en-US': 'self-assessed skill level' } },
      object: { id: `${base}/skills/excel` },
      result: { extensions: { [`${base}/xapi/extensions/skill-level`]: 'none' } },
      context: { platform: 'Masar' },
    });
    expect(kinds.exerciseSubmitted).toMatchObject({
      verb: { id: 'http://activitystrea.ms/schema/1.0/submit' },
      object: { id: `${base}/lessons/${lesson.lessonId}` },
      result: { completion: true, extensions: { [`${base}/xapi/extensions/checked-item-count`]: 2, [`${base}/xapi/extensions/attachment-count`]: 1 } },
    });
    expect(JSON.stringify(kinds.exerciseSubmitted)).not.toContain('work');
    expect(kinds.pathGenerated.object.id).toMatch(new RegExp(`^${base}/learning-paths/[0-9a-f-]{36}$`));
    expect(new Set(Object.values(kinds).map((statement) => statement.id)).size).toBe(Object.keys(kinds).length);
  });
});
