import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Seed courses of the catalog (svc-courses owns them): real lesson text for the offline answer and helpers. */
const SEED_DIRECTORY = path.join(__dirname, '../../../svc-courses/src/catalog/seed-data/internal');

export interface SeedLesson {
  title: string;
  type: string;
  content: string;
  keyPoints: string[];
  activities: string[];
}
export interface SeedModule {
  title: string;
  lessons: SeedLesson[];
}
export interface SeedCourse {
  title: string;
  level: string;
  language?: string;
  skills: string[];
  modules: SeedModule[];
}

export function seedCourse(slug: string): SeedCourse {
  return JSON.parse(readFileSync(path.join(SEED_DIRECTORY, `${slug}.json`), 'utf8')) as SeedCourse;
}

/** A lesson of a seed course by its title, with its module and course. */
export function seedLesson(slug: string, title: string): { course: SeedCourse; module: SeedModule; lesson: SeedLesson } {
  const course = seedCourse(slug);
  for (const module of course.modules) {
    const lesson = module.lessons.find((candidate) => candidate.title === title);
    if (lesson) return { course, module, lesson };
  }
  throw new Error(`No lesson "${title}" in the seed course ${slug}`);
}
