import { COURSE_COLORS } from '@masar/contracts';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Logger } from 'pino';
import { DataSource, EntityManager } from 'typeorm';
import { CourseModule } from '../courses/entities/course-module.entity';
import { Course } from '../courses/entities/course.entity';
import { Lesson } from '../courses/entities/lesson.entity';
import { reindexCourse } from '../course-search/course-search-index';
import {
  ExternalTrainingSeed,
  InternalCourseSeed,
  parseSeedFile,
  SeedFileKind,
} from './seed-file.schema';

export type CourseSeed =
  | { kind: 'internal'; file: string; course: InternalCourseSeed }
  | { kind: 'external'; file: string; course: ExternalTrainingSeed };

export interface SeedFileProblem {
  /** Relative to the seed folder, e.g. `internal/rest-api-design.json`. */
  file: string;
  problem: string;
}

export interface SeedFolderContents {
  seeds: CourseSeed[];
  invalidFiles: SeedFileProblem[];
}

export interface CatalogSeedReport {
  /** Slugs inserted by this run. */
  created: string[];
  /** Entries whose course was already there (from an earlier run or another instance). */
  alreadyPresent: number;
  invalidFiles: SeedFileProblem[];
  /** Slugs that failed to insert for another reason; the rest still went in. */
  failed: string[];
}

const SEED_FILE_KINDS: SeedFileKind[] = ['internal', 'external'];

/**
 * Reads and validates every `internal/*.json` and `external/*.json` of a seed folder. A file that
 * is unreadable or breaks the format is reported with its name and left out; a slug seen twice is
 * kept once (the first, in file name order).
 */
export async function readSeedFolder(folder: string): Promise<SeedFolderContents> {
  const seeds: CourseSeed[] = [];
  const invalidFiles: SeedFileProblem[] = [];
  const slugs = new Set<string>();
  for (const kind of SEED_FILE_KINDS) {
    const names = await listJsonFiles(join(folder, kind));
    for (const name of names) {
      const file = `${kind}/${name}`;
      let fileText: string;
      try {
        fileText = await readFile(join(folder, kind, name), 'utf8');
      } catch (error) {
        invalidFiles.push({ file, problem: `unreadable (${(error as Error).message})` });
        continue;
      }
      const parsed = parseSeedFile(kind, fileText);
      if (!parsed.ok) {
        invalidFiles.push({ file, problem: parsed.problem });
        continue;
      }
      const fresh = parsed.courses.filter((course) => !slugs.has(course.slug));
      if (fresh.length < parsed.courses.length) {
        const repeated = parsed.courses.filter((course) => slugs.has(course.slug)).map((course) => course.slug);
        invalidFiles.push({ file, problem: `slugs already used by another entry, left out: ${repeated.join(', ')}` });
      }
      for (const course of fresh) {
        slugs.add(course.slug);
        seeds.push(
          parsed.kind === 'internal'
            ? { kind: 'internal', file, course: course as InternalCourseSeed }
            : { kind: 'external', file, course: course as ExternalTrainingSeed },
        );
      }
    }
  }
  return { seeds, invalidFiles };
}

async function listJsonFiles(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    // A catalog without external entries (or the reverse) is still a catalog.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Loads the seed catalog into Postgres. Each course goes in with its modules and lessons in one
 * transaction; courses whose seed key is already there are left alone, so running it again, or
 * from two instances at once, creates each course exactly once (the unique seed key plus
 * ON CONFLICT DO NOTHING: the second inserter waits for the first and then inserts nothing).
 */
export class CatalogSeeder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
  ) {}

  /** `stop` ends the run after the course in hand (the service is shutting down). */
  async seedFrom(folder: string, stop?: AbortSignal): Promise<CatalogSeedReport> {
    const { seeds, invalidFiles } = await readSeedFolder(folder);
    for (const invalid of invalidFiles) {
      this.logger.warn(invalid, `skipped course seed file ${invalid.file}: it does not match the seed format`);
    }
    const present = await this.presentSeedKeys(seeds.map((seed) => seed.course.slug));
    const report: CatalogSeedReport = { created: [], alreadyPresent: present.size, invalidFiles, failed: [] };

    for (const seed of seeds.filter((candidate) => !present.has(candidate.course.slug))) {
      if (stop?.aborted) break;
      try {
        const inserted = await this.dataSource.transaction((manager) => insertSeed(manager, seed));
        if (inserted) report.created.push(seed.course.slug);
        else report.alreadyPresent += 1;
      } catch (error) {
        report.failed.push(seed.course.slug);
        this.logger.error({ err: error, file: seed.file, slug: seed.course.slug }, 'could not insert a seed course');
      }
    }
    this.logger.info(
      {
        folder,
        created: report.created.length,
        alreadyPresent: report.alreadyPresent,
        invalidFiles: invalidFiles.length,
        failed: report.failed.length,
      },
      'course catalog seeded',
    );
    return report;
  }

  private async presentSeedKeys(slugs: string[]): Promise<Set<string>> {
    if (slugs.length === 0) return new Set();
    const rows = await this.dataSource
      .getRepository(Course)
      .createQueryBuilder('course')
      .select('course.seedKey', 'seedKey')
      .where('course.seedKey = ANY(:slugs)', { slugs })
      .getRawMany<{ seedKey: string }>();
    return new Set(rows.map((row) => row.seedKey));
  }
}

