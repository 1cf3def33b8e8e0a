import {
  AI_GOVERNANCE_SUBJECTS,
  addModulesReplySchema,
  courseCreationTaskReplySchema,
  createCourseReplySchema,
  IMAGE_ANALYSIS_OFFLINE_MESSAGE,
  startCourseCreationRequestSchema,
  uploadCourseImageReplySchema,
  courseCategoriesReplySchema,
  courseReplySchema,
  COURSE_SEARCH_MESSAGES,
  courseSearchResponseSchema,
  COURSES_SUBJECTS,
  SEARCH_PASSAGE_NOT_FOUND_MESSAGE,
  searchPassageSchema,
  deleteCourseHttpReplySchema,
  READY_AI_CATEGORIES,
  recommendCoursesReplySchema,
  NUL_CHARACTER_MESSAGE,
} from '@masar/contracts';
import request from 'supertest';
import { startPlatform, Platform } from './support/platform';
import { StandInCourses } from './support/stand-in-courses';
import { StandInAi } from './support/stand-in-services';

/**
 * The course routes against the real gateway, svc-identity (its build), Redis and NATS, with a
 * stand-in answering for svc-courses (see stand-in-courses.ts).
 */

let platform: Platform;
let courses: StandInCourses;
/** svc-ai: admits the AI routes (ai.governance.admit) and answers image descriptions as offline. */
let ai: StandInAi;

async function signedIn(username: string, password: string) {
  const agent = request.agent(platform.gateway.url);
  await agent.post('/api/auth/login').send({ username, password }).expect(200);
  return agent;
}

const asLearner = () => signedIn('demo', 'demo123');
const asAdmin = () => signedIn('admin', 'admin123');

beforeAll(async () => {
  platform = await startPlatform();
  courses = new StandInCourses();
  ai = new StandInAi();
});

beforeEach(async () => {
  courses.reset();
  ai.reset();
  await courses.up();
  await ai.up();
});

afterAll(async () => {
  await courses?.close();
  await ai?.close();
  await platform?.stop();
});

describe('GET /api/courses/:id', () => {
  it('answers {course} with its modules and lessons', async () => {
    const seeded = courses.seed({ title: 'SQL for Reporting', skills: ['SQL'] }, 3);
    const response = await (await asLearner()).get(`/api/courses/${seeded.id}`).expect(200);
    const { course } = courseReplySchema.strict().parse(response.body);
    expect(course).toMatchObject({ id: seeded.id, title: 'SQL for Reporting' });
    expect(course.modules).toHaveLength(3);
    expect(course.modules[0].lessons.map((lesson) => lesson.type)).toEqual(['reading', 'quiz']);
    expect(courses.requestsOn(COURSES_SUBJECTS.GET_COURSE)[0].data).toEqual({ id: seeded.id });
  });

  it("answers 404 'Course not found' for an unknown id, and for one that is not a UUID without asking svc-courses", async () => {
    const agent = await asLearner();
    const unknown = await agent.get('/api/courses/00000000-0000-4000-8000-000000000000').expect(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: 'Course not found' });
    expect(courses.received).toHaveLength(1);

    const notUuid = await agent.get('/api/courses/not-a-course').expect(404);
    expect(notUuid.body).toEqual({ statusCode: 404, message: 'Course not found' });
    expect(courses.received).toHaveLength(1);
  });

  it('needs a session', async () => {
    const seeded = courses.seed({ title: 'Private' });
    const response = await request(platform.gateway.url).get(`/api/courses/${seeded.id}`).expect(401);
    expect(response.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
    expect(courses.received).toEqual([]);
  });

  it('answers 503 "courses is unavailable" when svc-courses is away', async () => {
    const agent = await asLearner();
    await courses.down();
    const response = await agent.get('/api/courses/00000000-0000-4000-8000-000000000000').expect(503);
    expect(response.body).toEqual({ statusCode: 503, message: 'courses is unavailable' });
  });
});

