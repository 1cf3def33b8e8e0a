import { buildUser, renderWithMasar } from '@masar/shell/testing';
import { fireEvent, screen } from '@testing-library/react';
import type { User } from '@masar/contracts';
import { authApi } from '../../auth/auth.api';
import { HomePage } from './HomePage';

function renderHomeFor(user: User) {
  const view = renderWithMasar(<HomePage />);
  // The session is already known, as after the shell's first GET /api/auth/user.
  view.store.dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, user));
  return view;
}

describe('HomePage', () => {
  beforeEach(() => {
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
  });

  it('never shows the Admin Controls to a learner', async () => {
    renderHomeFor(buildUser({ role: 'learner', firstName: 'Layla' }));
    expect(await screen.findByText('Welcome, Layla')).toBeTruthy();
    expect(screen.getByTestId('job-role-selector')).toBeTruthy();
    expect(screen.getByText('OR')).toBeTruthy();
    expect(screen.getByTestId('upload-job-description-card')).toBeTruthy();
    expect(screen.queryByTestId('admin-controls')).toBeNull();
  });

  it('shows an admin the Admin Controls with Manage Courses linking to /courses', async () => {
    renderHomeFor(buildUser({ role: 'admin' }));
    const controls = await screen.findByTestId('admin-controls');
    expect(controls.textContent).toContain('Upload Job Description');
    expect(screen.getByTestId('admin-manage-courses').getAttribute('href')).toBe('/courses');
  });

  it("asks for a role before generating: 'No Job Role Selected'", async () => {
    renderHomeFor(buildUser());
    fireEvent.click(await screen.findByTestId('generate-button'));
    expect(await screen.findByText('No Job Role Selected')).toBeTruthy();
    expect(screen.getByText('Please select a job role first.')).toBeTruthy();
  });
});
