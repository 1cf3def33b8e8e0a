import { buildUser, renderWithMasar } from '@masar/shell/testing';
import { act, screen } from '@testing-library/react';
import { AppHeader } from './AppHeader';

describe('AppHeader', () => {
  // antd's menu measures its items once after mounting; let it settle inside act().
  const settle = () => act(async () => undefined);

  it("shows a learner the navigation without the admins' Dashboard and Quality Assurance", async () => {
    renderWithMasar(<AppHeader user={buildUser({ role: 'learner', firstName: 'Layla' })} isCompact={false} />);
    await settle();
    for (const label of ['Home', 'Courses', 'Job Roles', 'Progress', 'Logout']) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(screen.queryByTestId('nav-dashboard')).toBeNull();
    expect(screen.queryByTestId('nav-quality')).toBeNull();
    expect(screen.getByTestId('user-first-name').textContent).toBe('Layla');
  });

  it('shows an admin the Dashboard and Quality Assurance links', async () => {
    renderWithMasar(<AppHeader user={buildUser({ role: 'admin' })} isCompact={false} />);
    await settle();
    expect(screen.getByTestId('nav-dashboard').getAttribute('href')).toBe('/dashboard');
    expect(screen.getByTestId('nav-quality').getAttribute('href')).toBe('/quality');
  });

  it('leaves the links and the language switch to the bottom bar and Profile drawer on small screens', () => {
    renderWithMasar(<AppHeader user={buildUser({ role: 'admin', firstName: 'Amal' })} isCompact />);
    expect(screen.queryByTestId('nav-dashboard')).toBeNull();
    expect(screen.queryByTestId('language-switch')).toBeNull();
    expect(screen.queryByTestId('logout-button')).toBeNull();
    expect(screen.getByTestId('user-first-name').textContent).toBe('Amal');
  });
});
