/** @jest-environment node */
// Consumer contract of mf-courses' video lessons with svc-gateway, through the REAL RTK Query
// endpoints and base query, pointed at Pact's mock server. The upload is a multipart body of one
// file part (Pact's multipartBody): the provider replays a real MP4, which the gateway sniffs.
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createTestStoreFor } from '@masar/shell/testing';
import { lessonVideoPlayerOf, VIDEO_LINK_NOT_HTTPS_MESSAGE, VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE } from '@masar/contracts';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { lessonVideoApi } from './lesson-video.api';

const { like, regex, uuid } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-mf-courses-video-svc-gateway.json');
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };
const COURSE_ID = '7a2c4e6f-8b1d-4f3a-9c5e-0d2f4a6b8c1e';
const LESSON_ID = '6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b';
const TARGET = { courseId: COURSE_ID, lessonId: LESSON_ID };
const VIDEO_PATH = `/api/courses/${COURSE_ID}/lessons/${LESSON_ID}/video`;

/** A real (tiny) MP4: the gateway checks an upload's bytes, so the provider must replay a video. */
const VIDEO_FILE = path.resolve(__dirname, '../../../../e2e/fixtures/lesson-video.mp4');

const VIDEO_BYTES = readFileSync(VIDEO_FILE);
/** An uploaded video is kept under the sha256 of its bytes; the player's src is built from it. */
const VIDEO_KEY = createHash('sha256').update(VIDEO_BYTES).digest('hex');
const STORED_VIDEO = { name: 'an uploaded lesson video is stored', params: { key: VIDEO_KEY } };
/** Where the page's <video> element fetches the upload (the real player code). */
const PLAYER = lessonVideoPlayerOf({ kind: 'upload', key: VIDEO_KEY, mediaType: 'video/mp4', bytes: VIDEO_BYTES.length });

const ADMIN = { name: 'an admin is signed in' };
const LEARNER = { name: 'a learner is signed in' };
/** svc-gateway's state: an internal course with one module of two lessons, the first a video lesson. */
const videoCourse = (firstLessonType: 'video' | 'reading') => ({
  name: 'a course with modules and lessons exists',
  params: { id: COURSE_ID, title: 'Safe Lifting', modules: 1, lessonsPerModule: 2, firstLessonId: LESSON_ID, firstLessonType },
});

const lessonLike = {
  id: uuid('7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a'),
  title: like('Lesson 1.2'),
  duration: like('15 min'),
  type: regex('^(video|reading|quiz|exercise)$', 'reading'),
  content: like('What the lesson explains.'),
  keyPoints: like(['The idea to keep']),
  activities: like(['Try it']),
};
const courseWith = (firstLesson: Record<string, unknown>) => ({
  course: like({
    id: COURSE_ID,
    title: like('Safe Lifting'),
    description: like('What Safe Lifting teaches.'),
    duration: like('4 weeks'),
    format: like('Online'),
    departmentOwner: like('Learning & Development'),
    color: like('blue'),
    abbreviation: like('SL'),
    imageUrl: null,
    createdAt: like('2026-11-22T08:30:00.000Z'),
    prerequisites: like([]),
    modules: [{ id: uuid('4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f'), title: like('Module 1'), description: like('Part 1.'), lessons: [firstLesson, lessonLike] }],
  }),
});

