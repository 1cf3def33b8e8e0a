import { PREDEFINED_JOB_ROLES, predefinedJobRoleSchema, type Language, type PredefinedJobRole } from '@masar/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** One JSON file per role (kebab-case name), copied next to the compiled code by the build. */
export const PREDEFINED_ROLES_DIRECTORY = path.join(__dirname, 'data');

const postingSchema = z.object({ title: z.string().trim().min(1), content: z.string().trim().min(1) });
const roleFileSchema = z.object({ role: predefinedJobRoleSchema, en: postingSchema, ar: postingSchema });

export type PredefinedRolePosting = z.infer<typeof postingSchema>;
export type PredefinedRoleCatalog = ReadonlyMap<PredefinedJobRole, Readonly<Record<Language, PredefinedRolePosting>>>;

export const PREDEFINED_ROLE_CATALOG = Symbol('PREDEFINED_ROLE_CATALOG');

/**
 * Reads every role file and checks that each of the 15 roles has exactly one, in both languages.
 * A missing or malformed file stops the service at boot with the file's name.
 */
export function loadPredefinedRoleCatalog(directory: string = PREDEFINED_ROLES_DIRECTORY): PredefinedRoleCatalog {
  const catalog = new Map<PredefinedJobRole, Record<Language, PredefinedRolePosting>>();
  const files = readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort();
  for (const file of files) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path.join(directory, file), 'utf8'));
    } catch (error) {
      throw new Error(`Predefined role file ${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
    const parsed = roleFileSchema.safeParse(json);
    if (!parsed.success) {
      throw new Error(`Predefined role file ${file} is invalid: ${z.prettifyError(parsed.error)}`);
    }
    if (catalog.has(parsed.data.role)) {
      throw new Error(`Predefined role "${parsed.data.role}" is described by more than one file (${file})`);
    }
    catalog.set(parsed.data.role, { en: parsed.data.en, ar: parsed.data.ar });
  }
  const missing = PREDEFINED_JOB_ROLES.filter((role) => !catalog.has(role));
  if (missing.length > 0) {
    throw new Error(`Predefined roles without a file in ${directory}: ${missing.join(', ')}`);
  }
  return catalog;
}
