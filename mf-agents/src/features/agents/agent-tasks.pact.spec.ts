/** @jest-environment node */
// Consumer contract of mf-agents with svc-gateway: the control center's calls, through the REAL RTK
// Query endpoints and base query, at Pact's mock server.
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import path from 'node:path';
import { agentTasksApi } from './agent-tasks.api';

const { integer, regex, eachLike, string } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const ISO_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };
const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

const ADMIN = 'an admin is signed in';
const AGENT_TASK_EXISTS = 'an agent task exists';
const COURSE_EXISTS = 'a course with modules and lessons exists';
const TASK_ID = '6a1b2c3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d';
const RUNNING_TASK = {
  id: TASK_ID,
  title: 'SQL for Reporting',
  type: 'ready-ai-course',
  status: 'running',
  progress: 37,
  currentStep: 'Writing module 3 of 6: Joins',
  canPause: true,
};

function taskBody(status: string, canPause: boolean) {
  return {
    id: TASK_ID,
    title: 'SQL for Reporting',
    type: 'ready-ai-course',
    agent: 'course-creation',
    status,
    progress: integer(37),
    currentStep: string('Writing module 3 of 6: Joins'),
    canPause,
    canCancel: true,
    startTime: regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
    endTime: null,
    estimatedDuration: integer(80),
    error: null,
    result: null,
    createdBy: regex(UUID, '11111111-1111-4111-8111-111111111111'),
    createdAt: regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
    updatedAt: regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'),
  };
}
const LOGS = eachLike({ at: regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'), message: string('Started') });

const pact = new PactV4({ consumer: 'masar-mf-agents', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });

describe('masar-mf-agents -> svc-gateway', () => {
  it('GET /api/ai-agents/tasks answers a page of tasks, newest first', () =>
    pact
      .addInteraction()
      .given(ADMIN)
      .given(AGENT_TASK_EXISTS, RUNNING_TASK)
      .uponReceiving('a request for the first page of agent tasks')
      .withRequest('GET', '/api/ai-agents/tasks', (request) => request.query({ page: '1', pageSize: '10' }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ items: eachLike(taskBody('running', true)), total: integer(1), page: 1, pageSize: 10 }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(agentTasksApi.endpoints.listAgentTasks.initiate({ page: 1 }, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data?.items[0]).toMatchObject({ id: TASK_ID, status: 'running' });
      }));

  it('GET /api/ai-agents/stats answers the four figures, overall and per agent', () => {
    const counts = { total: integer(1), running: integer(1), completed: integer(0), failed: integer(0) };
    return pact
      .addInteraction()
      .given(ADMIN)
      .given(AGENT_TASK_EXISTS, RUNNING_TASK)
      .uponReceiving('a request for the agent task figures')
      .withRequest('GET', '/api/ai-agents/stats')
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ ...counts, byAgent: { 'course-creation': counts, 'quality-assurance': counts, 'content-enhancement': counts } }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(agentTasksApi.endpoints.agentStats.initiate(undefined, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data?.byAgent['course-creation'].total).toBe(1);
      });
  });

  it('GET /api/ai-agents/tasks/:id answers the task with its log', () =>
    pact
      .addInteraction()
      .given(ADMIN)
      .given(AGENT_TASK_EXISTS, RUNNING_TASK)
      .uponReceiving('a request for one agent task')
      .withRequest('GET', `/api/ai-agents/tasks/${TASK_ID}`)
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ task: { ...taskBody('running', true), logs: LOGS } }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(agentTasksApi.endpoints.agentTask.initiate(TASK_ID, { subscribe: false }));
        expect(result.error).toBeUndefined();
        expect(result.data?.task.logs[0].message).toBe('Started');
      }));

  it('POST /api/ai-agents/tasks/:id/pause answers the paused task', () =>
    pact
      .addInteraction()
      .given(ADMIN)
      .given(AGENT_TASK_EXISTS, RUNNING_TASK)
      .uponReceiving('a request to pause a running agent task')
      .withRequest('POST', `/api/ai-agents/tasks/${TASK_ID}/pause`)
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ task: { ...taskBody('paused', false), logs: LOGS } }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(agentTasksApi.endpoints.controlAgentTask.initiate({ id: TASK_ID, control: 'pause' }));
        expect('error' in result ? result.error : undefined).toBeUndefined();
        expect('data' in result ? result.data?.task.status : undefined).toBe('paused');
      }));

  it('POST /api/ai-agents/tasks/:id/cancel of a finished task answers 409 with a message', () =>
    pact
      .addInteraction()
      .given(ADMIN)
      .given(AGENT_TASK_EXISTS, { ...RUNNING_TASK, status: 'completed', progress: 100, currentStep: null, canPause: false })
      .uponReceiving('a request to cancel a completed agent task')
      .withRequest('POST', `/api/ai-agents/tasks/${TASK_ID}/cancel`)
      .willRespondWith(409, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ statusCode: 409, message: 'This task has already completed; it can no longer be changed' }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(agentTasksApi.endpoints.controlAgentTask.initiate({ id: TASK_ID, control: 'cancel' }));
        expect('error' in result ? result.error : undefined).toMatchObject({ status: 409, serverMessage: 'This task has already completed; it can no longer be changed' });
      }));

  it('POST /api/ai-agents/enhancements answers 202 with one queued Content Enhancement task', () => {
    const courseId = '2b7c4e1a-9d3f-4a6b-8c5e-1f0a2d3c4b5e';
    return pact
      .addInteraction()
      .given(ADMIN)
      .given(COURSE_EXISTS, { id: courseId, title: 'SQL for Reporting', modules: 1, lessonsPerModule: 2 })
      .uponReceiving('a request to enhance one course')
      .withRequest('POST', '/api/ai-agents/enhancements', (request) => request.jsonBody({ courseId }))
      .willRespondWith(202, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          tasks: [
            {
              ...taskBody('queued', false),
              id: regex(UUID, TASK_ID),
              title: 'Content enhancement: SQL for Reporting',
              type: 'content-enhancement',
              agent: 'content-enhancement',
              progress: 0,
              currentStep: 'Waiting to start',
              startTime: null,
              logs: [{ at: regex(ISO_TIMESTAMP, '2026-11-25T08:30:00.000Z'), message: 'Queued' }],
            },
          ],
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(agentTasksApi.endpoints.startEnhancement.initiate({ courseId }));
        expect('error' in result ? result.error : undefined).toBeUndefined();
        expect('data' in result ? result.data?.tasks[0].type : undefined).toBe('content-enhancement');
      });
  });
});

