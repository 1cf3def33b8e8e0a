import { type CourseDetail, courseReplySchema, LESSON_VIDEO_SUBJECTS, LESSON_VIDEOS_BUCKET, NUL_CHARACTER_MESSAGE, VIDEO_FILE_REQUIRED_MESSAGE, VIDEO_FILE_TYPE_MESSAGE, VIDEO_LINK_NOT_HTTPS_MESSAGE, VIDEO_LINK_UNSUPPORTED_MESSAGE } from '@masar/contracts';
import { buildTinyMp4, buildWebmHeader, connectToNatsAs } from '@masar/contracts/service-kit/testing';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { LESSON_VIDEO_NOT_FOUND_MESSAGE } from '../src/lesson-video/lesson-video.controller';
import { signedInAgent, startPlatform, Platform } from './support/platform';
import { StandInCourses } from './support/stand-in-courses';

/**
 * A video lesson's link and upload against the real gateway, svc-identity, Redis and NATS (its object
 * store), with a stand-in svc-courses. The gateway takes at most 1 MB of video here, to test the limit.
 */
const MAX_VIDEO_BYTES = 1024 * 1024;
let platform: Platform;
let courses: StandInCourses;

const binary = (response: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => done(null, Buffer.concat(chunks)));
};

beforeAll(async () => {
  platform = await startPlatform({ MAX_LESSON_VIDEO_BYTES: String(MAX_VIDEO_BYTES) });
  courses = new StandInCourses();
});
beforeEach(async () => {
  courses.reset();
  await courses.up();
});
afterAll(async () => {
  await courses?.close();
  await platform?.stop();
});

const asAdmin = async () => (await signedInAgent(platform, 'admin', 'admin123')).agent;
const asLearner = async () => (await signedInAgent(platform, 'demo', 'demo123')).agent;

/** A course whose first lesson is a video lesson. */
function seedVideoLesson(): { course: CourseDetail; path: string } {
  const course = courses.seed({ title: 'Safe Lifting' }, 1, 2);
  course.modules[0].lessons[0].type = 'video';
  return { course, path: `/api/courses/${course.id}/lessons/${course.modules[0].lessons[0].id}/video` };
}

