import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSeedFolder } from '../src/catalog/catalog-seed';

/**
 * A data check on the REAL seed catalog shipped in src/catalog/seed-data (the fixtures test the
 * loader): every file parses, the catalog is big enough, lessons carry real text, every module
 * ends with a quiz, and every skill is a canonical name of svc-ai's taxonomy.
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
});
