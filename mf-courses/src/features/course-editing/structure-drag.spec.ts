import { buildCourseDetail, buildLesson, buildModule } from '../courses/course.factory';
import { courseAfter, dragIdOf, dropOf, parseDragId } from './structure-drag';

const course = buildCourseDetail({
  modules: [
    buildModule({ title: 'Basics', lessons: [buildLesson({ title: 'A1' }), buildLesson({ title: 'A2' }), buildLesson({ title: 'A3' })] }),
    buildModule({ title: 'Formulas', lessons: [buildLesson({ title: 'B1' })] }),
    buildModule({ title: 'Empty', lessons: [] }),
  ],
});
const [basics, formulas, empty] = course.modules;
const [a1, a2, a3] = basics.lessons;
const [b1] = formulas.lessons;
const moduleTarget = (id: string) => ({ kind: 'module' as const, id });
const lesson = (id: string) => ({ kind: 'lesson' as const, id });
const list = (id: string) => ({ kind: 'lessonList' as const, id });
const titles = (detail: typeof course) => detail.modules.map((m) => `${m.title}: ${m.lessons.map((l) => l.title).join(',')}`);

describe('structure drag and drop', () => {
  it('reads back the ids it gives, and nothing else', () => {
    expect(parseDragId(dragIdOf.module(basics.id))).toEqual(moduleTarget(basics.id));
    expect(parseDragId(dragIdOf.lesson(a1.id))).toEqual(lesson(a1.id));
    expect(parseDragId(dragIdOf.lessonList(empty.id))).toEqual(list(empty.id));
    expect(parseDragId('course:x')).toBeNull();
    expect(parseDragId('module:')).toBeNull();
  });

  it('reorders modules with the full new order, and lays the course out as it will be', () => {
    const drop = dropOf(course, moduleTarget(empty.id), moduleTarget(basics.id));
    expect(drop).toEqual({ kind: 'reorderModules', moduleIds: [empty.id, basics.id, formulas.id] });
    expect(titles(courseAfter(course, drop!))).toEqual(['Empty: ', 'Basics: A1,A2,A3', 'Formulas: B1']);
    // A module dropped on itself, on a lesson or nowhere changes nothing.
    expect(dropOf(course, moduleTarget(basics.id), moduleTarget(basics.id))).toBeNull();
    expect(dropOf(course, moduleTarget(basics.id), lesson(b1.id))).toBeNull();
    expect(dropOf(course, moduleTarget(basics.id), null)).toBeNull();
  });

  it('reorders a lesson within its module (down lands after, up before)', () => {
    const down = dropOf(course, lesson(a1.id), lesson(a3.id));
    expect(down).toEqual({ kind: 'reorderLessons', moduleId: basics.id, lessonIds: [a2.id, a3.id, a1.id] });
    const up = dropOf(course, lesson(a3.id), lesson(a1.id));
    expect(titles(courseAfter(course, up!))[0]).toBe('Basics: A3,A1,A2');
    expect(dropOf(course, lesson(a2.id), lesson(a2.id))).toBeNull();
    // Its own module's list is where it already is.
    expect(dropOf(course, lesson(a2.id), list(basics.id))).toBeNull();
  });

  it('moves a lesson into another module before or after the lesson it lands on, or to the end of a list', () => {
    const before = dropOf(course, lesson(a2.id), lesson(b1.id), false);
    expect(before).toEqual({ kind: 'moveLesson', lessonId: a2.id, moduleId: formulas.id, position: 0 });
    expect(titles(courseAfter(course, before!))).toEqual(['Basics: A1,A3', 'Formulas: A2,B1', 'Empty: ']);
    const after = dropOf(course, lesson(a2.id), lesson(b1.id), true);
    expect(titles(courseAfter(course, after!))[1]).toBe('Formulas: B1,A2');
    const intoEmpty = dropOf(course, lesson(a1.id), list(empty.id));
    expect(intoEmpty).toEqual({ kind: 'moveLesson', lessonId: a1.id, moduleId: empty.id, position: 0 });
    expect(titles(courseAfter(course, intoEmpty!))).toEqual(['Basics: A2,A3', 'Formulas: B1', 'Empty: A1']);
    // The lesson keeps its id wherever it goes.
    expect(courseAfter(course, intoEmpty!).modules[2].lessons[0]).toBe(a1);
  });

  it('ignores ids the course does not have', () => {
    expect(dropOf(course, lesson('not-here'), lesson(b1.id))).toBeNull();
    expect(dropOf(course, lesson(a1.id), list('not-here'))).toBeNull();
    expect(dropOf(course, moduleTarget('not-here'), moduleTarget(basics.id))).toBeNull();
  });
});
