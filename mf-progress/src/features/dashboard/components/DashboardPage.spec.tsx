import { jsonResponse, renderWithMasar } from '@masar/shell/testing';
import { screen, waitFor } from '@testing-library/react';
import { DashboardPage } from './DashboardPage';

describe('DashboardPage', () => {
  it('shows the real course count and no invented figures', async () => {
    const fetchMock = jest.fn(async () => jsonResponse({ items: [], total: 12, page: 1, pageSize: 1 }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderWithMasar(<DashboardPage />, { route: '/dashboard' });

    expect(screen.getByText('Dashboard Overview')).toBeTruthy();
    expect(screen.getByTestId('dashboard-figures-note').textContent).toContain(
      'Figures appear here as learning paths are generated.',
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('stat-card').map((card) => card.textContent)).toEqual([
        'Active Learning Paths—',
        'Skills Mapped—',
        'Available Courses12',
        'Completion Rate—',
      ]),
    );
    expect((fetchMock.mock.calls[0] as unknown as [Request])[0].url).toBe('http://masar.test/api/courses?pageSize=1');
    expect(screen.getByText('No learning paths have been generated yet.')).toBeTruthy();
    expect(screen.getByText('No activity has been recorded yet.')).toBeTruthy();
  });
});
