// The data half of `npm run bench:courses`: fills svc-courses' schema (after its migrations ran) with
// a large catalog straight in SQL (INSERT ... SELECT generate_series), so the benchmark measures the
// service against realistic volumes. Skill names come from svc-ai's taxonomy, lesson and module texts
// from the seed catalog (real ~1,200-character lessons), so row sizes match what people create.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const TAXONOMY_DIR = path.join(ROOT, 'svc-ai/src/skills/taxonomy/data');
const SEED_DIR = path.join(ROOT, 'svc-courses/src/catalog/seed-data');

/** The catalog category a taxonomy domain's courses go in (contracts' COURSE_CATEGORIES). */
const CATEGORY_OF_DOMAIN = {
  communication: 'Communication',
  'leadership-teamwork': 'Leadership',
  'self-management': 'Personal Development',
  thinking: 'Personal Development',
  'data-protection': 'Work Skills',
  'ethics-regulatory': 'Work Skills',
  'financial-regulation': 'Finance',
  'health-safety-environment': 'Operations',
  'information-security': 'Digital Literacy',
  'quality-standards': 'Quality Assurance',
  'business-analysis': 'Data Analysis',
  customer: 'Customer Service',
  finance: 'Finance',
  'healthcare-education': 'Work Skills',
  'hospitality-services': 'Customer Service',
  hr: 'Human Resources',
  languages: 'Communication',
  'legal-admin': 'Work Skills',
  'marketing-sales': 'Marketing',
  'operations-supply-chain': 'Operations',
  'product-project': 'Project Management',
  'cloud-devops': 'Cloud & DevOps',
  'data-ai': 'Data Science',
  'design-tools': 'Design',
  engineering: 'Software Engineering',
  'enterprise-systems': 'Basic Technology',
  'it-infrastructure': 'Basic Technology',
  'office-tools': 'Microsoft Excel',
  programming: 'Software Engineering',
  security: 'Software Engineering',
  'software-testing': 'Quality Assurance',
  'web-mobile': 'Software Engineering',
};

/** Every taxonomy domain with its skills' English and Arabic names. */
function readTaxonomyDomains() {
  const files = fs.readdirSync(TAXONOMY_DIR).filter((file) => file.endsWith('.json')).sort();
  if (files.length === 0) throw new Error(`no taxonomy files under ${TAXONOMY_DIR}`);
  return files.map((file) => {
    const { domain, skills } = JSON.parse(fs.readFileSync(path.join(TAXONOMY_DIR, file), 'utf8'));
    return {
      domain,
      category: CATEGORY_OF_DOMAIN[domain] ?? 'Work Skills',
      names: skills.map((skill) => skill.name),
      namesAr: skills.map((skill) => skill.nameAr),
    };
  });
}

/** The seed catalog's English internal courses: the source of module and lesson texts (the generated courses are English). */
function readSeedTexts() {
  const dir = path.join(SEED_DIR, 'internal');
  const modules = [];
  const lessons = [];
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
    const course = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    if ((course.language ?? 'en') !== 'en') continue;
    for (const module of course.modules) {
      modules.push({ title: module.title, description: module.description });
      for (const lesson of module.lessons) {
        lessons.push({
          title: lesson.title,
          type: lesson.type,
          duration: lesson.duration,
          content: lesson.content,
          keyPoints: lesson.keyPoints ?? [],
          activities: lesson.activities ?? [],
        });
      }
    }
  }
  if (lessons.length === 0) throw new Error(`no seed lessons under ${dir}`);
  return { modules, lessons };
}

/** How many catalog rows the boot-time seeding writes: one per internal file, one per external entry. */
function expectedSeedCourseCount() {
  const internal = fs.readdirSync(path.join(SEED_DIR, 'internal')).filter((name) => name.endsWith('.json')).length;
  const externalDir = path.join(SEED_DIR, 'external');
  const external = fs
    .readdirSync(externalDir)
    .filter((name) => name.endsWith('.json'))
    .reduce((sum, name) => sum + JSON.parse(fs.readFileSync(path.join(externalDir, name), 'utf8')).length, 0);
  return internal + external;
}

const TITLE_PATTERNS = [
  'Introduction to %s',
  '%s Fundamentals',
  'Practical %s',
  '%s in Practice',
  'Applied %s for Teams',
  '%s for Managers',
  'Advanced %s Workshop',
  '%s: From Basics to Confidence',
  'Getting Results with %s',
  '%s Essentials',
];