const pact = new PactV4({ consumer: 'masar-mf-courses-video', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

beforeAll(() => rmSync(PACT_FILE, { force: true }));

describe('mf-courses video lessons against svc-gateway', () => {
  it('PUT …/video sets a YouTube link, answered as its canonical id', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(videoCourse('video').name, videoCourse('video').params)
      .uponReceiving('an admin linking a YouTube video to a video lesson')
      .withRequest('PUT', VIDEO_PATH, (request) => request.headers(JSON_CONTENT).jsonBody({ url: 'https://youtu.be/dQw4w9WgXcQ?t=30' }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(courseWith({ ...lessonLike, id: LESSON_ID, type: 'video', video: { kind: 'youtube', id: 'dQw4w9WgXcQ' } })),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(lessonVideoApi.endpoints.setLessonVideoLink.initiate({ ...TARGET, url: 'https://youtu.be/dQw4w9WgXcQ?t=30' })).unwrap();
        expect(reply.course.modules[0].lessons[0].video).toEqual({ kind: 'youtube', id: 'dQw4w9WgXcQ' });
      }));

  it('PUT …/video answers 400 with the link check’s message for an http link', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(videoCourse('video').name, videoCourse('video').params)
      .uponReceiving('an admin linking an http video')
      .withRequest('PUT', VIDEO_PATH, (request) => request.headers(JSON_CONTENT).jsonBody({ url: 'http://vimeo.com/76979871' }))
      .willRespondWith(400, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 400, message: `url: ${VIDEO_LINK_NOT_HTTPS_MESSAGE}` }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(lessonVideoApi.endpoints.setLessonVideoLink.initiate({ ...TARGET, url: 'http://vimeo.com/76979871' }));
        expect(result.error).toMatchObject({ status: 400, serverMessage: `url: ${VIDEO_LINK_NOT_HTTPS_MESSAGE}` });
      }));

  it('PUT …/video answers 409 for a lesson that is not a video lesson', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(videoCourse('reading').name, videoCourse('reading').params)
      .uponReceiving('an admin linking a video to a reading lesson')
      .withRequest('PUT', VIDEO_PATH, (request) => request.headers(JSON_CONTENT).jsonBody({ url: 'https://vimeo.com/76979871' }))
      .willRespondWith(409, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 409, message: VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(lessonVideoApi.endpoints.setLessonVideoLink.initiate({ ...TARGET, url: 'https://vimeo.com/76979871' }));
        expect(result.error).toMatchObject({ status: 409, serverMessage: VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE });
      }));

  it('PUT …/video answers 403 to a learner', () =>
    pact
      .addInteraction()
      .given(LEARNER.name)
      .given(videoCourse('video').name, videoCourse('video').params)
      .uponReceiving('a learner trying to link a video')
      .withRequest('PUT', VIDEO_PATH, (request) => request.headers(JSON_CONTENT).jsonBody({ url: 'https://vimeo.com/76979871' }))
      .willRespondWith(403, (response) => response.headers(JSON_CONTENT).jsonBody({ statusCode: 403, message: 'You do not have permission to do this' }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(lessonVideoApi.endpoints.setLessonVideoLink.initiate({ ...TARGET, url: 'https://vimeo.com/76979871' }));
        expect(result.error).toMatchObject({ status: 403 });
      }));

  it('POST …/video uploads a file as multipart (one "video" part) and answers the course with it', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(videoCourse('video').name, videoCourse('video').params)
      .uponReceiving('an admin uploading an MP4 file to a video lesson')
      .withRequest('POST', VIDEO_PATH, (request) => request.multipartBody('video/mp4', VIDEO_FILE, 'video'))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody(
          courseWith({
            ...lessonLike,
            id: LESSON_ID,
            type: 'video',
            video: { kind: 'upload', key: regex('^[0-9a-f]{64}$', 'a'.repeat(64)), mediaType: 'video/mp4', bytes: like(6152) },
          }),
        ),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const file = new File([readFileSync(VIDEO_FILE)], 'lesson-video.mp4', { type: 'video/mp4' });
        const reply = await store.dispatch(lessonVideoApi.endpoints.uploadLessonVideo.initiate({ ...TARGET, file })).unwrap();
        expect(reply.course.modules[0].lessons[0].video).toMatchObject({ kind: 'upload', mediaType: 'video/mp4' });
      }));

  it('DELETE …/video removes the video and answers the course', () =>
    pact
      .addInteraction()
      .given(ADMIN.name)
      .given(videoCourse('video').name, videoCourse('video').params)
      .uponReceiving('an admin removing a lesson’s video')
      .withRequest('DELETE', VIDEO_PATH)
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody(courseWith({ ...lessonLike, id: LESSON_ID, type: 'video' })))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(lessonVideoApi.endpoints.removeLessonVideo.initiate(TARGET)).unwrap();
        expect(reply.course.modules[0].lessons[0].video).toBeUndefined();
      }));
  it("GET an uploaded video's player src answers the whole file, saying ranges are served", () =>
    pact
      .addInteraction()
      .given(LEARNER.name)
      .given(STORED_VIDEO.name, STORED_VIDEO.params)
      .uponReceiving('a learner’s player fetching an uploaded lesson video')
      .withRequest('GET', PLAYER.src)
      .willRespondWith(200, (response) => response.headers({ 'Accept-Ranges': 'bytes' }).binaryFile('video/mp4', VIDEO_FILE))
      .executeTest(async (mockServer) => {
        // The page's <video src> is fetched by the browser itself, as here.
        const response = await fetch(`${mockServer.url}${PLAYER.src}`);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(VIDEO_BYTES)).toBe(true);
      }));

  it("GET an uploaded video's player src with a Range answers 206 with those bytes, as a player seeking asks", () =>
    pact
      .addInteraction()
      .given(LEARNER.name)
      .given(STORED_VIDEO.name, STORED_VIDEO.params)
      .uponReceiving('a learner’s player seeking in an uploaded lesson video')
      .withRequest('GET', PLAYER.src, (request) => request.headers({ Range: 'bytes=0-99' }))
      .willRespondWith(206, (response) =>
        response.headers({ 'Accept-Ranges': 'bytes', 'Content-Range': `bytes 0-99/${VIDEO_BYTES.length}` }).body('video/mp4', VIDEO_BYTES.subarray(0, 100)),
      )
      .executeTest(async (mockServer) => {
        const response = await fetch(`${mockServer.url}${PLAYER.src}`, { headers: { Range: 'bytes=0-99' } });
        expect(response.status).toBe(206);
        expect(Buffer.from(await response.arrayBuffer()).equals(VIDEO_BYTES.subarray(0, 100))).toBe(true);
      }));
});