describe('DELETE /api/courses/:id', () => {
  it('answers 403 to a learner (svc-courses never hears of it); an admin deletes the course', async () => {
    const seeded = courses.seed({ title: 'Course To Delete' }, 2);
    const learner = await asLearner();
    const refused = await learner.delete(`/api/courses/${seeded.id}`).expect(403);
    expect(refused.body).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });
    expect(courses.received).toEqual([]);

    const admin = await asAdmin();
    const deleted = await admin.delete(`/api/courses/${seeded.id}`).expect(200);
    expect(deleteCourseHttpReplySchema.strict().parse(deleted.body)).toEqual({
      deleted: true,
      id: seeded.id,
      modulesDeleted: 2,
      lessonsDeleted: 4,
    });
    expect(courses.requestsOn(COURSES_SUBJECTS.DELETE_COURSE)[0].data).toEqual({ id: seeded.id });

    const again = await admin.delete(`/api/courses/${seeded.id}`).expect(404);
    expect(again.body).toEqual({ statusCode: 404, message: 'Course not found' });
    await learner.get(`/api/courses/${seeded.id}`).expect(404);
  });

  it('deletes the image uploaded for the course with it', async () => {
    const admin = await asAdmin();
    const uploaded = await admin.post('/api/course-images').attach('courseImage', PNG_BYTES, 'cover.png').expect(201);
    const { imageUrl } = uploadCourseImageReplySchema.parse(uploaded.body);
    const seeded = courses.seed({ title: 'Course With A Cover', imageUrl }, 1);
    await admin.get(imageUrl).expect(200);
    await admin.delete(`/api/courses/${seeded.id}`).expect(200);
    await admin.get(imageUrl).expect(404);
  });

  it("answers an admin 404 'Course not found' for an id that is not a UUID", async () => {
    const response = await (await asAdmin()).delete('/api/courses/42').expect(404);
    expect(response.body).toEqual({ statusCode: 404, message: 'Course not found' });
    expect(courses.received).toEqual([]);
  });
});

describe('GET /api/courses/categories', () => {
  it('answers the eleven categories with their courses; "categories" is never taken for a course id', async () => {
    const excel = courses.seed({ title: 'Excel Essentials', category: 'Microsoft Excel', level: 'beginner', duration: '2 weeks' });
    const response = await (await asLearner()).get('/api/courses/categories').expect(200);
    const { categories } = courseCategoriesReplySchema.strict().parse(response.body);
    expect(categories.map((category) => category.name)).toEqual([...READY_AI_CATEGORIES]);
    expect(categories.find((category) => category.name === 'Microsoft Excel')?.courses).toEqual([
      { id: excel.id, title: 'Excel Essentials', description: 'What Excel Essentials teaches.', level: 'beginner', duration: '2 weeks' },
    ]);
    expect(categories.find((category) => category.name === 'PowerPoint')?.courses).toEqual([]);
    expect(courses.received.map((received) => received.subject)).toEqual([COURSES_SUBJECTS.LIST_CATEGORIES]);
  });
});

describe('GET /api/courses/search', () => {
  it('asks svc-courses with the query and the caller; "search" is never taken for a course id', async () => {
    const response = await (await asLearner()).get('/api/courses/search').query({ q: '  underwater basket weaving ', lang: 'ar' }).expect(200);
    expect(courseSearchResponseSchema.strict().parse(response.body)).toMatchObject({ query: 'underwater basket weaving', totalResults: 0, answerSource: null });
    expect(courses.received).toEqual([
      expect.objectContaining({ subject: COURSES_SUBJECTS.SEARCH, data: { q: 'underwater basket weaving', lang: 'ar' }, caller: expect.objectContaining({ role: 'learner' }) }),
    ]);
  });

  it.each([
    [{}, COURSE_SEARCH_MESSAGES.blank],
    [{ q: ' \u200B ' }, COURSE_SEARCH_MESSAGES.blank],
    [{ q: 'x'.repeat(201) }, COURSE_SEARCH_MESSAGES.tooLong],
    [{ q: 'pivot', lang: 'fr' }, null],
  ])('answers 400 with the message for %j, without asking svc-courses', async (query, message) => {
    const response = await (await asLearner()).get('/api/courses/search').query(query).expect(400);
    if (message) expect(response.body.message).toBe(`q: ${message}`);
    else expect(response.body.message).toMatch(/^lang: /);
    expect(courses.received).toEqual([]);
  });

  it('needs a session', async () => {
    await request(platform.gateway.url).get('/api/courses/search').query({ q: 'pivot' }).expect(401);
  });
});

