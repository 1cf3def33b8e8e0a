import type { ReviewedLesson } from '../quality/checks/course-check';
import { checkLessonLength } from '../quality/checks/lesson-length.check';
import { courseFactory, lessonFactory, moduleFactory, SOUND_READING } from '../quality/checks/quality-course.factory';
import { changeLines, type LessonRewrite, planModuleEnhancement, type StoredModule, tooShortLessons } from './enhancement-planner';

/** A module as the agent reads it: the quality factories' lessons, with no sources. */
function storedModule(lessons: ReviewedLesson[], title = 'Hazard Identification'): StoredModule {
  return { ...moduleFactory({ title }), lessons: lessons.map((lesson) => ({ ...lesson, sources: [] })) };
}

const SHORT_READING = 'Report every incident the same day. Write what happened, where and who was there.';
const LONGER_TEXT = `${SOUND_READING} ${SOUND_READING.replace(/hazard/g, 'incident')}`;
const REWRITE: LessonRewrite = {
  content: LONGER_TEXT,
  keyPoints: ['An incident report is written the same day.'],
  activities: [],
  sources: [{ origin: 'catalog', courseId: '2b7c4e1a-9d3f-4a6b-8c5e-1f0a2d3c4b5e', lessonId: '7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a', courseTitle: 'Safety at Work', lessonTitle: 'Reporting' }],
};

describe('planModuleEnhancement', () => {
  it('adds 3-5 key points and 1-3 activities drawn from a lesson that has none, each sentence its own', () => {
    const lesson = lessonFactory({ title: 'Spotting Hazards' });
    const planned = planModuleEnhancement(storedModule([lesson, lessonFactory({ type: 'quiz' })]), 2, new Map());
    expect(planned.lessons).toHaveLength(1);
    const [change] = planned.lessons;
    expect(change.keyPoints!.length).toBeGreaterThanOrEqual(3);
    expect(change.keyPoints!.length).toBeLessThanOrEqual(5);
    for (const point of change.keyPoints!) expect(SOUND_READING).toContain(point);
    expect(change.activities!.length).toBeGreaterThanOrEqual(1);
    expect(change.activities!.length).toBeLessThanOrEqual(3);
    for (const activity of change.activities!) expect(SOUND_READING).toContain(activity);
    expect(planned.quiz).toBeNull();
    expect(changeLines(planned)).toEqual([
      `Module 2, lesson "Spotting Hazards": added ${change.keyPoints!.length} key points from its text`,
      `Module 2, lesson "Spotting Hazards": added ${change.activities!.length} ${change.activities!.length === 1 ? 'activity' : 'activities'} from its text`,
    ]);
  });

  it('leaves a lesson that has key points and activities, and a quiz, alone', () => {
    const lesson = lessonFactory({ keyPoints: ['A hazard can cause harm.'], activities: ['List three hazards.'] });
    const planned = planModuleEnhancement(storedModule([lesson, lessonFactory({ type: 'quiz', keyPoints: [], activities: [] })]), 1, new Map());
    expect(planned.lessons).toEqual([]);
    expect(planned.quiz).toBeNull();
    expect(changeLines(planned)).toEqual([]);
  });

  it('adds a knowledge check built from the lessons of a module without a quiz, as its last lesson', () => {
    const lesson = lessonFactory({ keyPoints: ['A hazard can cause harm.'], activities: ['List three hazards.'] });
    const planned = planModuleEnhancement(storedModule([lesson], 'Hazards'), 3, new Map());
    expect(planned.quiz).not.toBeNull();
    expect(planned.quiz!.type).toBe('quiz');
    expect(planned.quiz!.title).toBe('Module 3 Quiz: Hazards');
    // The quality checks count its questions: enough for a quiz.
    const course = courseFactory({ modules: [moduleFactory({ lessons: [{ ...planned.quiz!, id: lesson.id }] })] });
    expect(checkLessonLength(course)[0].passed).toBe(true);
    expect(changeLines(planned)).toEqual([expect.stringMatching(/^Module 3, lesson "Module 3 Quiz: Hazards": added as the module's knowledge check: \d questions from its lessons' text$/)]);
  });

  it("says why a module too thin to ask about gets no quiz", () => {
    const lesson = lessonFactory({ content: 'Hazards.', keyPoints: ['x'], activities: ['y'] });
    const planned = planModuleEnhancement(storedModule([lesson], 'Thin'), 1, new Map());
    expect(planned.quiz).toBeNull();
    expect(planned.notes).toEqual(['Module 1 "Thin": no knowledge check added: its lessons have too little text to ask about']);
  });

  it('takes a library rewrite of a too-short lesson, with its citations, and key points from the rewrite', () => {
    const short = lessonFactory({ title: 'Reporting Incidents', content: SHORT_READING });
    const module = storedModule([short, lessonFactory({ type: 'quiz' })]);
    expect(tooShortLessons(module).map((lesson) => lesson.id)).toEqual([short.id]);
    const planned = planModuleEnhancement(module, 1, new Map([[short.id, REWRITE]]));
    const [change] = planned.lessons;
    expect(change.content).toBe(LONGER_TEXT);
    expect(change.sources).toEqual(REWRITE.sources);
    expect(change.keyPoints).toEqual(REWRITE.keyPoints);
    // The writer gave no activities: they come from the new text.
    expect(change.activities!.length).toBeGreaterThan(0);
    expect(changeLines(planned)[0]).toMatch(/^Module 1, lesson "Reporting Incidents": rewritten from the library's material \(\d+ → \d+ words\), citing "Safety at Work: Reporting"$/);
  });

  it('keeps a lesson whose rewrite says no more, and notes why', () => {
    const short = lessonFactory({ title: 'Reporting Incidents', content: SHORT_READING, keyPoints: ['x'], activities: ['y'] });
    const planned = planModuleEnhancement(storedModule([short, lessonFactory({ type: 'quiz' })]), 1, new Map([[short.id, { ...REWRITE, content: SHORT_READING }]]));
    expect(planned.lessons).toEqual([]);
    expect(planned.notes[0]).toMatch(/^Module 1, lesson "Reporting Incidents": too short \(\d+ words; a reading lesson needs 150\) and left as it is: /);
  });

  it('plans the same nothing for a module it already enhanced', () => {
    const module = storedModule([lessonFactory({ content: SOUND_READING })], 'Hazards');
    const first = planModuleEnhancement(module, 1, new Map());
    const applied: StoredModule = {
      ...module,
      lessons: [
        ...module.lessons.map((lesson) => ({ ...lesson, keyPoints: first.lessons[0].keyPoints!, activities: first.lessons[0].activities! })),
        { ...first.quiz!, id: '0f1e2d3c-4b5a-4968-8776-655443322110' },
      ],
    };
    expect(changeLines(planModuleEnhancement(applied, 1, new Map()))).toEqual([]);
  });
});