describe('PUT …/lessons/:lessonId/video (a link)', () => {
  it('sends svc-courses only the canonical video and answers the course', async () => {
    const { course, path } = seedVideoLesson();
    const response = await (await asAdmin()).put(path).send({ url: ' https://youtu.be/dQw4w9WgXcQ?t=30\u200b' }).expect(200);
    expect(courseReplySchema.parse(response.body).course.modules[0].lessons[0].video).toEqual({ kind: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(courses.requestsOn(LESSON_VIDEO_SUBJECTS.SET_LESSON_VIDEO)[0]).toMatchObject({
      data: { courseId: course.id, lessonId: course.modules[0].lessons[0].id, video: { kind: 'youtube', id: 'dQw4w9WgXcQ' } },
      caller: { role: 'admin' },
    });
  });

  it('refuses hostile and unsupported links with 400 and a message, and svc-courses never hears of them', async () => {
    const { path } = seedVideoLesson();
    const admin = await asAdmin();
    expect((await admin.put(path).send({ url: 'javascript:alert(1)//x.mp4' }).expect(400)).body).toEqual({ statusCode: 400, message: `url: ${VIDEO_LINK_NOT_HTTPS_MESSAGE}` });
    expect((await admin.put(path).send({ url: 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ' }).expect(400)).body.message).toBe(`url: ${VIDEO_LINK_UNSUPPORTED_MESSAGE}`);
    await admin.put(path).send({ url: `https://cdn.example.org/${'a'.repeat(5000)}.mp4` }).expect(400);
    await admin.put(path).send({}).expect(400);
    expect(courses.requestsOn(LESSON_VIDEO_SUBJECTS.SET_LESSON_VIDEO)).toEqual([]);
  });

  it('is for admins only (403 for a learner, 401 signed out), and a reading lesson says why it refuses', async () => {
    const { course, path } = seedVideoLesson();
    await (await asLearner()).put(path).send({ url: 'https://vimeo.com/76979871' }).expect(403);
    await request(platform.gateway.url).put(path).send({ url: 'https://vimeo.com/76979871' }).expect(401);
    const reading = `/api/courses/${course.id}/lessons/${course.modules[0].lessons[1].id}/video`;
    expect((await (await asAdmin()).put(reading).send({ url: 'https://vimeo.com/76979871' }).expect(409)).body.message).toBe('Only a video lesson can hold a video');
    await (await asAdmin()).put(`/api/courses/${course.id}/lessons/not-a-uuid/video`).send({ url: 'https://vimeo.com/76979871' }).expect(404);
  });
});

describe('POST …/lessons/:lessonId/video (an upload) and GET /api/media/lesson-videos/<file>', () => {
  it('keeps a real MP4 under the hash of its bytes and serves it whole and in ranges', async () => {
    const { path } = seedVideoLesson();
    const mp4 = buildTinyMp4(300_000);
    // The name and the declared type are not what decides.
    const response = await (await asAdmin()).post(path).attach('video', mp4, { filename: 'lesson.bin', contentType: 'application/octet-stream' }).expect(200);
    const video = courseReplySchema.parse(response.body).course.modules[0].lessons[0].video;
    const key = createHash('sha256').update(mp4).digest('hex');
    expect(video).toEqual({ kind: 'upload', key, mediaType: 'video/mp4', bytes: mp4.length });
    const asCourses = await connectToNatsAs('courses');
    const stored = await (await asCourses.jetstream().views.os(LESSON_VIDEOS_BUCKET)).getBlob(key);
    await asCourses.close();
    expect(Buffer.compare(Buffer.from(stored!), mp4)).toBe(0);

    const learner = await asLearner();
    const src = `/api/media/lesson-videos/${key}.mp4`;
    const whole = await learner.get(src).buffer(true).parse(binary).expect(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(whole.body as Buffer, mp4)).toBe(0);
    const range = await learner.get(src).set('Range', 'bytes=131000-265000').buffer(true).parse(binary).expect(206);
    expect(range.headers['content-range']).toBe(`bytes 131000-265000/${mp4.length}`);
    expect(Buffer.compare(range.body as Buffer, mp4.subarray(131000, 265001))).toBe(0);
    const first = await learner.get(src).set('Range', 'bytes=0-').buffer(true).parse(binary).expect(206);
    expect(first.headers['content-range']).toBe(`bytes 0-${mp4.length - 1}/${mp4.length}`);
    expect((await learner.get(src).set('Range', `bytes=${mp4.length}-`).expect(416)).headers['content-range']).toBe(`bytes */${mp4.length}`);
    await request(platform.gateway.url).get(src).expect(401);
  });

  it('reads WebM from its bytes too', async () => {
    const { path } = seedVideoLesson();
    const response = await (await asAdmin()).post(path).attach('video', buildWebmHeader(), 'clip.mp4').expect(200);
    expect(courseReplySchema.parse(response.body).course.modules[0].lessons[0].video).toMatchObject({ kind: 'upload', mediaType: 'video/webm' });
  });

  it('refuses what is not a video (415), nothing (400), too much (413) and learners (403), storing nothing', async () => {
    const { path } = seedVideoLesson();
    const admin = await asAdmin();
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n');
    expect((await admin.post(path).attach('video', pdf, { filename: 'talk.mp4', contentType: 'video/mp4' }).expect(415)).body).toEqual({ statusCode: 415, message: VIDEO_FILE_TYPE_MESSAGE });
    expect((await admin.post(path).attach('video', Buffer.alloc(0), 'empty.mp4').expect(400)).body.message).toBe(VIDEO_FILE_REQUIRED_MESSAGE);
    expect((await admin.post(path).field('note', 'no file').expect(400)).body.message).toBe(VIDEO_FILE_REQUIRED_MESSAGE);
    expect((await admin.post(path).attach('clip', buildTinyMp4(10), 'a.mp4').expect(400)).body.message).toBe('Send the video in the "video" field');
    const tooBig = await admin.post(path).attach('video', buildTinyMp4(MAX_VIDEO_BYTES), 'big.mp4').expect(413);
    expect(tooBig.body).toEqual({ statusCode: 413, message: 'File is too large (max 1 MB)' });
    await (await asLearner()).post(path).attach('video', buildTinyMp4(10), 'a.mp4').expect(403);
    expect(courses.requestsOn(LESSON_VIDEO_SUBJECTS.SET_LESSON_VIDEO)).toEqual([]);
  });

  it('answers 404 for an unknown video and for names that are not a hash with a video extension', async () => {
    const learner = await asLearner();
    for (const name of [`${'0'.repeat(64)}.mp4`, '..%2F..%2Fetc%2Fpasswd.mp4', `${'A'.repeat(64)}.mp4`, `${'0'.repeat(64)}.exe`]) {
      expect((await learner.get(`/api/media/lesson-videos/${name}`).expect(404)).body).toEqual({ statusCode: 404, message: LESSON_VIDEO_NOT_FOUND_MESSAGE });
    }
    // A NUL in the address is refused by the gateway before any route reads it.
    expect((await learner.get('/api/media/lesson-videos/%00.webm').expect(400)).body).toEqual({ statusCode: 400, message: NUL_CHARACTER_MESSAGE });
  });
});

describe('DELETE …/lessons/:lessonId/video', () => {
  it('removes the video and answers the course without it', async () => {
    const { path } = seedVideoLesson();
    const admin = await asAdmin();
    await admin.put(path).send({ url: 'https://player.vimeo.com/video/76979871' }).expect(200);
    const removed = await admin.delete(path).expect(200);
    expect(courseReplySchema.parse(removed.body).course.modules[0].lessons[0].video).toBeUndefined();
    await (await asLearner()).delete(path).expect(403);
  });
});
