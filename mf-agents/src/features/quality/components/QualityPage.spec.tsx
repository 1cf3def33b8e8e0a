import { renderWithMasar } from '@masar/shell/testing';
import { screen } from '@testing-library/react';
import { QualityPage } from './QualityPage';

describe('QualityPage', () => {
  it('shows the Quality Assurance frame with its empty state and a way to the agents', () => {
    renderWithMasar(<QualityPage />, { route: '/quality' });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Quality Assurance');
    expect(screen.getByTestId('quality-empty').textContent).toContain('No quality checks yet');
    expect(screen.getByText('Open the AI Agents Control Center').closest('a')?.getAttribute('href')).toBe('/ai-agents');
  });
});
