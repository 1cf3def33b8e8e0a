import { failureOf, hasEnded, summarizeReadyAi } from './ready-ai-progress';
import { buildReadyAiTask } from './ready-ai.factory';

const COURSE_ID = '20000000-0000-4000-8000-000000000001';

describe('summarizeReadyAi', () => {
  it('gives the mean progress and is not ended while a task runs', () => {
    const outcome = summarizeReadyAi([
      { task: buildReadyAiTask('running', { progress: 50 }) },
      { task: buildReadyAiTask('queued') },
      { task: buildReadyAiTask('paused', { progress: 25 }) },
    ]);
    expect(outcome).toEqual({ overallPercent: 25, created: [], failed: 0, cancelled: 0, ended: false });
  });

  it('lists the courses made, and counts failed, lost and cancelled tasks once all have ended', () => {
    const made = buildReadyAiTask('completed', { title: 'Excel Essentials', result: { courseId: COURSE_ID, modules: 6, lessons: 12 } });
    const outcome = summarizeReadyAi([
      { task: made },
      { task: buildReadyAiTask('failed', { progress: 12, error: 'The library is too thin' }) },
      { task: buildReadyAiTask('running', { progress: 40 }), lostReason: 'Agent task not found' },
      { task: buildReadyAiTask('cancelled', { progress: 0 }) },
    ]);
    expect(outcome).toEqual({
      overallPercent: 38,
      created: [{ taskId: made.id, courseId: COURSE_ID, title: 'Excel Essentials' }],
      failed: 2,
      cancelled: 1,
      ended: true,
    });
  });

  it('has nothing to say about no tasks', () => {
    expect(summarizeReadyAi([])).toMatchObject({ overallPercent: 0, ended: false });
  });
});

describe('a followed task', () => {
  it('has failed with its error, or with the reason it can no longer be followed', () => {
    expect(failureOf({ task: buildReadyAiTask('failed', { error: 'No material' }) })).toBe('No material');
    expect(failureOf({ task: buildReadyAiTask('running'), lostReason: 'Agent task not found' })).toBe('Agent task not found');
    expect(failureOf({ task: buildReadyAiTask('cancelled') })).toBeUndefined();
    expect(hasEnded({ task: buildReadyAiTask('paused') })).toBe(false);
    expect(hasEnded({ task: buildReadyAiTask('cancelled') })).toBe(true);
  });
});