describe('GET /api/courses/search/passages/:chunkId', () => {
  it("answers a result's whole text, asking svc-courses in the caller's name", async () => {
    const course = courses.seed({ title: 'Negotiation Skills', skills: ['Negotiation'] });
    const response = await (await asLearner()).get(`/api/courses/search/passages/${course.id}`).expect(200);
    expect(searchPassageSchema.strict().parse(response.body)).toMatchObject({ id: course.id, courseId: course.id, field: 'course', courseTitle: 'Negotiation Skills' });
    expect(response.body.fullText).toContain('Negotiation');
    expect(courses.received).toEqual([
      expect.objectContaining({ subject: COURSES_SUBJECTS.SEARCH_PASSAGE, data: { id: course.id }, caller: expect.objectContaining({ role: 'learner' }) }),
    ]);
  });

  it("answers 404 with svc-courses' message for a passage it does not give the caller", async () => {
    const draft = courses.seed({ title: 'Negotiation Skills', status: 'draft' });
    const response = await (await asLearner()).get(`/api/courses/search/passages/${draft.id}`).expect(404);
    expect(response.body).toEqual({ statusCode: 404, message: SEARCH_PASSAGE_NOT_FOUND_MESSAGE });
    // An admin reads a draft's passages.
    await (await asAdmin()).get(`/api/courses/search/passages/${draft.id}`).expect(200);
  });

  it('answers 404 for an id that is not a UUID, without asking svc-courses', async () => {
    const response = await (await asLearner()).get('/api/courses/search/passages/passage-1').expect(404);
    expect(response.body).toEqual({ statusCode: 404, message: SEARCH_PASSAGE_NOT_FOUND_MESSAGE });
    expect(courses.received).toEqual([]);
  });

  it('needs a session', async () => {
    await request(platform.gateway.url).get(`/api/courses/search/passages/${courses.seed({ title: 'SQL' }).id}`).expect(401);
  });
});

describe('POST /api/courses/recommend', () => {
  it('answers 200 {courses} ranked by covered skills, forwarding the skills trimmed and once each', async () => {
    const sql = courses.seed({ title: 'SQL and Databases', skills: ['SQL', 'PostgreSQL'] });
    const python = courses.seed({ title: 'Python for Data', skills: ['Python', 'SQL', 'Pandas'] });
    courses.seed({ title: 'Leading Teams', skills: ['Leadership'] });

    const response = await (await asLearner())
      .post('/api/courses/recommend')
      .send({ skills: [' python ', 'SQL', 'sql', 'Kubernetes'] })
      .expect(200);
    const reply = recommendCoursesReplySchema.strict().parse(response.body);
    expect(reply.courses.map(({ id, coveredSkills, coverage }) => ({ id, coveredSkills, coverage }))).toEqual([
      { id: python.id, coveredSkills: ['Python', 'SQL'], coverage: 2 / 3 },
      { id: sql.id, coveredSkills: ['SQL'], coverage: 1 / 3 },
    ]);
    expect(courses.requestsOn(COURSES_SUBJECTS.RECOMMEND)[0].data).toEqual({ skills: ['python', 'SQL', 'Kubernetes'] });
  });

  it("answers 400 'Please provide at least one skill' for no, empty or blank skills, and forwards nothing", async () => {
    const agent = await asLearner();
    for (const body of [{ skills: [] }, {}, { skills: ['  ', ''] }, { skills: null }]) {
      const response = await agent.post('/api/courses/recommend').send(body).expect(400);
      expect(response.body).toEqual({ statusCode: 400, message: 'Please provide at least one skill' });
    }
    const tooMany = await agent
      .post('/api/courses/recommend')
      .send({ skills: Array.from({ length: 101 }, (_, index) => `Skill ${index}`) })
      .expect(400);
    expect(tooMany.body).toEqual({ statusCode: 400, message: 'skills: Please provide at most 100 skills' });
    expect(courses.received).toEqual([]);
  });

  it('needs a session', async () => {
    await request(platform.gateway.url).post('/api/courses/recommend').send({ skills: ['SQL'] }).expect(401);
    expect(courses.received).toEqual([]);
  });
});