/** Scratch tables of the generator; a schema of its own in the benchmark database, dropped when done. */
const SCRATCH = '"bench_generator"';

/** A non-negative hash of a uuid, to spread texts and partitions over rows (abs() would overflow on -2^31). */
const hashOf = (column) => `(hashtext(${column}::text) & 2147483647)`;

/**
 * Writes `courses` bulk courses (seed_key NULL, kind internal), each with `modulesPerCourse` modules
 * of `lessonsPerModule` lessons, with INSERT ... SELECT generate_series, then VACUUM ANALYZE and a
 * checkpoint so the timings start from a settled database. Lessons are the slow part (their generated
 * full-text column runs to_tsvector on every one), so they go in on `parallelism` connections at once,
 * each taking the modules of one hash partition. Reproducible: the random choices follow setseed.
 */
async function generateBulkCatalog(client, { courses, modulesPerCourse, lessonsPerModule, connect, parallelism = 2 }) {
  const domains = readTaxonomyDomains();
  const texts = readSeedTexts();
  const timings = {};
  const timed = async (name, work) => {
    const startedAt = performance.now();
    await work();
    timings[name] = (performance.now() - startedAt) / 1000;
  };

  await client.query(`DROP SCHEMA IF EXISTS ${SCRATCH} CASCADE`);
  await client.query(`CREATE SCHEMA ${SCRATCH}`);
  await client.query(
    `CREATE TABLE ${SCRATCH}.domains AS
     SELECT (n - 1)::int AS idx, d->>'category' AS category,
            ARRAY(SELECT jsonb_array_elements_text(d->'names')) AS names,
            ARRAY(SELECT jsonb_array_elements_text(d->'namesAr')) AS names_ar
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(d, n)`,
    [JSON.stringify(domains)],
  );
  await client.query(
    `CREATE TABLE ${SCRATCH}.module_texts AS
     SELECT (n - 1)::int AS idx, m->>'title' AS title, m->>'description' AS description
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(m, n)`,
    [JSON.stringify(texts.modules)],
  );
  await client.query(
    `CREATE TABLE ${SCRATCH}.lesson_texts AS
     SELECT (n - 1)::int AS idx, l->>'title' AS title, (l->>'type')::"courses"."lesson_type" AS type,
            l->>'duration' AS duration, l->>'content' AS content,
            ARRAY(SELECT jsonb_array_elements_text(l->'keyPoints')) AS key_points,
            ARRAY(SELECT jsonb_array_elements_text(l->'activities')) AS activities
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(l, n)`,
    [JSON.stringify(texts.lessons)],
  );
  for (const table of ['domains', 'module_texts', 'lesson_texts']) {
    await client.query(`ALTER TABLE ${SCRATCH}.${table} ADD PRIMARY KEY (idx)`);
  }

  await client.query('SELECT setseed(0.42)');
  // Each course takes 3-6 skills from one taxonomy domain (the LIMIT names g, so the sub-select runs per
  // row); created_at goes back 53 minutes per course, about a year in all, so "newest first" is real.
  await timed('courses', () =>
    client.query(
      `INSERT INTO "courses"."courses"
         (title, title_ar, description, description_ar, objective, duration, format, department_owner, color,
          abbreviation, prerequisites, skills, level, category, language, kind, estimated_hours,
          seed_key, created_at, updated_at)
       SELECT format(($2::text[])[1 + g % array_length($2::text[], 1)], s.skills[1]),
              'أساسيات ' || s.lead_ar,
              format('A %s course on %s. Learners work through short readings, worked examples and practice '
                     'exercises drawn from everyday work, then apply %s to a case from their own team. '
                     'Each module ends with a quiz that checks the key ideas before moving on.',
                     s.level, array_to_string(s.skills, ', '), s.skills[1]),
              'دورة تطبيقية تغطي ' || s.lead_ar || ' من خلال قراءات قصيرة وأمثلة عملية وتمارين من بيئة العمل.',
              format('Apply %s confidently in day-to-day work.', s.skills[1]),
              (2 + g % 7) || ' weeks',
              (ARRAY['online', 'hybrid', 'in-person', 'self-paced'])[1 + g % 4],
              (ARRAY['Learning & Development', 'Human Resources', 'IT', 'Finance', 'Operations', 'Sales', 'Marketing'])[1 + g % 7],
              (ARRAY['blue', 'green', 'purple', 'red', 'yellow', 'orange', 'pink', 'indigo'])[1 + g % 8],
              upper(left(regexp_replace(s.skills[1], '[^A-Za-z]', '', 'g') || 'CRS', 3)) || '-' || (100 + g % 400),
              CASE WHEN g % 5 = 0 THEN ARRAY['Basic computer literacy'] ELSE '{}'::text[] END,
              s.skills,
              s.level::"courses"."course_level",
              s.category,
              'en',
              'internal',
              (4 + g % 37 * 0.5)::numeric(6,1),
              NULL,
              now() - make_interval(mins => g * 53),
              now() - make_interval(mins => g * 53)
         FROM (
           SELECT g, d.category,
                  (ARRAY['beginner', 'intermediate', 'advanced'])[1 + g % 3] AS level,
                  picked.skills,
                  d.names_ar[array_position(d.names, picked.skills[1])] AS lead_ar
             FROM generate_series(1, $1::int) AS g
             JOIN ${SCRATCH}.domains d ON d.idx = g % (SELECT count(*) FROM ${SCRATCH}.domains)
            CROSS JOIN LATERAL (
              SELECT ARRAY(SELECT name FROM unnest(d.names) AS name ORDER BY random() LIMIT 3 + g % 4) AS skills
            ) picked
         ) s`,
      [courses, TITLE_PATTERNS],
    ),
  );
  await timed('modules', () =>
    client.query(
      `INSERT INTO "courses"."modules" (course_id, position, title, description)
       SELECT c.id, p, t.title, t.description
         FROM "courses"."courses" c
        CROSS JOIN generate_series(0, $1::int - 1) AS p
         JOIN ${SCRATCH}.module_texts t ON t.idx = (${hashOf('c.id')} + p) % (SELECT count(*) FROM ${SCRATCH}.module_texts)
        WHERE c.seed_key IS NULL`,
      [modulesPerCourse],
    ),
  );
  await timed(`lessons (${parallelism} connections)`, () =>
    Promise.all(
      Array.from({ length: parallelism }, async (_, partition) => {
        const worker = connect();
        await worker.connect();
        try {
          await worker.query(
            `INSERT INTO "courses"."lessons" (module_id, position, title, duration, type, content, key_points, activities)
             SELECT m.id, p, t.title, t.duration, t.type, t.content, t.key_points, t.activities
               FROM "courses"."modules" m
               JOIN "courses"."courses" c ON c.id = m.course_id AND c.seed_key IS NULL
              CROSS JOIN generate_series(0, $1::int - 1) AS p
               JOIN ${SCRATCH}.lesson_texts t ON t.idx = (${hashOf('m.id')} + p * 7) % (SELECT count(*) FROM ${SCRATCH}.lesson_texts)
              WHERE ${hashOf('m.id')} % $2::int = $3::int`,
            [lessonsPerModule, parallelism, partition],
          );
        } finally {
          await worker.end();
        }
      }),
    ),
  );
  await client.query(`DROP SCHEMA ${SCRATCH} CASCADE`);
  await timed('vacuum analyze', () => client.query('VACUUM (ANALYZE) "courses"."courses", "courses"."modules", "courses"."lessons"'));
  // Flushes the freshly written pages now rather than during the timings (needs a superuser or pg_checkpoint).
  await timed('checkpoint', () => client.query('CHECKPOINT').catch(() => undefined));
  return { domains, timings };
}

/** Row counts and sizes of the catalog tables, for the report. */
async function catalogCounts(client) {
  const { rows } = await client.query(`
    SELECT (SELECT count(*) FROM "courses"."courses")::int AS courses,
           (SELECT count(*) FROM "courses"."courses" WHERE seed_key IS NULL)::int AS bulk_courses,
           (SELECT count(*) FROM "courses"."courses" WHERE seed_key IS NOT NULL)::int AS seed_courses,
           (SELECT count(*) FROM "courses"."modules")::int AS modules,
           (SELECT count(*) FROM "courses"."lessons")::int AS lessons,
           (SELECT round(avg(length(content)))::int FROM "courses"."lessons") AS avg_lesson_chars,
           pg_size_pretty(pg_total_relation_size('"courses"."lessons"')) AS lessons_size,
           pg_size_pretty(pg_database_size(current_database())) AS database_size`);
  return rows[0];
}

module.exports = { generateBulkCatalog, catalogCounts, expectedSeedCourseCount, readTaxonomyDomains };
