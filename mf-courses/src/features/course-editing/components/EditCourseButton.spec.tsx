import type { CourseDetail } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { buildCourseDetail, buildExternalCourse } from '../../courses/course.factory';
import { CoursesPage } from '../../courses/components/CoursesPage';

const course = buildCourseDetail({
  title: 'Negotiation Skills',
  titleAr: 'مهارات التفاوض',
  description: 'Prepare, open and close negotiations.',
  objective: 'Reach a durable agreement.',
  duration: '4 weeks',
  format: 'Online',
  departmentOwner: 'Sales',
  color: 'orange',
  abbreviation: 'NEG',
  level: 'beginner',
  category: 'Sales',
  prerequisites: ['Basic business communication'],
  skills: ['Negotiation'],
});

function renderDetail(id: string) {
  return renderWithMasar(
    <Routes>
      <Route path="/courses/*" element={<CoursesPage />} />
    </Routes>,
    { route: `/courses/${id}` },
  );
}

/** The gateway holding one course that PUT changes, as svc-courses would. */
function editableGateway(reply?: () => Response) {
  let current: CourseDetail = course;
  return stubGateway(
    {
      'GET /api/courses/:id': () => jsonResponse({ course: current }),
      'PUT /api/courses/:id': async (request: Request) => {
        if (reply) return reply();
        current = { ...current, ...((await request.json()) as Partial<CourseDetail>) };
        return jsonResponse({ course: current });
      },
    },
    buildUser({ role: 'admin' }),
  );
}

const field = (name: string) => screen.getByTestId(`edit-course-${name}`) as HTMLInputElement;

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('editing a course from its page', () => {
  it('opens prefilled in both languages, saves the changes with PUT, toasts and shows the new title', async () => {
    const gateway = editableGateway();
    renderDetail(course.id);
    fireEvent.click(await screen.findByTestId('edit-course'));
    expect(field('title').value).toBe('Negotiation Skills');
    expect(field('titleAr').value).toBe('مهارات التفاوض');
    expect(field('objective').value).toBe('Reach a durable agreement.');

    fireEvent.change(field('title'), { target: { value: 'Negotiation for Buyers' } });
    fireEvent.change(field('titleAr'), { target: { value: 'التفاوض للمشترين' } });
    fireEvent.change(field('objective'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('edit-course-save'));

    expect((await screen.findByTestId('toast')).textContent).toContain('Course updated');
    const [put] = gateway.callsTo('PUT', /courses/);
    expect(put.path).toBe(`/api/courses/${course.id}`);
    expect(put.json).toMatchObject({
      title: 'Negotiation for Buyers',
      titleAr: 'التفاوض للمشترين',
      objective: null,
      duration: '4 weeks',
      level: 'beginner',
      category: 'Sales',
      prerequisites: ['Basic business communication'],
      skills: ['Negotiation'],
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Negotiation for Buyers'));
  });

  it("shows the create form's message for a blank title and sends nothing", async () => {
    const gateway = editableGateway();
    renderDetail(course.id);
    fireEvent.click(await screen.findByTestId('edit-course'));
    fireEvent.change(field('title'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('edit-course-save'));
    expect(await within(screen.getByTestId('edit-course-form')).findByText('Title is required')).toBeTruthy();
    expect(gateway.callsTo('PUT', /courses/)).toEqual([]);
  });

  it("toasts 'Error updating course' with the server's message and keeps the dialog open", async () => {
    editableGateway(() => jsonResponse({ statusCode: 409, message: 'External training cannot be edited here' }, 409));
    renderDetail(course.id);
    fireEvent.click(await screen.findByTestId('edit-course'));
    fireEvent.click(screen.getByTestId('edit-course-save'));
    const toast = (await screen.findByTestId('toast')).textContent ?? '';
    expect(toast).toContain('Error updating course');
    expect(toast).toContain('External training cannot be edited here');
    expect(field('title').value).toBe('Negotiation Skills');
  });

  it('is offered in Arabic, to admins only and not on external training', async () => {
    await act(() => changeLanguage('ar'));
    editableGateway();
    const admin = renderDetail(course.id);
    fireEvent.click(await screen.findByTestId('edit-course'));
    expect(screen.getByTestId('edit-course').textContent).toContain('تعديل الدورة');
    expect(screen.getByText('العنوان بالعربية')).toBeTruthy();
    expect(screen.getByTestId('edit-course-save').textContent).toContain('حفظ التغييرات');
    admin.unmount();

    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course }) }, buildUser({ role: 'learner' }));
    const learner = renderDetail(course.id);
    expect(await screen.findByTestId('course-detail')).toBeTruthy();
    expect(screen.queryByTestId('edit-course')).toBeNull();
    learner.unmount();

    const external = { ...buildExternalCourse({ title: 'Provider Course' }), prerequisites: [], modules: [] };
    stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course: external }) }, buildUser({ role: 'admin' }));
    renderDetail(external.id);
    expect(await screen.findByTestId('course-detail')).toBeTruthy();
    expect(screen.queryByTestId('edit-course')).toBeNull();
  });
});