const COURSE_FORM = {
  title: 'Data Storytelling',
  description: 'Turn analysis into a story people act on.',
  duration: '3 weeks',
  format: 'Online',
  departmentOwner: 'Data Office',
  color: 'purple',
  abbreviation: 'DST',
};

/** The first bytes are what the gateway checks; svc-courses reads the whole file. */
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n', 'latin1');
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

async function storedObjectNames(): Promise<string[]> {
  const bucket = await courses.objectStore();
  return (await bucket.list()).map((info) => info.name).sort();
}

async function storedUpload(objectName: string): Promise<Uint8Array | null> {
  const bucket = await courses.objectStore();
  return bucket.getBlob(objectName);
}

describe('POST /api/courses', () => {
  it('answers 403 to a learner, and svc-courses never hears of it', async () => {
    const agent = await asLearner();
    await agent.post('/api/courses').send(COURSE_FORM).expect(403);
    expect(courses.received).toEqual([]);
  });

  it("answers 400 in the spec's words for a missing field, and forwards nothing", async () => {
    const agent = await asAdmin();
    const response = await agent.post('/api/courses').send({ ...COURSE_FORM, departmentOwner: ' ' }).expect(400);
    expect(response.body).toEqual({ statusCode: 400, message: 'departmentOwner: Department is required' });
    expect(courses.received).toEqual([]);
  });

  it('creates the course as the admin who asked, with 6 modules of 4 lessons by default: 201 {course}', async () => {
    const agent = await asAdmin();
    const me = (await agent.get('/api/auth/user').expect(200)).body as { id: string };
    const response = await agent.post('/api/courses').send(COURSE_FORM).expect(201);
    const { course } = createCourseReplySchema.parse(response.body);
    expect(course.title).toBe('Data Storytelling');
    expect(course.modules).toHaveLength(6);
    expect(courses.requestsOn(COURSES_SUBJECTS.CREATE_COURSE)[0].data).toEqual({
      ...COURSE_FORM,
      numberOfModules: 6,
      lessonsPerModule: 4,
      createdBy: me.id,
    });
  });
});

describe('POST /api/courses/:id/add-modules', () => {
  it('adds 2 modules of 2 lessons by default for an admin; 403 for a learner; 404 for an unknown course', async () => {
    const course = courses.seed({ title: 'SQL Basics' }, 1, 2);
    await (await asLearner()).post(`/api/courses/${course.id}/add-modules`).send({}).expect(403);
    const agent = await asAdmin();
    const response = await agent.post(`/api/courses/${course.id}/add-modules`).send({}).expect(200);
    expect(addModulesReplySchema.parse(response.body)).toMatchObject({ modulesAdded: 2, lessonsAdded: 4 });
    expect(courses.requestsOn(COURSES_SUBJECTS.ADD_MODULES)[0].data).toEqual({ id: course.id, numberOfModules: 2, lessonsPerModule: 2 });
    await agent.post('/api/courses/00000000-0000-4000-8000-000000000001/add-modules').send({}).expect(404);
    await agent.post('/api/courses/not-a-uuid/add-modules').send({}).expect(404);
  });
});

