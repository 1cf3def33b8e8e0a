import { ADMINS_ONLY_MESSAGE } from '@masar/contracts/service-kit';
import {
  type Caller,
  COURSE_STRUCTURE_SUBJECTS,
  courseDetailSchema,
  COURSES_SUBJECTS,
  LESSON_VIDEO_SUBJECTS,
  LESSON_VIDEOS_BUCKET,
  type LessonVideo,
  UPLOADED_VIDEO_MISSING_MESSAGE,
  VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE,
} from '@masar/contracts';
import { buildTinyMp4, connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection, ObjectStore } from 'nats';
import { createHash, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { bootstrap } from '../src/main';

/** A video lesson's link or upload on the real service (Postgres, NATS and its object store). */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };

describe('lesson videos', () => {
  let database: FreshDatabase;
  let app: INestMicroservice;
  let gateway: NatsConnection;
  let videos: ObjectStore;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_lesson_video');
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: 'silent', SEED_COURSE_CATALOG: 'false' });
    gateway = await connectToNatsAs('gateway');
    videos = await gateway.jetstream().views.os(LESSON_VIDEOS_BUCKET);
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await gateway?.drain();
    await app?.close();
    await database?.drop();
  });

  async function insertCourse(): Promise<{ id: string; video: string; reading: string }> {
    const course = await sql.query<{ id: string }>(
      `INSERT INTO courses.courses (title, description, duration, format, department_owner, color, abbreviation)
       VALUES ('Safe Lifting', 'Lift without hurting your back.', '1 week', 'Online', 'Operations', 'blue', 'SL') RETURNING id`,
    );
    const module = await sql.query<{ id: string }>(
      `INSERT INTO courses.modules (course_id, position, title, description) VALUES ($1, 0, 'Basics', 'Posture.') RETURNING id`,
      [course.rows[0].id],
    );
    const lessons = await sql.query<{ id: string }>(
      `INSERT INTO courses.lessons (module_id, position, title, duration, type, content)
       VALUES ($1, 0, 'Watch the lift', '5 min', 'video', 'Bend the knees.'), ($1, 1, 'Read the rules', '5 min', 'reading', 'Keep the load close.')
       RETURNING id`,
      [module.rows[0].id],
    );
    return { id: course.rows[0].id, video: lessons.rows[0].id, reading: lessons.rows[1].id };
  }

  /** What the gateway does with an upload: the bytes under their sha256 in the bucket. */
  async function upload(bytes: Buffer): Promise<LessonVideo> {
    const key = createHash('sha256').update(bytes).digest('hex');
    await videos.putBlob({ name: key }, bytes);
    return { kind: 'upload', key, mediaType: 'video/mp4', bytes: bytes.length };
  }

  const setVideo = (courseId: string, lessonId: string, video: LessonVideo | null, caller: Caller = ADMIN) =>
    requestOverNats(gateway, LESSON_VIDEO_SUBJECTS.SET_LESSON_VIDEO, { courseId, lessonId, video }, undefined, caller);
  const storedVideo = async (lessonId: string) => (await sql.query('SELECT video FROM courses.lessons WHERE id = $1', [lessonId])).rows[0].video;
  const isStored = async (key: string) => {
    const info = await videos.info(key);
    return info !== null && !info.deleted;
  };

  it('keeps a canonical link and answers the course with it', async () => {
    const course = await insertCourse();
    const reply = await setVideo(course.id, course.video, { kind: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(reply.err).toBeUndefined();
    const lesson = courseDetailSchema.parse(reply.response).modules[0].lessons[0];
    expect(lesson).toMatchObject({ id: course.video, video: { kind: 'youtube', id: 'dQw4w9WgXcQ' } });
    expect(courseDetailSchema.parse(reply.response).modules[0].lessons[1].video).toBeUndefined();
    expect(await storedVideo(course.video)).toEqual({ kind: 'youtube', id: 'dQw4w9WgXcQ' });
  });

  it('keeps an upload, replaces it (deleting the old file) and removes it', async () => {
    const course = await insertCourse();
    const first = await upload(buildTinyMp4(3000));
    expect((await setVideo(course.id, course.video, first)).err).toBeUndefined();
    expect(await storedVideo(course.video)).toEqual(first);

    const second = await upload(buildTinyMp4(5000));
    expect((await setVideo(course.id, course.video, second)).err).toBeUndefined();
    expect(await isStored(first.kind === 'upload' ? first.key : '')).toBe(false);
    expect(await isStored(second.kind === 'upload' ? second.key : '')).toBe(true);

    const removed = await setVideo(course.id, course.video, null);
    expect(courseDetailSchema.parse(removed.response).modules[0].lessons[0].video).toBeUndefined();
    expect(await storedVideo(course.video)).toBeNull();
    expect(await isStored(second.kind === 'upload' ? second.key : '')).toBe(false);
  });

  it('keeps a file another lesson still shows when one of them lets it go', async () => {
    const one = await insertCourse();
    const other = await insertCourse();
    const shared = await upload(buildTinyMp4(2000));
    await setVideo(one.id, one.video, shared);
    await setVideo(other.id, other.video, shared);
    await setVideo(one.id, one.video, { kind: 'vimeo', id: '76979871' });
    expect(await isStored(shared.kind === 'upload' ? shared.key : '')).toBe(true);
    await setVideo(other.id, other.video, null);
    expect(await isStored(shared.kind === 'upload' ? shared.key : '')).toBe(false);
  });

  describe('when the lessons showing a file are deleted', () => {
    const keyOf = (video: LessonVideo) => (video.kind === 'upload' ? video.key : '');
    /** Each file of these tests a size of its own, so no other test's lesson shows the same (content-addressed) file. */
    let nextSize = 20_000;
    const newFile = () => upload(buildTinyMp4((nextSize += 101)));

    /** A course whose video lesson shows its own file and a file shared with `other`'s video lesson. */
    async function courseWithFiles(): Promise<{ course: Awaited<ReturnType<typeof insertCourse>>; other: Awaited<ReturnType<typeof insertCourse>>; own: LessonVideo; shared: LessonVideo }> {
      const course = await insertCourse();
      const other = await insertCourse();
      const own = await newFile();
      const shared = await newFile();
      expect((await setVideo(course.id, course.video, own)).err).toBeUndefined();
      expect((await setVideo(other.id, other.video, shared)).err).toBeUndefined();
      // A second video lesson in the first course shows the shared file too.
      const second = await sql.query<{ id: string }>(
        `INSERT INTO courses.lessons (module_id, position, title, duration, type, content)
         SELECT module_id, 2, 'Watch it again', '5 min', 'video', 'Slowly this time.' FROM courses.lessons WHERE id = $1 RETURNING id`,
        [course.video],
      );
      expect((await setVideo(course.id, second.rows[0].id, shared)).err).toBeUndefined();
      return { course, other, own, shared };
    }

    it('deleting a lesson deletes its file once committed, and keeps one another lesson still shows', async () => {
      const { course, other, own, shared } = await courseWithFiles();
      const reply = await requestOverNats(gateway, COURSE_STRUCTURE_SUBJECTS.DELETE_LESSON, { courseId: course.id, lessonId: course.video }, undefined, ADMIN);
      expect(reply.err).toBeUndefined();
      expect(await isStored(keyOf(own))).toBe(false);
      expect(await isStored(keyOf(shared))).toBe(true);
      expect(await storedVideo(other.video)).toEqual(shared);
    });

    it('deleting a module deletes the files only its lessons showed', async () => {
      const { course, own, shared } = await courseWithFiles();
      // A second module keeps the course from losing its last lessons.
      await sql.query(
        `WITH m AS (INSERT INTO courses.modules (course_id, position, title, description) VALUES ($1, 1, 'More', 'More.') RETURNING id)
         INSERT INTO courses.lessons (module_id, position, title, duration, type, content) SELECT id, 0, 'Carry', '5 min', 'reading', 'Hold it close.' FROM m`,
        [course.id],
      );
      const moduleId = (await sql.query<{ module_id: string }>('SELECT module_id FROM courses.lessons WHERE id = $1', [course.video])).rows[0].module_id;
      const reply = await requestOverNats(gateway, COURSE_STRUCTURE_SUBJECTS.DELETE_MODULE, { courseId: course.id, moduleId }, undefined, ADMIN);
      expect(reply.err).toBeUndefined();
      expect(await isStored(keyOf(own))).toBe(false);
      expect(await isStored(keyOf(shared))).toBe(true);
    });

    it('deleting a course deletes its files, then the last course showing a shared file takes it with it', async () => {
      const { course, other, own, shared } = await courseWithFiles();
      expect((await requestOverNats(gateway, COURSES_SUBJECTS.DELETE_COURSE, { id: course.id })).err).toBeUndefined();
      expect(await isStored(keyOf(own))).toBe(false);
      expect(await isStored(keyOf(shared))).toBe(true);
      expect((await requestOverNats(gateway, COURSES_SUBJECTS.DELETE_COURSE, { id: other.id })).err).toBeUndefined();
      expect(await isStored(keyOf(shared))).toBe(false);
    });

    it('a refused deletion (the course\'s last lesson) keeps the file', async () => {
      const course = await insertCourse();
      const own = await newFile();
      expect((await setVideo(course.id, course.video, own)).err).toBeUndefined();
      await sql.query('DELETE FROM courses.lessons WHERE id = $1', [course.reading]);
      const refused = await requestOverNats(gateway, COURSE_STRUCTURE_SUBJECTS.DELETE_LESSON, { courseId: course.id, lessonId: course.video }, undefined, ADMIN);
      expect(refused.err).toMatchObject({ statusCode: 409 });
      expect(await isStored(keyOf(own))).toBe(true);
    });
  });

  it('refuses an upload that is not in the store, a reading lesson, another course’s lesson and learners; nothing changes', async () => {
    const course = await insertCourse();
    const other = await insertCourse();
    const missing = await setVideo(course.id, course.video, { kind: 'upload', key: 'c'.repeat(64), mediaType: 'video/mp4', bytes: 10 });
    expect(missing.err).toEqual({ statusCode: 400, message: UPLOADED_VIDEO_MISSING_MESSAGE });

    const refused = await upload(buildTinyMp4(1234));
    const reading = await setVideo(course.id, course.reading, refused);
    expect(reading.err).toEqual({ statusCode: 409, message: VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE });
    // The file was stored for that request alone: it is gone with it.
    expect(await isStored(refused.kind === 'upload' ? refused.key : '')).toBe(false);

    expect((await setVideo(course.id, other.video, { kind: 'youtube', id: 'dQw4w9WgXcQ' })).err).toMatchObject({ statusCode: 404, message: 'Lesson not found' });
    expect((await setVideo(randomUUID(), course.video, { kind: 'youtube', id: 'dQw4w9WgXcQ' })).err).toMatchObject({ statusCode: 404 });
    expect((await setVideo(course.id, course.video, { kind: 'youtube', id: 'dQw4w9WgXcQ' }, LEARNER)).err).toEqual({
      statusCode: 403,
      message: ADMINS_ONLY_MESSAGE,
    });
    const hostile = await setVideo(course.id, course.video, { kind: 'file', url: 'javascript:alert(1)//a.mp4' } as unknown as LessonVideo);
    expect(hostile.err).toMatchObject({ statusCode: 400 });
    expect(await storedVideo(course.video)).toBeNull();
    expect(await storedVideo(other.video)).toBeNull();
  });
});
