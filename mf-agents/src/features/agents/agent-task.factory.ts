import { AGENT_OF_TASK_TYPE, type AgentStats, type AgentTask, type CourseSummary } from '@masar/contracts';

let sequence = 0;

/** A task as the gateway answers it; every field can be overridden. */
export function buildAgentTask(overrides: Partial<AgentTask> = {}): AgentTask {
  sequence += 1;
  const type = overrides.type ?? 'ready-ai-course';
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    title: 'SQL and Relational Databases',
    type,
    agent: AGENT_OF_TASK_TYPE[type],
    status: 'running',
    progress: 37,
    currentStep: 'Writing module 3 of 6: Querying and Aggregating',
    canPause: true,
    canCancel: true,
    startTime: '2026-11-25T10:00:00.000Z',
    endTime: null,
    estimatedDuration: 40,
    error: null,
    logs: [{ at: '2026-11-25T10:00:00.000Z', message: 'Started' }],
    result: null,
    createdBy: '11111111-1111-4111-8111-111111111111',
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:05.000Z',
    ...overrides,
  };
}

export function buildAgentStats(overrides: Partial<AgentStats> = {}): AgentStats {
  const none = { total: 0, running: 0, completed: 0, failed: 0 };
  return {
    total: 0,
    running: 0,
    completed: 0,
    failed: 0,
    byAgent: { 'course-creation': none, 'quality-assurance': none, 'content-enhancement': none },
    ...overrides,
  };
}

/** A catalog course as `GET /api/courses` lists it. */
export function buildCourseSummary(overrides: Partial<CourseSummary> & { id: string; title: string }): CourseSummary {
  return {
    description: `What ${overrides.title} teaches.`,
    duration: '4 weeks',
    format: 'Online',
    departmentOwner: 'Learning & Development',
    color: 'blue',
    abbreviation: 'CRS',
    imageUrl: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    skills: [],
    level: 'beginner',
    category: null,
    kind: 'internal',
    estimatedHours: null,
    ...overrides,
  };
}
