import type { CourseDetail } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildCourseDetail, buildLesson, buildModule } from '../../courses/course.factory';
import { CourseStructureEditor } from './CourseStructureEditor';

const course = buildCourseDetail({
  title: 'Spreadsheet Basics',
  modules: [
    buildModule({ title: 'Getting started', lessons: [buildLesson({ title: 'Cells' }), buildLesson({ title: 'Rows' }), buildLesson({ title: 'Columns' })] }),
    buildModule({ title: 'Formulas', lessons: [buildLesson({ title: 'Sums' })] }),
  ],
});
const [started] = course.modules;
const [cells, rows, columns] = started.lessons;

/**
 * jsdom lays nothing out: every lesson row gets a 40 px box, stacked 50 px apart in document order,
 * so dnd-kit's keyboard sensor can tell what is below what (modules and lists get a box around theirs).
 */
function layOutRows() {
  const box = (top: number, height: number) => ({ x: 0, y: top, top, left: 0, right: 600, bottom: top + height, width: 600, height, toJSON: () => ({}) }) as DOMRect;
  return jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const lessonRows = [...document.querySelectorAll('[data-testid="structure-lesson"]')];
    const index = lessonRows.indexOf(this);
    if (index >= 0) return box(100 + index * 50, 40);
    const inside = lessonRows.filter((row) => this.contains(row)).map((row) => lessonRows.indexOf(row));
    if (inside.length > 0) return box(100 + inside[0] * 50 - 5, (inside[inside.length - 1] - inside[0]) * 50 + 50);
    return box(0, 0);
  });
}

function renderEditor(reply?: (request: Request) => Response | Promise<Response>) {
  const gateway = stubGateway({
    'PUT /api/courses/:id/modules/:moduleId/lessons/order': async (request: Request) => {
      if (reply) return reply(request);
      const { lessonIds } = (await request.json()) as { lessonIds: string[] };
      const byId = new Map(started.lessons.map((lesson) => [lesson.id, lesson]));
      const changed: CourseDetail = { ...course, modules: [{ ...started, lessons: lessonIds.map((id) => byId.get(id)!) }, course.modules[1]] };
      return jsonResponse({ course: changed });
    },
  });
  renderWithMasar(<CourseStructureEditor course={course} />);
  return gateway;
}

const lessonTitles = () => screen.getAllByTestId('structure-lesson-title').map((title) => title.textContent);

const nextTick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** Picks a lesson up by its grip with the keyboard, moves it one row down and drops it (the sensor listens from the next tick on). */
async function dragOneDown(title: string) {
  const handle = screen.getByRole('button', { name: `Drag to move: ${title}` });
  handle.focus();
  fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  await nextTick();
  fireEvent.keyDown(handle, { code: 'ArrowDown', key: 'ArrowDown' });
  await nextTick();
  fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  await nextTick();
}

let layout: jest.SpyInstance;
beforeEach(() => {
  layout = layOutRows();
});
afterEach(async () => {
  layout.mockRestore();
  await act(() => changeLanguage('en'));
});

describe('dragging modules and lessons in the structure editor', () => {
  it('gives every module and lesson a grip that is a focusable, labelled button, beside the move buttons', () => {
    renderEditor();
    const handles = screen.getAllByTestId('drag-handle');
    expect(handles).toHaveLength(2 + 4);
    for (const handle of handles) {
      expect(handle.tagName).toBe('BUTTON');
      expect(handle.getAttribute('tabindex')).toBe('0');
      expect(handle.getAttribute('aria-roledescription')).toBe('movable item');
    }
    expect(screen.getByRole('button', { name: 'Drag to move: Formulas' })).toBeTruthy();
    expect(screen.getAllByTestId('move-up')).toHaveLength(6);
  });

  it('moves a lesson down with the keyboard: shown at once, one PUT of the new order, a toast', async () => {
    const gateway = renderEditor();
    await dragOneDown('Cells');
    await waitFor(() => expect(gateway.callsTo('PUT', /lessons\/order$/)).toHaveLength(1));
    expect(lessonTitles()).toEqual(['Rows', 'Cells', 'Columns', 'Sums']);
    const [put] = gateway.callsTo('PUT', /lessons\/order$/);
    expect(put.path).toBe(`/api/courses/${course.id}/modules/${started.id}/lessons/order`);
    expect(put.json).toEqual({ lessonIds: [rows.id, cells.id, columns.id] });
    expect((await screen.findByTestId('toast')).textContent).toContain('Lesson moved');
  });

  it('puts the lesson back and shows the server’s reason when the drop is refused', async () => {
    let answer: (response: Response) => void = () => undefined;
    const gateway = renderEditor(() => new Promise<Response>((resolve) => (answer = resolve)));
    await dragOneDown('Cells');
    await waitFor(() => expect(gateway.callsTo('PUT', /lessons\/order$/)).toHaveLength(1));
    // Optimistic: the new order shows while the server has not answered.
    expect(lessonTitles()).toEqual(['Rows', 'Cells', 'Columns', 'Sums']);
    answer(jsonResponse({ statusCode: 400, message: "The order must list each of the module's lessons once" }, 400));
    const toast = (await screen.findByTestId('toast')).textContent ?? '';
    expect(toast).toContain('Could not change the course');
    expect(toast).toContain("The order must list each of the module's lessons once");
    expect(lessonTitles()).toEqual(['Cells', 'Rows', 'Columns', 'Sums']);
  });

  it('warns, in English and Arabic, when a lesson added to a published course moves it back to draft', async () => {
    const published: CourseDetail = { ...course, publication: { status: 'published', publishedAt: '2026-11-20T09:00:00.000Z', problems: [] } };
    const backToDraft = (): Response =>
      jsonResponse({
        course: {
          ...published,
          publication: {
            status: 'draft',
            publishedAt: '2026-11-20T09:00:00.000Z',
            problems: [{ kind: 'placeholder-lesson', moduleId: started.id, lessonId: cells.id, title: 'Pivots', message: 'The lesson "Pivots" holds placeholder text' }],
          },
        },
      });
    for (const [language, title] of [['en', 'Course moved back to draft'], ['ar', 'أُعيدت الدورة إلى مسودة']] as const) {
      await act(() => changeLanguage(language));
      stubGateway({ 'POST /api/courses/:id/modules/:moduleId/lessons': backToDraft });
      const view = renderWithMasar(<CourseStructureEditor course={published} />);
      fireEvent.click(screen.getAllByTestId('add-lesson')[0]);
      fireEvent.change(await screen.findByTestId('add-lesson-title'), { target: { value: 'Pivots' } });
      fireEvent.change(screen.getByTestId('add-lesson-content'), { target: { value: 'Content goes here. TBD.' } });
      fireEvent.click(screen.getByTestId('add-lesson-save'));
      expect((await screen.findByTestId('toast')).textContent).toContain(title);
      view.unmount();
    }
  });

  it('speaks Arabic: the grips, their role and the keyboard instructions', async () => {
    await act(() => changeLanguage('ar'));
    renderEditor();
    const handle = screen.getByRole('button', { name: 'اسحب للنقل: Cells' });
    expect(handle.getAttribute('aria-roledescription')).toBe('عنصر قابل للنقل');
    const instructionsId = handle.getAttribute('aria-describedby')!;
    expect(document.getElementById(instructionsId)?.textContent).toContain('مفتاح المسافة');
    expect(within(screen.getByTestId('course-structure-editor')).getAllByTestId('drag-handle')).toHaveLength(6);
  });
});
