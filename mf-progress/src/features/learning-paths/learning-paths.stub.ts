import {
  courseListSchema,
  learningPathListSchema,
  learningPathReplySchema,
  progressOverviewReplySchema,
  updateLearningPathBodySchema,
  type CourseSummary,
  type LearningPath,
  type ProgressOverview,
  type UpdateLearningPathBody,
} from '@masar/contracts';
import { jsonResponse, type StubHandler } from '@masar/shell/testing';
import { buildProgressOverview } from './learning-path.factory';

export interface LearningPathRoutesOptions {
  /** The learner's paths, newest first. */
  paths: LearningPath[];
  overview?: ProgressOverview;
  /** `GET /api/courses?skill=` answers, by skill. */
  coursesBySkill?: Record<string, CourseSummary[]>;
  /** The re-planned path a PATCH answers, or an error reply; by default the changes applied as they are. */
  onUpdate?: (path: LearningPath, changes: UpdateLearningPathBody) => LearningPath | Response;
}

/** Applies a change without re-planning dates: enough for a screen that shows what the server answers. */
function applyChanges(path: LearningPath, changes: UpdateLearningPathBody): LearningPath {
  const byId = new Map(path.courses.map((course) => [course.courseId, course]));
  return {
    ...path,
    weeklyHours: changes.weeklyHours ?? path.weeklyHours,
    courses: changes.courseOrder ? changes.courseOrder.map((courseId) => byId.get(courseId)!) : path.courses,
  };
}

/**
 * `/api/learning-paths`, `/api/progress` and `/api/courses?skill=` for `stubGateway`, keeping the paths
 * as the gateway does: a PATCH replaces the path, a DELETE removes it, and later reads see the change.
 * Every reply is parsed with its contract schema, so the screens are tested against valid bodies.
 */
export function learningPathRoutes({ paths, overview, coursesBySkill = {}, onUpdate = applyChanges }: LearningPathRoutesOptions) {
  let current = [...paths];
  const find = (id: string) => current.find((path) => path.id === id);
  const notFound = () => jsonResponse({ statusCode: 404, message: 'Learning path not found' }, 404);

  const routes: Record<string, StubHandler> = {
    'GET /api/learning-paths': () => jsonResponse(learningPathListSchema.parse({ items: current })),
    'GET /api/learning-paths/:id': (_request, { id }) => {
      const path = find(id);
      return path ? jsonResponse(learningPathReplySchema.parse({ learningPath: path })) : notFound();
    },
    'PATCH /api/learning-paths/:id': async (request, { id }) => {
      const path = find(id);
      if (!path) return notFound();
      const answer = onUpdate(path, updateLearningPathBodySchema.parse(await request.json()));
      if (answer instanceof Response) return answer;
      current = current.map((candidate) => (candidate.id === id ? answer : candidate));
      return jsonResponse(learningPathReplySchema.parse({ learningPath: answer }));
    },
    'DELETE /api/learning-paths/:id': (_request, { id }) => {
      if (!find(id)) return notFound();
      current = current.filter((path) => path.id !== id);
      return jsonResponse({ deleted: true, id });
    },
    'GET /api/progress': () => jsonResponse(progressOverviewReplySchema.parse({ progress: overview ?? buildProgressOverview(current[0] ?? null) })),
    'GET /api/courses': (_request, _params, url) => {
      const items = coursesBySkill[url.searchParams.get('skill') ?? ''] ?? [];
      return jsonResponse(courseListSchema.parse({ items, total: items.length, page: 1, pageSize: 10 }));
    },
  };
  return { routes, current: () => current };
}