/** Inserts one course with its modules and lessons; false when its seed key was taken meanwhile. */
async function insertSeed(manager: EntityManager, seed: CourseSeed): Promise<boolean> {
  const inserted = await manager
    .createQueryBuilder()
    .insert()
    .into(Course)
    .values(courseRowOf(seed))
    .orIgnore()
    .returning(['id'])
    .updateEntity(false)
    .execute();
  const rows = inserted.raw as Array<{ id: string }>;
  if (rows.length === 0) return false;
  const courseId = rows[0].id;
  if (seed.kind === 'external') {
    await reindexCourse(manager, courseId);
    return true;
  }

  const modules = seed.course.modules;
  const moduleRows = await manager
    .createQueryBuilder()
    .insert()
    .into(CourseModule)
    .values(modules.map((module, position) => ({ courseId, position, title: module.title, description: module.description })))
    .returning(['id', 'position'])
    .updateEntity(false)
    .execute();
  const moduleIdAt = new Map((moduleRows.raw as Array<{ id: string; position: number }>).map((row) => [row.position, row.id]));

  const lessons = modules.flatMap((module, modulePosition) =>
    module.lessons.map((lesson, position) => ({
      moduleId: moduleIdAt.get(modulePosition) as string,
      position,
      title: lesson.title,
      duration: lesson.duration,
      type: lesson.type,
      content: lesson.content,
      keyPoints: lesson.keyPoints,
      activities: lesson.activities,
    })),
  );
  await manager.createQueryBuilder().insert().into(Lesson).values(lessons).updateEntity(false).execute();
  await reindexCourse(manager, courseId);
  return true;
}

function courseRowOf(seed: CourseSeed): Partial<Course> {
  const shared = {
    seedKey: seed.course.slug,
    title: seed.course.title,
    titleAr: seed.course.titleAr,
    description: seed.course.description,
    descriptionAr: seed.course.descriptionAr,
    duration: seed.course.duration,
    format: seed.course.format,
    level: seed.course.level,
    category: seed.course.category,
    skills: seed.course.skills,
    estimatedHours: seed.course.estimatedHours,
    // External entries describe a provider's English catalog page.
    language: seed.kind === 'internal' ? seed.course.language : 'en',
    kind: seed.kind,
    createdBy: null,
    // The seed is the catalog learners have always seen: published as it is written. External training
    // is a provider's catalog entry mirrored here (nothing of ours to finish), so it is published too.
    status: 'published' as const,
    publishedAt: new Date(),
  };
  if (seed.kind === 'internal') {
    const course = seed.course;
    return {
      ...shared,
      objective: course.objective,
      departmentOwner: course.departmentOwner,
      color: course.color,
      abbreviation: course.abbreviation,
      prerequisites: course.prerequisites,
    };
  }
  const entry = seed.course;
  return {
    ...shared,
    objective: null,
    // The card's department badge shows who offers external training.
    departmentOwner: entry.provider,
    color: colorForCategory(entry.category),
    abbreviation: abbreviationOf(entry.title),
    prerequisites: [],
    provider: entry.provider,
    url: entry.url,
  };
}

/** The same category always gets the same card color. */
export function colorForCategory(category: string): (typeof COURSE_COLORS)[number] {
  let hash = 0;
  for (const character of category) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return COURSE_COLORS[hash % COURSE_COLORS.length];
}

/** Initials of the title's words, at most four, e.g. "AWS Cloud Practitioner Essentials" → "ACPE". */
export function abbreviationOf(title: string): string {
  const initials = title
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !['and', 'of', 'the', 'for', 'to', 'with', 'in', 'a', 'an'].includes(word.toLowerCase()))
    .map((word) => word[0].toUpperCase())
    .join('');
  return initials.slice(0, 4) || 'EXT';
}
