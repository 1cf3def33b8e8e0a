import { renderWithMasar, stubGateway } from '@masar/shell/testing';
import { fireEvent, screen } from '@testing-library/react';
import { buildJobDescription, buildSkill } from '../job-description.factory';
import { JobDescriptionCard } from './JobDescriptionCard';

describe('JobDescriptionCard', () => {
  beforeEach(() => stubGateway({}));

  it('shows the title, created date, the first 150 characters and the first 4 skills with +N more', () => {
    const content = `${'Lead the analytics team. '.repeat(10)}TAIL-NOT-SHOWN`;
    const jobDescription = buildJobDescription({
      title: 'Analytics Lead',
      content,
      createdAt: '2026-03-02T10:00:00.000Z',
      extractedSkills: ['SQL', 'Python', 'Tableau', 'Statistics', 'Leadership', 'Budgeting', 'Hiring'].map((name) => buildSkill(name)),
    });
    const onViewSkills = jest.fn();
    renderWithMasar(<JobDescriptionCard jobDescription={jobDescription} canDelete={false} onViewSkills={onViewSkills} />);
    const card = screen.getByTestId('job-description-card');

    expect(card.textContent).toContain('Analytics Lead');
    expect(card.textContent).toContain('Created Mar 2, 2026');
    expect(card.textContent).toContain(`${content.slice(0, 150).trimEnd()}…`);
    expect(card.textContent).not.toContain('TAIL-NOT-SHOWN');
    expect(card.textContent).toContain('Extracted skills: 7');
    for (const shown of ['SQL', 'Python', 'Tableau', 'Statistics']) expect(screen.getByText(shown)).toBeTruthy();
    expect(screen.queryByText('Leadership')).toBeNull();
    expect(card.textContent).toContain('+3 more');
    expect(screen.queryByTestId('delete-job-description')).toBeNull();

    fireEvent.click(screen.getByTestId('view-skills'));
    expect(onViewSkills).toHaveBeenCalledWith(jobDescription);
  });

  it('marks a reviewed posting with its count of confirmed skills', () => {
    const sql = buildSkill('SQL');
    const jobDescription = buildJobDescription({
      reviewedSkills: {
        approved: [sql],
        notApproved: [],
        removed: [],
        custom: [buildSkill('Negotiation', { confidence: 1, category: 'behavioral' })],
        reviewedBy: '00000000-0000-4000-8000-000000000001',
        reviewedAt: '2026-03-03T08:00:00.000Z',
      },
    });
    renderWithMasar(<JobDescriptionCard jobDescription={jobDescription} canDelete onViewSkills={jest.fn()} />);
    expect(screen.getByTestId('job-description-reviewed').textContent).toContain('Reviewed · confirmed skills: 2');
    expect(screen.getByTestId('delete-job-description')).toBeTruthy();
  });

  it('previews an Arabic posting right to left', () => {
    const jobDescription = buildJobDescription({ content: 'نبحث عن محلل بيانات يتقن SQL.', detectedLanguage: 'ar' });
    renderWithMasar(<JobDescriptionCard jobDescription={jobDescription} canDelete={false} onViewSkills={jest.fn()} />);
    const preview = screen.getByText('نبحث عن محلل بيانات يتقن SQL.');
    expect(preview.getAttribute('dir')).toBe('rtl');
    expect(preview.getAttribute('lang')).toBe('ar');
  });
});
