import {
  CandidateLesson,
  dominantCategory,
  durationMinutes,
  estimatedHoursOf,
  planCourseOutline,
  trimToParagraphs,
} from './course-outline-planner';

let sequence = 0;
function candidate(fields: Partial<CandidateLesson> & Pick<CandidateLesson, 'moduleId' | 'lessonPosition'>): CandidateLesson {
  sequence += 1;
  return {
    lessonId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    lessonTitle: `Lesson ${sequence}`,
    type: 'reading',
    duration: '20 min',
    content: `Text of lesson ${sequence}.`,
    keyPoints: [`Point ${sequence}`],
    activities: [`Activity ${sequence}`],
    moduleTitle: `Module ${fields.moduleId}`,
    moduleDescription: `About ${fields.moduleId}`,
    courseId: '10000000-0000-4000-8000-000000000001',
    courseTitle: 'Source course',
    courseCategory: 'Data Analysis',
    skillMatches: 1,
    textRank: 0.1,
    ...fields,
  };
}

describe('planCourseOutline', () => {
  it('keeps the best source module whole, in its own lesson order, and cites each lesson it reuses', () => {
    const strong = [
      candidate({ moduleId: 'sql', lessonPosition: 1, lessonTitle: 'Joins', skillMatches: 2, textRank: 0.5 }),
      candidate({ moduleId: 'sql', lessonPosition: 0, lessonTitle: 'SELECT basics', skillMatches: 2, textRank: 0.4 }),
    ];
    const weak = [candidate({ moduleId: 'excel', lessonPosition: 0, lessonTitle: 'Pivot tables', skillMatches: 0, textRank: 0.2 })];
    const [module] = planCourseOutline([...weak, ...strong], { courseTitle: 'Reporting', numberOfModules: 1, lessonsPerModule: 2 });
    expect(module.title).toBe('Module sql');
    expect(module.description).toBe('About sql');
    expect(module.lessons.map((lesson) => lesson.title)).toEqual(['SELECT basics', 'Joins']);
    expect(module.lessons[0].sources).toEqual([
      expect.objectContaining({ origin: 'catalog', lessonId: strong[1].lessonId, lessonTitle: 'SELECT basics', courseTitle: 'Source course' }),
    ]);
  });

  it('tops a short source module up with the next best lessons, and never uses a lesson twice', () => {
    const lessons = [
      candidate({ moduleId: 'a', lessonPosition: 0, skillMatches: 3 }),
      candidate({ moduleId: 'b', lessonPosition: 0, skillMatches: 2 }),
      candidate({ moduleId: 'b', lessonPosition: 1, skillMatches: 2 }),
      candidate({ moduleId: 'c', lessonPosition: 0, skillMatches: 1 }),
    ];
    const modules = planCourseOutline(lessons, { courseTitle: 'Course', numberOfModules: 2, lessonsPerModule: 2 });
    const used = modules.flatMap((module) => module.lessons.flatMap((lesson) => lesson.sources.map((source) => source.lessonId)));
    expect(new Set(used).size).toBe(used.length);
    expect(modules[0].lessons).toHaveLength(2);
    expect(modules[0].title).toBe('Module a');
    expect(modules[1].title).toBe('Module b');
  });

  it('ends a module of three or more lessons with a quiz on that module’s own sources', () => {
    const lessons = [0, 1, 2].map((position) => candidate({ moduleId: 'm', lessonPosition: position }));
    const [module] = planCourseOutline(lessons, { courseTitle: 'Course', numberOfModules: 1, lessonsPerModule: 3 });
    expect(module.lessons.map((lesson) => lesson.type)).toEqual(['reading', 'reading', 'quiz']);
    expect(module.lessons[2].title).toBe('Module 1 Quiz: Module m');
    expect(module.lessons[2].sources.map((source) => source.lessonId)).toEqual(
      module.lessons.slice(0, 2).map((lesson) => lesson.sources[0].lessonId),
    );
  });

  it('leaves slots nothing matches without sources rather than borrowing unrelated text', () => {
    const modules = planCourseOutline([], { courseTitle: 'Beekeeping', numberOfModules: 2, lessonsPerModule: 2, firstModuleNumber: 4 });
    expect(modules).toHaveLength(2);
    expect(modules[0].title).toBe('Beekeeping: module 4');
    expect(modules.flatMap((module) => module.lessons.map((lesson) => lesson.sources))).toEqual([[], [], [], []]);
    expect(modules[1].lessons.map((lesson) => lesson.key)).toEqual(['m5-l1', 'm5-l2']);
  });
});

describe('outline helpers', () => {
  it('keeps whole paragraphs within the limit', () => {
    expect(trimToParagraphs('First paragraph.\n\nSecond one is longer.', 20)).toBe('First paragraph.');
    expect(trimToParagraphs('Short.', 20)).toBe('Short.');
  });

  it('reads durations and totals them to the half hour', () => {
    expect(durationMinutes('20 min')).toBe(20);
    expect(durationMinutes('1 hour 30 minutes')).toBe(90);
    expect(durationMinutes('soon')).toBe(0);
    expect(estimatedHoursOf(['20 min', '25 min', '45 min'])).toBe(1.5);
    expect(estimatedHoursOf(['20 min', '25 min', '1 hour'])).toBe(2);
    expect(estimatedHoursOf([])).toBe(0.5);
  });

  it('names the category most used sources come from', () => {
    const lessons = [
      candidate({ moduleId: 'x', lessonPosition: 0, courseCategory: 'Finance' }),
      candidate({ moduleId: 'x', lessonPosition: 1, courseCategory: 'Finance' }),
      candidate({ moduleId: 'y', lessonPosition: 0, courseCategory: 'Sales', skillMatches: 0 }),
    ];
    const outline = planCourseOutline(lessons, { courseTitle: 'C', numberOfModules: 1, lessonsPerModule: 2 });
    expect(dominantCategory(lessons, outline)).toBe('Finance');
    expect(dominantCategory([], [])).toBeNull();
  });
});
