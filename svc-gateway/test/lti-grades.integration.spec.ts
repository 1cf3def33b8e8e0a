import { generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { Platform, startPlatform } from './support/platform';
import { ProgressProcess, startProgress } from './support/progress-process';
import { ltiToolEnvironment, SimulatedPlatform, startSimulatedPlatform } from './support/lti-platform';
import { StandInCourses } from './support/stand-in-courses';

const TOOL_PRIVATE_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const AGS_ENDPOINT = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';

let masar: Platform;
let lms: SimulatedPlatform;
let progress: ProgressProcess;
let courses: StandInCourses;

async function eventually(check: () => void, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** The LMS launches `sub` into a Masar course with an AGS line item; answers the learner's browser, signed in. */
async function launchIntoCourse(courseId: string, sub: string, lineItem: string) {
  const login = await request(masar.gateway.url)
    .get('/api/lti/login')
    .query({ iss: lms.issuer, login_hint: sub, target_link_uri: `${masar.gateway.url}/courses/${courseId}`, client_id: lms.clientId })
    .expect(302);
  const authorization = new URL(login.headers.location as string);
  const token = await lms.signIdToken({
    ...lms.resourceLinkClaims({
      sub,
      nonce: authorization.searchParams.get('nonce')!,
      targetLinkUri: `${masar.gateway.url}/courses/${courseId}`,
      email: `${sub}@school.example`,
    }),
    [AGS_ENDPOINT]: { scope: [SCORE_SCOPE], lineitem: lms.lineItemUrl(lineItem) },
  });
  // One browser launches and enters (a top-level launch: its entry cookie lets it straight in).
  const browser = request.agent(masar.gateway.url);
  const launched = await browser
    .post('/api/lti/launch')
    .type('form')
    .send({ id_token: token, state: authorization.searchParams.get('state')! })
    .expect(303);
  expect((await browser.get(launched.headers.location as string).expect(302)).headers.location).toBe(`/courses/${courseId}`);
  return browser;
}

beforeAll(async () => {
  lms = await startSimulatedPlatform();
  masar = await startPlatform(ltiToolEnvironment(lms, TOOL_PRIVATE_KEY));
  lms.trustToolKeys(`${masar.gateway.url}/api/lti/jwks`);
  progress = await startProgress({ NATS_URL: masar.env.NATS_URL, DATABASE_URL: masar.database.url, LTI_TOOL_PRIVATE_KEY: TOOL_PRIVATE_KEY, LTI_SCORE_RETRY_DELAY_MS: '500' });
  courses = new StandInCourses();
  await courses.up();
}, 90_000);

afterAll(async () => {
  await courses?.close();
  await progress?.stop();
  await masar?.stop();
  await lms?.stop();
});

describe('LTI Assignment and Grade Services', () => {
  it('a learner launched into a placed course who completes it gets the full score in the LMS, retried while the LMS is down', async () => {
    const course = courses.seed({ title: 'Data Literacy', status: 'published' }, 1, 2);
    const browser = await launchIntoCourse(course.id, 'lms-learner-1', 'grade-1');
    lms.failNextScores(1);
    for (const lesson of course.modules[0]!.lessons) {
      await browser.post(`/api/progress/lessons/${lesson.id}`).set('Origin', masar.gateway.url).send({ courseId: course.id, status: 'completed' }).expect(200);
    }
    await eventually(() => expect(lms.scores).toHaveLength(1));
    expect(lms.scores[0]).toMatchObject({
      lineItemPath: '/lineitems/grade-1',
      authorization: `Bearer ${lms.accessToken}`,
      contentType: 'application/vnd.ims.lis.v1.score+json',
      body: { userId: 'lms-learner-1', scoreGiven: 100, scoreMaximum: 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded' },
    });
    // The token came with a client assertion the LMS verified against Masar's published keys.
    expect(lms.tokenRequests[0]?.form).toMatchObject({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      scope: SCORE_SCOPE,
    });
  }, 60_000);
});
