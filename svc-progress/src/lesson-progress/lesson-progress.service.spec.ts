import { recordLessonProgressBodySchema } from '@masar/contracts';
import { lessonEventsToRecord, RecordedLessonEvent, toCourseProgress } from './lesson-progress.service';

const COURSE_ID = '6f1c2d3e-4a5b-4c6d-8e7f-8a9b0c1d2e3f';
const LESSON_A = '0a000000-0000-4000-8000-00000000000a';
const LESSON_B = '0b000000-0000-4000-8000-00000000000b';
const LESSON_C = '0c000000-0000-4000-8000-00000000000c';

function event(lessonId: string, kind: RecordedLessonEvent['kind'], occurredAt: string, secondsSpent = 0): RecordedLessonEvent {
  return { lessonId, kind, occurredAt: new Date(occurredAt), secondsSpent };
}

describe('lessonEventsToRecord', () => {
  const request = (body: Record<string, unknown>) =>
    recordLessonProgressBodySchema.parse({ courseId: COURSE_ID, ...body });

  it('records a start with the time reported, none when none was', () => {
    expect(lessonEventsToRecord(request({ status: 'started', secondsSpent: 90 }))).toEqual([{ kind: 'started', secondsSpent: 90 }]);
    expect(lessonEventsToRecord(request({ status: 'started' }))).toEqual([{ kind: 'started', secondsSpent: 0 }]);
  });

  it('records a completion together with its start, the time going to the completion only', () => {
    expect(lessonEventsToRecord(request({ status: 'completed', secondsSpent: 300 }))).toEqual([
      { kind: 'completed', secondsSpent: 300 },
      { kind: 'started', secondsSpent: 0 },
    ]);
  });
});

describe('toCourseProgress', () => {
  it('is empty for a course never opened', () => {
    expect(toCourseProgress(COURSE_ID, [])).toEqual({
      courseId: COURSE_ID,
      completedLessonIds: [],
      startedLessonIds: [],
      secondsSpent: 0,
      lastActivityAt: null,
    });
  });

  it('lists completed and only-started lessons most recent first, whatever order the events come in', () => {
    const progress = toCourseProgress(COURSE_ID, [
      event(LESSON_A, 'started', '2026-11-20T08:00:00Z', 60),
      event(LESSON_A, 'completed', '2026-11-20T08:10:00Z', 540),
      event(LESSON_C, 'started', '2026-11-22T09:00:00Z', 30),
      event(LESSON_B, 'started', '2026-11-21T08:00:00Z'),
      event(LESSON_B, 'completed', '2026-11-23T08:00:00Z', 600),
    ]);
    expect(progress).toEqual({
      courseId: COURSE_ID,
      completedLessonIds: [LESSON_B, LESSON_A],
      startedLessonIds: [LESSON_C],
      secondsSpent: 1230,
      lastActivityAt: '2026-11-23T08:00:00.000Z',
    });
  });

  it('orders events recorded at the same instant by lesson id, so the answer is always the same', () => {
    const sameInstant = '2026-11-22T10:00:00Z';
    const events = [event(LESSON_A, 'started', sameInstant), event(LESSON_C, 'started', sameInstant), event(LESSON_B, 'started', sameInstant)];
    expect(toCourseProgress(COURSE_ID, events).startedLessonIds).toEqual([LESSON_C, LESSON_B, LESSON_A]);
    expect(toCourseProgress(COURSE_ID, [...events].reverse()).startedLessonIds).toEqual([LESSON_C, LESSON_B, LESSON_A]);
  });
});
