import { describeValidationError, SkillCategory, skillCategorySchema } from '@masar/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Version of the skills taxonomy the extracted names come from (`ExtractSkillsReply.taxonomyVersion`).
 * Bump it whenever anything under `data/` changes: saved skill sets record the version they were
 * extracted with. `YEAR.MONTH.N`, N counting changes within the month.
 */
export const TAXONOMY_VERSION = '2026.11.1';

/** Where the JSON files live: `src/skills/taxonomy/data` in tests, `dist/skills/taxonomy/data` once built. */
export const TAXONOMY_DATA_DIRECTORY = path.join(__dirname, 'data');

const taxonomySkillEntrySchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/, 'Must be lower-case words joined by dots or hyphens'),
  name: z.string().trim().min(1).max(120),
  nameAr: z.string().trim().min(1).max(160),
  aliases: z.array(z.string().trim().min(1)).default([]),
  aliasesAr: z.array(z.string().trim().min(1)).default([]),
  /** Spellings matched only with exactly this case ("Go", "R", "IT"), where the lower-case word means something else. */
  caseSensitiveAliases: z.array(z.string().trim().min(1)).default([]),
  /** Id of the broader skill this one narrows ("Django" → "Python"). */
  broader: z.string().min(1).optional(),
});

/** One file of `data/`: the skills of one domain, all in one category. */
export const taxonomyFileSchema = z.object({
  domain: z.string().trim().min(1),
  category: skillCategorySchema,
  skills: z.array(taxonomySkillEntrySchema).min(1),
});
export type TaxonomyFile = z.input<typeof taxonomyFileSchema>;

export interface TaxonomySkill {
  id: string;
  /** The canonical English name, returned as `ExtractedSkill.name`. */
  name: string;
  nameAr: string;
  category: SkillCategory;
  domain: string;
  aliases: readonly string[];
  aliasesAr: readonly string[];
  caseSensitiveAliases: readonly string[];
  broader?: string;
}

export interface Taxonomy {
  version: string;
  skills: readonly TaxonomySkill[];
  byId: ReadonlyMap<string, TaxonomySkill>;
  /** How many skills name each skill as their `broader` one: a skill with many is a generic term. */
  narrowerCount: ReadonlyMap<string, number>;
}

/**
 * Checks and joins taxonomy files. Throws naming the file and the field when one is malformed,
 * when two skills share an id, or when a `broader` id points at no skill.
 */
export function buildTaxonomy(files: ReadonlyArray<{ source: string; content: unknown }>, version = TAXONOMY_VERSION): Taxonomy {
  const skills: TaxonomySkill[] = [];
  const byId = new Map<string, TaxonomySkill>();
  const sourceOf = new Map<string, string>();
  for (const { source, content } of files) {
    const parsed = taxonomyFileSchema.safeParse(content);
    if (!parsed.success) {
      throw new Error(`Taxonomy file ${source} is invalid: ${describeValidationError(parsed.error)}`);
    }
    const { domain, category } = parsed.data;
    for (const entry of parsed.data.skills) {
      const duplicateOf = sourceOf.get(entry.id);
      if (duplicateOf !== undefined) {
        throw new Error(`Taxonomy skill id "${entry.id}" appears twice (${duplicateOf} and ${source})`);
      }
      const skill: TaxonomySkill = { ...entry, category, domain };
      skills.push(skill);
      byId.set(skill.id, skill);
      sourceOf.set(skill.id, source);
    }
  }
  const narrowerCount = new Map<string, number>();
  for (const skill of skills) {
    if (skill.broader === undefined) continue;
    if (!byId.has(skill.broader)) {
      throw new Error(`Taxonomy skill "${skill.id}" (${sourceOf.get(skill.id)}) names an unknown broader skill "${skill.broader}"`);
    }
    narrowerCount.set(skill.broader, (narrowerCount.get(skill.broader) ?? 0) + 1);
  }
  return { version, skills, byId, narrowerCount };
}

/** Reads every `*.json` of the data directory, in name order so the result never depends on the file system. */
export function loadTaxonomy(directory = TAXONOMY_DATA_DIRECTORY, version = TAXONOMY_VERSION): Taxonomy {
  let names: string[];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith('.json'));
  } catch (error) {
    throw new Error(`The skills taxonomy directory ${directory} cannot be read: ${(error as Error).message}`, { cause: error });
  }
  if (names.length === 0) {
    throw new Error(`The skills taxonomy directory ${directory} holds no .json file`);
  }
  const files = names.sort().map((name) => {
    const text = readFileSync(path.join(directory, name), 'utf8');
    try {
      return { source: name, content: JSON.parse(text) as unknown };
    } catch (error) {
      throw new Error(`Taxonomy file ${name} is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
  });
  return buildTaxonomy(files, version);
}