describe('POST /api/courses/upload', () => {
  it("answers 400 'Please select a file to upload' without a file, 415 for a type it cannot import, and stores nothing", async () => {
    const agent = await asAdmin();
    const none = await agent.post('/api/courses/upload').field('title', 'x').expect(400);
    expect(none.body).toEqual({ statusCode: 400, message: 'Please select a file to upload' });
    const picture = await agent.post('/api/courses/upload').attach('file', PNG_BYTES, 'course.pdf').expect(415);
    expect(picture.body.message).toBe('"course.pdf" cannot be imported: choose a PDF, DOCX, PPTX or JSON file');
    await agent.post('/api/courses/upload').attach('file', Buffer.from('plain words'), 'notes.txt').expect(415);
    expect(courses.received).toEqual([]);
  });

  it('answers 413 naming the limit for a file over MAX_UPLOAD_BYTES', async () => {
    const agent = await asAdmin();
    const response = await agent
      .post('/api/courses/upload')
      .attach('file', Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024)]), 'big.pdf')
      .expect(413);
    expect(response.body).toEqual({ statusCode: 413, message: 'File is too large (max 10 MB)' });
    expect(courses.received).toEqual([]);
  });

  it('puts the file in the object store and answers 202 {task} in the uploading stage', async () => {
    const agent = await asAdmin();
    const response = await agent.post('/api/courses/upload').attach('file', PDF_BYTES, 'Safety handbook.pdf').expect(202);
    const { task } = courseCreationTaskReplySchema.parse(response.body);
    expect(task).toMatchObject({ stage: 'uploading', progress: 10, fileNames: ['Safety handbook.pdf'], courseId: null });
    const forwarded = startCourseCreationRequestSchema.parse(courses.requestsOn(COURSES_SUBJECTS.START_CREATION_TASK)[0].data);
    expect(forwarded).toMatchObject({ kind: 'import', useAIOrganization: false });
    expect(Buffer.from((await storedUpload(forwarded.files[0].objectName))!)).toEqual(PDF_BYTES);
  });

  it('removes the stored file again when svc-courses is away (503)', async () => {
    const before = await storedObjectNames();
    await courses.down();
    const agent = await asAdmin();
    const response = await agent.post('/api/courses/upload').attach('file', PDF_BYTES, 'a.pdf').expect(503);
    expect(response.body).toEqual({ statusCode: 503, message: 'courses is unavailable' });
    expect(await storedObjectNames()).toEqual(before);
  });
});

