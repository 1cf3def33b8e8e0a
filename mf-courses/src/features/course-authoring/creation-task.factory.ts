import {
  COURSE_CREATION_STAGE_PROGRESS,
  type CourseCreationKind,
  type CourseCreationStage,
  type CourseCreationTask,
} from '@masar/contracts';
import { File as NodeFile } from 'node:buffer';

let sequence = 0;

/** A creation task as `GET /api/courses/creation-tasks/:id` answers it; progress follows the stage. */
export function buildCreationTask(
  stage: CourseCreationStage,
  overrides: Partial<CourseCreationTask> & { kind?: CourseCreationKind } = {},
): CourseCreationTask {
  sequence += 1;
  return {
    id: `50000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    kind: 'create-with-files',
    stage,
    progress: COURSE_CREATION_STAGE_PROGRESS[stage],
    message: null,
    courseId: null,
    fileNames: ['campaign-playbook.pdf'],
    createdAt: '2026-11-23T08:30:00.000Z',
    updatedAt: '2026-11-23T08:30:00.000Z',
    ...overrides,
  };
}

/**
 * A file the test environment's FormData accepts: it is Node's (like a browser's, it takes only
 * its own Blobs), so files are Node's too. `size` describes large files without making them.
 */
export function buildFile(name: string, type: string, content = 'Course material', size?: number): File {
  const file = new NodeFile([content], name, { type, lastModified: 1_700_000_000_000 }) as unknown as File;
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}
