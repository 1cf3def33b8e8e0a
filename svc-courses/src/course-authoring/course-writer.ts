import { AiContentLabel, CourseCreatedEvent, CourseLevel } from '@masar/contracts';
import { EntityManager } from 'typeorm';
import { CourseModule } from '../courses/entities/course-module.entity';
import { Course } from '../courses/entities/course.entity';
import { Lesson } from '../courses/entities/lesson.entity';
import { reindexCourse } from '../course-search/course-search-index';
import type { ModuleDraft } from '../documents/course-draft-builder';

/** A module and its lessons as they are written: the same shape a document's draft has. */
export type NewModule = ModuleDraft;

export interface NewCourse {
  title: string;
  description: string;
  objective: string | null;
  duration: string;
  format: string;
  departmentOwner: string;
  color: string;
  abbreviation: string;
  imageUrl: string | null;
  prerequisites: string[];
  skills: string[];
  level: CourseLevel | null;
  category: string | null;
  language: string;
  estimatedHours: number | null;
  titleAr?: string | null;
  descriptionAr?: string | null;
  createdBy: string;
  /** Set when an AI feature wrote the course (Ready AI, AI Generate with materials). */
  aiLabel?: AiContentLabel | null;
}

/** Appends modules (and their lessons) to a course, numbering them after `firstPosition`. */
export async function insertModules(
  manager: EntityManager,
  courseId: string,
  modules: NewModule[],
  firstPosition: number,
): Promise<void> {
  for (const [moduleIndex, module] of modules.entries()) {
    const saved = await manager.save(
      manager.create(CourseModule, {
        courseId,
        position: firstPosition + moduleIndex,
        title: module.title,
        description: module.description,
      }),
    );
    await manager.insert(
      Lesson,
      module.lessons.map((lesson, lessonIndex) => ({
        moduleId: saved.id,
        position: lessonIndex,
        title: lesson.title,
        type: lesson.type,
        duration: lesson.duration,
        content: lesson.content,
        keyPoints: lesson.keyPoints,
        activities: lesson.activities,
        sources: lesson.sources,
        aiLabel: lesson.aiLabel ?? null,
      })),
    );
  }
}

/** Writes a whole course, and its search passages, in the caller's transaction; returns its id. */
export async function insertCourse(manager: EntityManager, course: NewCourse, modules: NewModule[]): Promise<string> {
  const saved = await manager.save(
    manager.create(Course, {
      title: course.title,
      description: course.description,
      objective: course.objective,
      duration: course.duration,
      format: course.format,
      departmentOwner: course.departmentOwner,
      color: course.color,
      abbreviation: course.abbreviation,
      imageUrl: course.imageUrl,
      prerequisites: course.prerequisites,
      skills: course.skills,
      level: course.level,
      category: course.category,
      language: course.language,
      kind: 'internal',
      estimatedHours: course.estimatedHours,
      titleAr: course.titleAr ?? null,
      descriptionAr: course.descriptionAr ?? null,
      createdBy: course.createdBy,
      aiLabel: course.aiLabel ?? null,
    }),
  );
  await insertModules(manager, saved.id, modules, 0);
  await reindexCourse(manager, saved.id);
  return saved.id;
}

/**
 * The label of a course svc-ai wrote: that of its most recently written lesson (the provider and
 * model an admin may have changed while a task ran are the last ones used); null when svc-ai wrote
 * none of its lessons.
 */
export function courseAiLabelOf(modules: NewModule[]): AiContentLabel | null {
  const labels = modules.flatMap((module) => module.lessons.flatMap((lesson) => (lesson.aiLabel ? [lesson.aiLabel] : [])));
  return labels.reduce<AiContentLabel | null>((latest, label) => (latest === null || label.at > latest.at ? label : latest), null);
}

/** What the other services are told once a course written here is committed. */
export function courseCreatedEvent(
  courseId: string,
  course: Pick<NewCourse, 'title' | 'titleAr' | 'createdBy'>,
  occurredAt: Date,
): CourseCreatedEvent {
  return {
    courseId,
    title: course.title,
    titleAr: course.titleAr ?? null,
    createdBy: course.createdBy,
    occurredAt: occurredAt.toISOString(),
  };
}
