import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CourseSeed, readSeedFolder } from '../src/catalog/catalog-seed';
import { isMostlyArabic } from '../src/documents/sentence-analysis';
import type { ReviewedCourse } from '../src/quality/checks/course-check';
import { reviewCourse } from '../src/quality/checks/quality-checks';

/**
 * A data check on the REAL seed catalog shipped in src/catalog/seed-data (the fixtures test the
 * loader): every file parses, the catalog is big enough, lessons carry real text, every module
 * ends with a quiz, every skill is a canonical name of svc-ai's taxonomy, the Arabic courses are
 * Arabic throughout, and the quality review that runs over the catalog at first start finds nothing
 * critical in it (and nothing at all in the Arabic courses).
 */
const SEED_DIR = join(__dirname, '..', 'src', 'catalog', 'seed-data');
const TAXONOMY_DIR = join(__dirname, '..', '..', 'svc-ai', 'src', 'skills', 'taxonomy', 'data');

function taxonomySkillNames(): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(TAXONOMY_DIR).filter((name) => name.endsWith('.json'))) {
    const domain = JSON.parse(readFileSync(join(TAXONOMY_DIR, file), 'utf8')) as { skills: Array<{ name: string }> };
    for (const skill of domain.skills) names.add(skill.name);
  }
  return names;
}

const wordCount = (text: string) => text.split(/\s+/).filter((word) => word.length > 0).length;

type InternalSeed = Extract<CourseSeed, { kind: 'internal' }>;

/** A seed course as the quality review reads it once it is stored. */
function reviewedCourseOf({ course }: InternalSeed): ReviewedCourse {
  return {
    id: course.slug,
    title: course.title,
    description: course.description,
    objective: course.objective,
    titleAr: course.titleAr,
    descriptionAr: course.descriptionAr,
    language: course.language,
    estimatedHours: course.estimatedHours,
    modules: course.modules.map((module, moduleIndex) => ({
      id: `${course.slug}/${moduleIndex + 1}`,
      title: module.title,
      description: module.description,
      lessons: module.lessons.map((lesson, lessonIndex) => ({ id: `${course.slug}/${moduleIndex + 1}/${lessonIndex + 1}`, ...lesson })),
    })),
  };
}

async function internalSeeds(): Promise<InternalSeed[]> {
  const { seeds } = await readSeedFolder(SEED_DIR);
  return seeds.filter((seed): seed is InternalSeed => seed.kind === 'internal');
}

describe('the shipped seed catalog', () => {
  it('is complete, well-formed and uses only taxonomy skills', async () => {
    const { seeds, invalidFiles } = await readSeedFolder(SEED_DIR);
    const problems: string[] = invalidFiles.map((invalid) => `${invalid.file}: ${invalid.problem}`);
    const skillNames = taxonomySkillNames();

    const internal = seeds.filter((seed) => seed.kind === 'internal');
    const external = seeds.filter((seed) => seed.kind === 'external');
    if (internal.length < 40) problems.push(`only ${internal.length} internal courses, at least 40 are needed`);
    if (external.length < 150) problems.push(`only ${external.length} external entries, at least 150 are needed`);

    for (const seed of seeds) {
      const where = `${seed.file} (${seed.course.slug})`;
      for (const skill of seed.course.skills) {
        if (!skillNames.has(skill)) problems.push(`${where}: "${skill}" is not a taxonomy skill name`);
      }
      if (seed.kind !== 'internal') continue;
      if (seed.file !== `internal/${seed.course.slug}.json`) problems.push(`${where}: the file is not named after its slug`);
      seed.course.modules.forEach((module, index) => {
        const last = module.lessons[module.lessons.length - 1];
        if (last.type !== 'quiz') problems.push(`${where}: module ${index + 1} does not end with a quiz`);
        for (const lesson of module.lessons) {
          const words = wordCount(lesson.content);
          if ((lesson.type === 'reading' || lesson.type === 'video') && words < 150) {
            problems.push(`${where}: lesson "${lesson.title}" has ${words} words, at least 150 are needed`);
          }
        }
      });
    }
    // Repeated slugs are reported by readSeedFolder as invalid files, so `problems` covers uniqueness.
    expect(problems).toEqual([]);
  });

  it('has at least five courses written in Arabic, Arabic in every lesson and in every field a learner reads', async () => {
    const arabic = (await internalSeeds()).filter((seed) => seed.course.language === 'ar');
    expect(arabic.length).toBeGreaterThanOrEqual(5);
    const problems: string[] = [];
    for (const { course } of arabic) {
      // An Arabic course has no English title or description: both UI languages show the Arabic ones.
      if (course.title !== course.titleAr) problems.push(`${course.slug}: title and titleAr differ`);
      if (course.description !== course.descriptionAr) problems.push(`${course.slug}: description and descriptionAr differ`);
      for (const [field, text] of Object.entries({ title: course.title, description: course.description, objective: course.objective })) {
        if (!isMostlyArabic(text)) problems.push(`${course.slug}: the ${field} is not in Arabic`);
      }
      for (const module of course.modules) {
        for (const lesson of module.lessons) {
          const texts = [module.title, lesson.title, lesson.content, ...lesson.keyPoints, ...lesson.activities];
          if (texts.some((text) => !isMostlyArabic(text))) problems.push(`${course.slug}: "${lesson.title}" has text that is not in Arabic`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('raises no critical quality finding, and none at all in the Arabic courses', async () => {
    const findings = (await internalSeeds()).flatMap((seed) =>
      reviewCourse(reviewedCourseOf(seed))
        .filter((result) => !result.passed && (result.severity === 'critical' || seed.course.language === 'ar'))
        .map((result) => `${seed.course.slug}: [${result.severity}] ${result.check}: ${result.message}`),
    );
    expect(findings).toEqual([]);
  });
});
