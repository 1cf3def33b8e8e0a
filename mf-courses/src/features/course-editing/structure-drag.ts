import type { CourseDetail } from '@masar/contracts';

/**
 * Drag-and-drop ids: a module and a lesson may not share an id space in one DndContext, and a
 * module's lesson list is a drop target of its own (dropping there puts the lesson at its end).
 */
export const dragIdOf = {
  module: (id: string) => `module:${id}`,
  lesson: (id: string) => `lesson:${id}`,
  lessonList: (moduleId: string) => `lessons-of:${moduleId}`,
};

export type DragTarget = { kind: 'module'; id: string } | { kind: 'lesson'; id: string } | { kind: 'lessonList'; id: string };

export function parseDragId(dragId: string | number): DragTarget | null {
  const [prefix, ...rest] = String(dragId).split(':');
  const id = rest.join(':');
  if (id === '') return null;
  if (prefix === 'module') return { kind: 'module', id };
  if (prefix === 'lesson') return { kind: 'lesson', id };
  if (prefix === 'lessons-of') return { kind: 'lessonList', id };
  return null;
}

/** The one call a drop makes (the existing structure endpoints), or null when it changes nothing. */
export type StructureDrop =
  | { kind: 'reorderModules'; moduleIds: string[] }
  | { kind: 'reorderLessons'; moduleId: string; lessonIds: string[] }
  | { kind: 'moveLesson'; lessonId: string; moduleId: string; position: number };

/** `ids` with the one at `from` taken out and put back at `to` (dnd-kit's sortable semantics). */
export function moved(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

function moduleOfLesson(course: CourseDetail, lessonId: string): { moduleId: string; lessonIds: string[] } | null {
  const module = course.modules.find((candidate) => candidate.lessons.some((lesson) => lesson.id === lessonId));
  return module ? { moduleId: module.id, lessonIds: module.lessons.map((lesson) => lesson.id) } : null;
}

/**
 * What dropping `active` on `over` asks of the server. Modules land on modules; a lesson on a lesson
 * of its own module reorders that module, on a lesson of another module moves there (before it, or
 * after it when `below` its middle), and on another module's lesson list goes to that list's end.
 */
export function dropOf(course: CourseDetail, active: DragTarget | null, over: DragTarget | null, below = false): StructureDrop | null {
  if (!active || !over) return null;
  if (active.kind === 'module') {
    if (over.kind !== 'module' || over.id === active.id) return null;
    const moduleIds = course.modules.map((module) => module.id);
    const from = moduleIds.indexOf(active.id);
    const to = moduleIds.indexOf(over.id);
    return from < 0 || to < 0 ? null : { kind: 'reorderModules', moduleIds: moved(moduleIds, from, to) };
  }
  if (active.kind !== 'lesson') return null;
  const source = moduleOfLesson(course, active.id);
  if (!source) return null;
  if (over.kind === 'lesson') {
    if (over.id === active.id) return null;
    const target = moduleOfLesson(course, over.id);
    if (!target) return null;
    const overIndex = target.lessonIds.indexOf(over.id);
    if (target.moduleId === source.moduleId) {
      return { kind: 'reorderLessons', moduleId: source.moduleId, lessonIds: moved(source.lessonIds, source.lessonIds.indexOf(active.id), overIndex) };
    }
    return { kind: 'moveLesson', lessonId: active.id, moduleId: target.moduleId, position: overIndex + (below ? 1 : 0) };
  }
  if (over.kind === 'lessonList' && over.id !== source.moduleId) {
    const target = course.modules.find((module) => module.id === over.id);
    return target ? { kind: 'moveLesson', lessonId: active.id, moduleId: target.id, position: target.lessons.length } : null;
  }
  return null;
}

/** The course as it will be once `drop` is done: shown at once, and put back if the server refuses. */
export function courseAfter(course: CourseDetail, drop: StructureDrop): CourseDetail {
  switch (drop.kind) {
    case 'reorderModules': {
      const byId = new Map(course.modules.map((module) => [module.id, module]));
      return { ...course, modules: drop.moduleIds.map((id) => byId.get(id)!) };
    }
    case 'reorderLessons':
      return {
        ...course,
        modules: course.modules.map((module) => {
          if (module.id !== drop.moduleId) return module;
          const byId = new Map(module.lessons.map((lesson) => [lesson.id, lesson]));
          return { ...module, lessons: drop.lessonIds.map((id) => byId.get(id)!) };
        }),
      };
    case 'moveLesson': {
      const lesson = course.modules.flatMap((module) => module.lessons).find((candidate) => candidate.id === drop.lessonId)!;
      return {
        ...course,
        modules: course.modules.map((module) => {
          const without = module.lessons.filter((candidate) => candidate.id !== drop.lessonId);
          if (module.id !== drop.moduleId) return without.length === module.lessons.length ? module : { ...module, lessons: without };
          const at = Math.min(drop.position, without.length);
          return { ...module, lessons: [...without.slice(0, at), lesson, ...without.slice(at)] };
        }),
      };
    }
  }
}
