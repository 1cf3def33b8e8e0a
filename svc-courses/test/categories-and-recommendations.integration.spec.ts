import {
  courseCategoriesReplySchema,
  COURSES_SUBJECTS,
  errorReplySchema,
  findPathCandidatesReplySchema,
  MAX_COURSES_PER_CATEGORY,
  MAX_RECOMMENDED_COURSES,
  READY_AI_CATEGORIES,
  recommendCoursesReplySchema,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { bootstrap } from '../src/main';
import { insertCourseRow } from './support/course-rows.factory';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, LogCapture, requestOverNats } from '@masar/contracts/service-kit/testing';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

describe('svc-courses categories and recommendations on real NATS and Postgres', () => {
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_recommend');
    // Only the rows each test inserts: the seed catalog has its own tests.
    app = await bootstrap(
      { NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: 'warn', SEED_COURSE_CATALOG: 'false' },
      new LogCapture(),
    );
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  beforeEach(async () => {
    await sql.query('DELETE FROM courses.courses');
  });

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await database?.drop();
  });

  async function listCategories() {
    const reply = await requestOverNats(nats, COURSES_SUBJECTS.LIST_CATEGORIES, {});
    return courseCategoriesReplySchema.parse(reply.response).categories;
  }

  async function recommend(skills: unknown) {
    return requestOverNats(nats, COURSES_SUBJECTS.RECOMMEND, { skills });
  }

  async function recommended(skills: string[]) {
    const reply = await recommend(skills);
    return recommendCoursesReplySchema.parse(reply.response).courses;
  }

  describe(COURSES_SUBJECTS.LIST_CATEGORIES, () => {
    it('lists the eleven Ready AI categories in order, each with its courses and an empty list when it has none', async () => {
      const external = await insertCourseRow(sql, {
        title: 'Business Writing (Coursera)',
        category: 'Communication',
        kind: 'external',
        level: 'beginner',
        duration: '3 weeks',
      });
      const advanced = await insertCourseRow(sql, { title: 'Speaking to Executives', category: 'Communication', level: 'advanced' });
      const beginner = await insertCourseRow(sql, {
        title: 'Effective Business Communication',
        description: 'Write and speak clearly at work.',
        category: 'Communication',
        level: 'beginner',
        duration: '6 weeks',
      });
      const unrated = await insertCourseRow(sql, { title: 'Active Listening', category: 'Communication', level: null });
      const excel = await insertCourseRow(sql, { title: 'Excel Essentials', category: 'Microsoft Excel', level: 'beginner' });
      // Categories outside the eleven, and courses without one, are not offered.
      await insertCourseRow(sql, { title: 'SEO and Content Marketing', category: 'Marketing', level: 'intermediate' });
      await insertCourseRow(sql, { title: 'Uncategorised', category: null });

      const categories = await listCategories();
      expect(categories.map((category) => category.name)).toEqual([...READY_AI_CATEGORIES]);
      expect(categories.map((category) => category.name)).toEqual([
        'Personal Development',
        'Work Skills',
        'Basic Technology',
        'Communication',
        'Leadership',
        'Project Management',
        'Data Analysis',
        'Customer Service',
        'Microsoft Excel',
        'PowerPoint',
        'Digital Literacy',
      ]);

      const communication = categories.find((category) => category.name === 'Communication');
      // Internal courses first, beginner to advanced (unrated last), then the external ones.
      expect(communication?.courses.map((course) => course.id)).toEqual([beginner, advanced, unrated, external]);
      expect(communication?.courses[0]).toEqual({
        id: beginner,
        title: 'Effective Business Communication',
        description: 'Write and speak clearly at work.',
        level: 'beginner',
        duration: '6 weeks',
      });
      expect(communication?.courses[2].level).toBeNull();
      expect(categories.find((category) => category.name === 'Microsoft Excel')?.courses.map((course) => course.id)).toEqual([excel]);

      const empty = categories.filter((category) => !['Communication', 'Microsoft Excel'].includes(category.name));
      expect(empty).toHaveLength(9);
      for (const category of empty) expect(category.courses).toEqual([]);
    });

    it(`keeps at most ${MAX_COURSES_PER_CATEGORY} courses in a category`, async () => {
      await sql.query(
        `INSERT INTO courses.courses (title, description, duration, format, department_owner, color, abbreviation, category, status)
         SELECT 'Digital Basics ' || lpad(n::text, 3, '0'), 'Everyday digital skills.', '1 week', 'Online', 'IT', 'green', 'DB',
                'Digital Literacy', 'published'
           FROM generate_series(1, $1::int) AS n`,
        [MAX_COURSES_PER_CATEGORY + 5],
      );
      const digital = (await listCategories()).find((category) => category.name === 'Digital Literacy');
      expect(digital?.courses).toHaveLength(MAX_COURSES_PER_CATEGORY);
      expect(digital?.courses[0].title).toBe('Digital Basics 001');
    });
  });

  describe(COURSES_SUBJECTS.RECOMMEND, () => {
    it('ranks courses by how many of the skills they cover, with the skills each covers; courses covering none are left out', async () => {
      const three = await insertCourseRow(sql, { title: 'Python for Data Analysis', skills: ['Python', 'SQL', 'Data Analysis', 'Pandas'] });
      const two = await insertCourseRow(sql, { title: 'SQL and Relational Databases', skills: ['SQL', 'Data Analysis', 'PostgreSQL'] });
      const one = await insertCourseRow(sql, { title: 'Excel Essentials', skills: ['Microsoft Excel', 'Data Analysis'] });
      await insertCourseRow(sql, { title: 'Leading Teams', skills: ['Leadership', 'Coaching'] });
      await insertCourseRow(sql, { title: 'No skills yet' });

      const courses = await recommended(['Data Analysis', 'SQL', 'Python', 'Kubernetes']);
      expect(courses.map((course) => course.id)).toEqual([three, two, one]);
      expect(courses.map(({ coveredSkills, coverage }) => ({ coveredSkills, coverage }))).toEqual([
        // In the order they were asked for.
        { coveredSkills: ['Data Analysis', 'SQL', 'Python'], coverage: 0.75 },
        { coveredSkills: ['Data Analysis', 'SQL'], coverage: 0.5 },
        { coveredSkills: ['Data Analysis'], coverage: 0.25 },
      ]);
      // A full course summary comes with each.
      expect(courses[0]).toMatchObject({
        title: 'Python for Data Analysis',
        skills: ['Python', 'SQL', 'Data Analysis', 'Pandas'],
        kind: 'internal',
        duration: '4 weeks',
      });
    });

    it('breaks ties internal before external, then fewer estimated hours (unknown hours last)', async () => {
      const externalShort = await insertCourseRow(sql, { title: 'A Scrum Course', skills: ['Agile', 'Scrum'], kind: 'external', estimatedHours: 2 });
      const internalLong = await insertCourseRow(sql, { title: 'B Agile in Practice', skills: ['Agile', 'Scrum'], estimatedHours: 20 });
      const internalShort = await insertCourseRow(sql, { title: 'C Scrum Basics', skills: ['Agile', 'Scrum'], estimatedHours: 4.5 });
      const internalUnknown = await insertCourseRow(sql, { title: 'D Agile Teams', skills: ['Agile', 'Scrum'], estimatedHours: null });
      const externalLong = await insertCourseRow(sql, { title: 'E Agile PM', skills: ['Scrum', 'Agile'], kind: 'external', estimatedHours: 30 });
      const oneSkill = await insertCourseRow(sql, { title: 'F Kanban', skills: ['Agile'], estimatedHours: 1 });

      const courses = await recommended(['Agile', 'Scrum']);
      expect(courses.map((course) => course.id)).toEqual([
        internalShort,
        internalLong,
        internalUnknown,
        externalShort,
        externalLong,
        oneSkill,
      ]);
      expect(courses[4].coveredSkills).toEqual(['Agile', 'Scrum']);
      expect(courses[5].coverage).toBe(0.5);
    });

    it('matches skill names ignoring case, answers with the taxonomy spelling, and counts a repeated skill once', async () => {
      const course = await insertCourseRow(sql, { title: 'TypeScript for Backend Services', skills: ['TypeScript', 'Node.js', 'REST APIs'] });

      const courses = await recommended(['node.JS', 'TYPESCRIPT', 'typescript', '  rest apis  ']);
      expect(courses).toHaveLength(1);
      expect(courses[0]).toMatchObject({ id: course, coveredSkills: ['Node.js', 'TypeScript', 'REST APIs'], coverage: 1 });
    });

    it('answers an empty list when no course covers any of the skills', async () => {
      await insertCourseRow(sql, { title: 'Excel Essentials', skills: ['Microsoft Excel'] });
      expect(await recommended(['Underwater Basket Weaving', 'Quantum Chromodynamics'])).toEqual([]);
      // A substring of a skill is not the skill.
      expect(await recommended(['Excel'])).toEqual([]);
    });

    it(`answers at most ${MAX_RECOMMENDED_COURSES} courses`, async () => {
      for (let index = 0; index < MAX_RECOMMENDED_COURSES + 3; index += 1) {
        await insertCourseRow(sql, { title: `Power BI ${index}`, skills: ['Power BI'], estimatedHours: index });
      }
      const courses = await recommended(['power bi']);
      expect(courses).toHaveLength(MAX_RECOMMENDED_COURSES);
      expect(courses.map((course) => course.estimatedHours)).toEqual([...Array(MAX_RECOMMENDED_COURSES).keys()]);
    });

    it('refuses an empty or all-blank list, or more than 100 skills, with a 400', async () => {
      await insertCourseRow(sql, { title: 'Excel Essentials', skills: ['Microsoft Excel'] });
      for (const skills of [[], ['  ', ''], undefined]) {
        const reply = await recommend(skills);
        expect(reply.response).toBeUndefined();
        expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 400, message: 'skills: Please provide at least one skill' });
      }
      const tooMany = await recommend(Array.from({ length: 101 }, (_, index) => `Skill ${index}`));
      expect(errorReplySchema.parse(tooMany.err)).toEqual({ statusCode: 400, message: 'skills: Please provide at most 100 skills' });
    });
  });
  describe(COURSES_SUBJECTS.FIND_PATH_CANDIDATES, () => {
    // svc-progress asks this while it plans a path, signed in as itself.
    let progress: NatsConnection;

    beforeAll(async () => {
      progress = await connectToNatsAs('progress');
    });

    afterAll(async () => {
      await progress?.drain();
    });

    async function candidatesFor(skills: unknown) {
      return requestOverNats(progress, COURSES_SUBJECTS.FIND_PATH_CANDIDATES, { skills });
    }

    it('answers every course teaching any of the skills (ignoring case), with what a planner needs; courses without hours are left out', async () => {
      const python = await insertCourseRow(sql, {
        title: 'Python for Data Analysis',
        titleAr: 'بايثون لتحليل البيانات',
        skills: ['Python', 'SQL'],
        level: 'intermediate',
        estimatedHours: 12.5,
        prerequisites: ['Basic statistics'],
      });
      const coursera = await insertCourseRow(sql, {
        title: 'Databases and SQL',
        skills: ['sql'],
        kind: 'external',
        level: null,
        estimatedHours: 20,
      });
      await insertCourseRow(sql, { title: 'Leading Teams', skills: ['Leadership'], estimatedHours: 6 });
      await insertCourseRow(sql, { title: 'SQL without hours', skills: ['SQL'], estimatedHours: null });

      const reply = await candidatesFor(['SQL', 'Kubernetes']);
      const courses = findPathCandidatesReplySchema.parse(reply.response).courses;
      expect(courses.map((course) => course.id).sort()).toEqual([python, coursera].sort());
      expect(courses.find((course) => course.id === python)).toEqual({
        id: python,
        title: 'Python for Data Analysis',
        titleAr: 'بايثون لتحليل البيانات',
        abbreviation: 'CRS',
        kind: 'internal',
        provider: null,
        url: null,
        level: 'intermediate',
        estimatedHours: 12.5,
        skills: ['Python', 'SQL'],
        prerequisites: ['Basic statistics'],
      });
      expect(courses.find((course) => course.id === coursera)).toMatchObject({ kind: 'external', provider: 'Coursera', level: null });
    });

    it('answers an empty list when no course teaches the skills, and a 400 for no skills', async () => {
      await insertCourseRow(sql, { title: 'Leading Teams', skills: ['Leadership'], estimatedHours: 6 });
      const none = await candidatesFor(['Beekeeping']);
      expect(findPathCandidatesReplySchema.parse(none.response).courses).toEqual([]);
      const empty = await candidatesFor([]);
      expect(errorReplySchema.parse(empty.err).statusCode).toBe(400);
    });
  });
});