describe('POST /api/courses/create-with-files and /ai-generate-with-files', () => {
  it("answers 400 with the form's first problem, and stores nothing", async () => {
    const agent = await asAdmin();
    const response = await agent
      .post('/api/courses/create-with-files')
      .field('courseData', JSON.stringify({ ...COURSE_FORM, title: '' }))
      .attach('files', PDF_BYTES, 'a.pdf')
      .expect(400);
    expect(response.body).toEqual({ statusCode: 400, message: 'title: Title is required' });
    const notJson = await agent.post('/api/courses/create-with-files').field('courseData', '{').attach('files', PDF_BYTES, 'a.pdf').expect(400);
    expect(notJson.body.message).toBe('courseData must be the course form as JSON');
    expect(courses.received).toEqual([]);
  });

  it('answers 400, never a 500, for a request without any body or with a NUL character in the form, and stores nothing', async () => {
    const agent = await asAdmin();
    for (const route of ['/api/courses/create-with-files', '/api/courses/ai-generate-with-files']) {
      const empty = await agent.post(route).expect(400);
      expect(empty.body.statusCode).toBe(400);
    }
    // Escaped inside the form's JSON, the NUL appears once the JSON is read.
    const escaped = await agent
      .post('/api/courses/create-with-files')
      .field('courseData', JSON.stringify({ ...COURSE_FORM, title: 'Safety\u0000 first' }))
      .attach('files', PDF_BYTES, 'a.pdf')
      .expect(400);
    expect(escaped.body).toEqual({ statusCode: 400, message: NUL_CHARACTER_MESSAGE });
    // As a raw byte in a form field (multer reads it after the middleware has run), or in a file's name.
    const raw = await agent
      .post('/api/courses/create-with-files')
      .field('courseData', JSON.stringify(COURSE_FORM))
      .field('useAIOrganization', 'tr\u0000ue')
      .attach('files', PDF_BYTES, 'a.pdf')
      .expect(400);
    expect(raw.body).toEqual({ statusCode: 400, message: NUL_CHARACTER_MESSAGE });
    // busboy itself refuses a NUL in a part's header (it was a 500).
    const fileName = await agent.post('/api/courses/upload').attach('file', PDF_BYTES, 'hand\u0000book.pdf').expect(400);
    expect(fileName.body).toEqual({ statusCode: 400, message: 'The upload could not be read: Malformed part header' });
    expect(courses.received).toEqual([]);
  });

  it('keeps the course image and hands svc-courses the form with its address, the materials and the organisation choice', async () => {
    const agent = await asAdmin();
    const response = await agent
      .post('/api/courses/create-with-files')
      .field('courseData', JSON.stringify(COURSE_FORM))
      .field('useAIOrganization', 'true')
      .attach('files', PDF_BYTES, 'part-1.pdf')
      .attach('files', Buffer.from('# Part 2\n\nMore text.'), 'part-2.md')
      .attach('courseImage', PNG_BYTES, 'cover.png')
      .expect(202);
    expect(courseCreationTaskReplySchema.parse(response.body).task.fileNames).toEqual(['part-1.pdf', 'part-2.md']);
    const forwarded = startCourseCreationRequestSchema.parse(courses.requestsOn(COURSES_SUBJECTS.START_CREATION_TASK)[0].data);
    expect(forwarded).toMatchObject({ kind: 'create-with-files', useAIOrganization: true });
    expect(forwarded.courseData).toMatchObject({ ...COURSE_FORM, numberOfModules: 6, lessonsPerModule: 4 });
    const imageUrl = forwarded.courseData!.imageUrl!;
    expect(imageUrl).toMatch(/^\/api\/course-images\/[0-9a-f-]{36}$/);
    const image = await agent.get(imageUrl).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.from(image.body as Buffer)).toEqual(PNG_BYTES);
    await agent.get('/api/course-images/00000000-0000-4000-8000-000000000009').expect(404);
  });

  it('refuses a course image that is not an image (415)', async () => {
    const agent = await asAdmin();
    const response = await agent
      .post('/api/courses/create-with-files')
      .field('courseData', JSON.stringify(COURSE_FORM))
      .attach('files', PDF_BYTES, 'a.pdf')
      .attach('courseImage', PDF_BYTES, 'cover.png')
      .expect(415);
    expect(response.body.message).toBe('The course image must be a PNG, JPEG, GIF or WebP image');
  });

  it("completes the AI tab's fields as spec 001 section 5 says before forwarding", async () => {
    const agent = await asAdmin();
    await agent
      .post('/api/courses/ai-generate-with-files')
      .field('courseData', JSON.stringify({ description: 'Create a course on negotiation for buyers' }))
      .attach('files', PDF_BYTES, 'notes.pdf')
      .expect(202);
    const forwarded = startCourseCreationRequestSchema.parse(courses.requestsOn(COURSES_SUBJECTS.START_CREATION_TASK)[0].data);
    expect(forwarded.courseData).toMatchObject({
      title: 'Negotiation for Buyers',
      abbreviation: 'NFB',
      departmentOwner: 'AI Generated',
      color: 'purple',
      duration: '10-12 weeks',
    });
  });
});

describe('POST /api/course-images', () => {
  it('keeps an image for an admin and answers 201 {imageUrl}, which serves the image', async () => {
    const agent = await asAdmin();
    const response = await agent.post('/api/course-images').attach('courseImage', PNG_BYTES, 'cover.png').expect(201);
    const { imageUrl } = uploadCourseImageReplySchema.parse(response.body);
    const image = await agent.get(imageUrl).expect(200);
    expect(Buffer.from(image.body as Buffer)).toEqual(PNG_BYTES);
  });

  it('answers 400 without an image, 415 for a file that is not one, and 403 to a learner', async () => {
    const agent = await asAdmin();
    const none = await agent.post('/api/course-images').field('x', 'y').expect(400);
    expect(none.body).toEqual({ statusCode: 400, message: 'Please choose an image' });
    const notImage = await agent.post('/api/course-images').attach('courseImage', PDF_BYTES, 'cover.png').expect(415);
    expect(notImage.body).toEqual({ statusCode: 415, message: 'The course image must be a PNG, JPEG, GIF or WebP image' });
    await (await asLearner()).post('/api/course-images').attach('courseImage', PNG_BYTES, 'cover.png').expect(403);
  });
});

