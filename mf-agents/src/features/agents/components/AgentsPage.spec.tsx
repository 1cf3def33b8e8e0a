import { renderWithMasar } from '@masar/shell/testing';
import { screen } from '@testing-library/react';
import { AgentsPage } from './AgentsPage';

describe('AgentsPage', () => {
  it('shows zero tasks, the three agents and an empty Active Tasks list', () => {
    renderWithMasar(<AgentsPage />, { route: '/ai-agents' });
    expect(screen.getByText('AI Agents Control Center')).toBeTruthy();
    expect(screen.getAllByTestId('stat-card').map((card) => card.textContent)).toEqual([
      'Total Tasks0',
      'Running0',
      'Completed0',
      'Failed0',
    ]);
    expect(screen.getAllByTestId('agent-card').map((card) => card.querySelector('h4')?.textContent)).toEqual([
      'Course Creation Agent',
      'Quality Assurance Agent',
      'Content Enhancement Agent',
    ]);
    expect(screen.getByTestId('active-tasks-empty').textContent).toContain('No agent tasks are running.');
  });
});
