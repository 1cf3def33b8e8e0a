import type { AgentTask, AgentTaskStatus, CategoryCourse, CourseCategory } from '@masar/contracts';

let sequence = 0;

function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

/** A catalog course as `GET /api/courses/categories` lists it. */
export function buildCategoryCourse(overrides: Partial<CategoryCourse> = {}): CategoryCourse {
  return {
    id: nextId('60000000'),
    title: 'Effective Business Communication',
    description: 'Write and speak so that colleagues understand you the first time.',
    level: 'beginner',
    duration: '6 weeks',
    ...overrides,
  };
}

export function buildCourseCategory(name: string, courses: CategoryCourse[]): CourseCategory {
  return { name, courses };
}

/** A Ready AI task as `GET /api/ai-agents/tasks/:id` answers it. */
export function buildReadyAiTask(status: AgentTaskStatus, overrides: Partial<AgentTask> = {}): AgentTask {
  const finished = status === 'completed' || status === 'failed' || status === 'cancelled';
  return {
    id: nextId('70000000'),
    title: 'Effective Business Communication',
    type: 'ready-ai-course',
    agent: 'course-creation',
    status,
    progress: status === 'completed' ? 100 : 0,
    currentStep: finished ? null : 'Waiting to start',
    canPause: status === 'running',
    canCancel: !finished,
    startTime: status === 'queued' ? null : '2026-11-25T09:00:01.000Z',
    endTime: finished ? '2026-11-25T09:02:00.000Z' : null,
    estimatedDuration: 120,
    error: null,
    logs: [{ at: '2026-11-25T09:00:00.000Z', message: 'Queued' }],
    result: null,
    createdBy: '10000000-0000-4000-8000-000000000001',
    createdAt: '2026-11-25T09:00:00.000Z',
    updatedAt: '2026-11-25T09:00:00.000Z',
    ...overrides,
  };
}