describe('GET /api/courses/creation-tasks/:id', () => {
  it("shows a task to the person who started it and to admins, and 404 to anyone else", async () => {
    const admin = await asAdmin();
    const adminId = ((await admin.get('/api/auth/user').expect(200)).body as { id: string }).id;
    const task = courses.seedTask({ id: '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b', kind: 'import', stage: 'chunking', createdBy: adminId, fileNames: ['a.pdf'] });
    const seen = await admin.get(`/api/courses/creation-tasks/${task.id}`).expect(200);
    expect(courseCreationTaskReplySchema.parse(seen.body).task).toMatchObject({ stage: 'chunking', progress: 45 });
    const learner = await asLearner();
    const hidden = await learner.get(`/api/courses/creation-tasks/${task.id}`).expect(404);
    expect(hidden.body).toEqual({ statusCode: 404, message: 'Course creation task not found' });
  });
});

describe('POST /api/courses/analyze-image', () => {
  it("passes svc-ai's 501 on when no vision model is configured", async () => {
    const agent = await asAdmin();
    const response = await agent.post('/api/courses/analyze-image').send({ image: PNG_BYTES.toString('base64'), title: 'Cover' }).expect(501);
    expect(response.body).toEqual({ statusCode: 501, message: IMAGE_ANALYSIS_OFFLINE_MESSAGE });
  });

  it('answers 400 for base64 that is not an image, or a data: address, without asking svc-ai to describe it', async () => {
    const agent = await asAdmin();
    const notImage = await agent.post('/api/courses/analyze-image').send({ image: PDF_BYTES.toString('base64') }).expect(400);
    expect(notImage.body.message).toBe('The file is not a PNG, JPEG, GIF or WebP image');
    await agent.post('/api/courses/analyze-image').send({ image: `data:image/png;base64,${PNG_BYTES.toString('base64')}` }).expect(400);
    // Only the admission (asked before any body is read) reached svc-ai.
    expect(ai.received.map((received) => received.subject)).toEqual([AI_GOVERNANCE_SUBJECTS.ADMIT, AI_GOVERNANCE_SUBJECTS.ADMIT]);
  });
});

describe('the OpenAPI document', () => {
  it('describes every course route', async () => {
    const document = (await request(platform.gateway.url).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(document.paths['/api/courses/{id}']).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(document.paths['/api/courses/{id}'].put.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404', '409']));
    expect(document.paths['/api/courses/{id}'].put.requestBody).toBeDefined();
    expect(Object.keys(document.paths['/api/courses/{id}/lessons/{lessonId}']).sort()).toEqual(['delete', 'put']);
    expect(Object.keys(document.paths['/api/courses/{id}/lessons/{lessonId}'].put.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404']));
    expect(Object.keys(document.paths['/api/courses/{id}'].delete.responses)).toEqual(
      expect.arrayContaining(['200', '403', '404']),
    );
    expect(Object.keys(document.paths['/api/courses/categories'])).toEqual(['get']);
    expect(Object.keys(document.paths['/api/courses/search'])).toEqual(['get']);
    expect(Object.keys(document.paths['/api/courses/search'].get.responses)).toEqual(expect.arrayContaining(['200', '400']));
    expect(Object.keys(document.paths['/api/courses/search/passages/{chunkId}'].get.responses)).toEqual(expect.arrayContaining(['200', '404']));
    expect(Object.keys(document.paths['/api/courses/recommend'])).toEqual(['post']);
    expect(Object.keys(document.paths['/api/courses/recommend'].post.responses)).toEqual(
      expect.arrayContaining(['200', '400']),
    );
    expect(document.paths['/api/courses/recommend'].post.requestBody).toBeDefined();
  });
});
