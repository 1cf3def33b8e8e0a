import { domainEventsOf } from './embed-domain-events';

const COURSE = '11111111-1111-4111-8111-111111111111';
const LESSON_1 = '22222222-2222-4222-8222-222222222222';
const LESSON_2 = '33333333-3333-4333-8333-333333333333';

const fulfilled = (endpointName: string, originalArgs: unknown, payload: unknown) => ({
  type: 'api/executeMutation/fulfilled',
  payload,
  meta: { arg: { type: 'mutation', endpointName, originalArgs } },
});

const cachedCourse = {
  [`getCourse("${COURSE}")`]: {
    endpointName: 'getCourse',
    originalArgs: COURSE,
    data: { course: { id: COURSE, modules: [{ lessons: [{ id: LESSON_1 }] }, { lessons: [{ id: LESSON_2 }] }] } },
  },
};

describe('the domain events a frame tells its host', () => {
  it('reports a generated learning path by id', () => {
    expect(domainEventsOf(fulfilled('generateLearningPath', {}, { learningPath: { id: 'path-1', jobTitle: 'secret' } }), {})).toEqual([
      { type: 'masar:path-generated', learningPathId: 'path-1' },
    ]);
  });

  it('reports a completed lesson, and the course once its last lesson is completed', () => {
    const first = fulfilled('recordLessonProgress', { courseId: COURSE, lessonId: LESSON_1, status: 'completed' }, { progress: { completedLessonIds: [LESSON_1] } });
    expect(domainEventsOf(first, cachedCourse)).toEqual([{ type: 'masar:lesson-completed', courseId: COURSE, lessonId: LESSON_1 }]);
    const last = fulfilled('recordLessonProgress', { courseId: COURSE, lessonId: LESSON_2, status: 'completed' }, { progress: { completedLessonIds: [LESSON_2, LESSON_1] } });
    expect(domainEventsOf(last, cachedCourse)).toEqual([
      { type: 'masar:lesson-completed', courseId: COURSE, lessonId: LESSON_2 },
      { type: 'masar:course-completed', courseId: COURSE },
    ]);
  });

  it('says nothing for a started lesson, a queued report without progress, queries or other mutations', () => {
    expect(domainEventsOf(fulfilled('recordLessonProgress', { courseId: COURSE, lessonId: LESSON_1, status: 'started' }, { progress: null }), cachedCourse)).toEqual([]);
    expect(domainEventsOf(fulfilled('recordLessonProgress', { courseId: COURSE, lessonId: LESSON_2, status: 'completed' }, { progress: null }), cachedCourse)).toEqual([
      { type: 'masar:lesson-completed', courseId: COURSE, lessonId: LESSON_2 },
    ]);
    expect(domainEventsOf({ type: 'api/executeQuery/fulfilled' }, {})).toEqual([]);
    expect(domainEventsOf(fulfilled('deleteCourse', COURSE, {}), {})).toEqual([]);
  });
});
