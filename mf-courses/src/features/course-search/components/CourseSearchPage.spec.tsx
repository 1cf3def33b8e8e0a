import { jsonResponse, renderWithMasar } from '@masar/shell/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildCourse, coursePage } from '../../courses/course.factory';
import { CourseSearchPage } from './CourseSearchPage';

describe('CourseSearchPage', () => {
  const fetchMock = jest.fn<Promise<Response>, [Request]>();
  const searchButton = () => screen.getByTestId('course-search-button') as HTMLButtonElement;

  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => jsonResponse(coursePage([buildCourse({ title: 'Effective Technical Selling' })])));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it("starts on 'Search Your Course Library' with Search disabled while the box is empty", () => {
    renderWithMasar(<CourseSearchPage />, { route: '/course-search' });
    expect(screen.getByTestId('course-search-empty').textContent).toContain('Search Your Course Library');
    expect(searchButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Search text'), { target: { value: '   ' } });
    expect(searchButton().disabled).toBe(true);
  });

  it('searches the library for the typed text', async () => {
    renderWithMasar(<CourseSearchPage />, { route: '/course-search' });
    fireEvent.change(screen.getByLabelText('Search text'), { target: { value: ' selling ' } });
    expect(searchButton().disabled).toBe(false);
    fireEvent.click(searchButton());

    expect((await screen.findByTestId('course-card')).textContent).toContain('Effective Technical Selling');
    expect(screen.getByText('Courses found: 1')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.at(-1)?.[0].url).toBe('http://masar.test/api/courses?q=selling'));
  });
});
