import { buildUser, jsonResponse, renderWithMasar } from '@masar/shell/testing';
import { screen } from '@testing-library/react';
import { initialOf, ProgressPage } from './ProgressPage';

describe('initialOf', () => {
  it("takes the first letter of the first name, or 'U'", () => {
    expect(initialOf('layla')).toBe('L');
    expect(initialOf('  ')).toBe('U');
    expect(initialOf(undefined)).toBe('U');
  });
});

describe('ProgressPage', () => {
  it('shows true zero figures and the No Courses Available state with Browse Courses', async () => {
    globalThis.fetch = jest.fn(async () => jsonResponse(buildUser({ firstName: 'Omar' }))) as unknown as typeof fetch;
    renderWithMasar(<ProgressPage />, { route: '/progress' });

    expect((await screen.findByText('O')).closest('[data-testid="progress-initial"]')).toBeTruthy();
    const titles = screen.getAllByTestId('stat-card').map((card) => card.textContent);
    expect(titles).toEqual(['Overall Progress0%', 'Completed0', 'In Progress0', 'Pending0']);
    const empty = screen.getByTestId('progress-empty');
    expect(empty.textContent).toContain('No Courses Available');
    expect(empty.textContent).toContain('Browse Courses');
  });
});
