import { deriveObjective } from '@masar/contracts';
import { buildUser, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildFile } from '../creation-task.factory';
import type { CourseCreationRequest } from '../hooks/useCourseCreation';
import { AiGenerateTab } from './AiGenerateTab';

function renderTab() {
  stubGateway({}, buildUser({ role: 'admin' }));
  const onSubmit = jest.fn<void, [CourseCreationRequest]>();
  return { ...renderWithMasar(<AiGenerateTab onSubmit={onSubmit} busy={false} />), onSubmit };
}

const submitButton = () => screen.getByTestId('ai-generate-submit') as HTMLButtonElement;
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('AI Generate', () => {
  it('keeps Generate disabled while the description is empty or blank', async () => {
    const { onSubmit } = renderTab();
    expect(submitButton().disabled).toBe(true);
    type('ai-description', '   \n ');
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    fireEvent.click(submitButton());
    type('ai-description', 'Excel pivot tables for analysts');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the title it will derive from the description while the title is empty', async () => {
    renderTab();
    expect(screen.queryByTestId('ai-derived-title')).toBeNull();
    type('ai-description', 'Build a training program about cyber security awareness for office staff');
    await waitFor(() =>
      expect(screen.getByTestId('ai-derived-title').textContent).toBe('The course will be titled “Cyber Security Awareness for Office Staff”'),
    );
    expect(screen.getByTestId('ai-title').getAttribute('placeholder')).toBe('Cyber Security Awareness for Office Staff');

    type('ai-description', 'Excel pivot tables for analysts');
    await waitFor(() => expect(screen.getByTestId('ai-derived-title').textContent).toBe('The course will be titled “Excel pivot tables for”'));

    type('ai-title', 'Pivot Tables');
    await waitFor(() => expect(screen.queryByTestId('ai-derived-title')).toBeNull());
  });

  it('completes the course from the description: derived title, objective, abbreviation and the AI defaults', async () => {
    const { onSubmit } = renderTab();
    type('ai-description', 'Create a course on project budgeting for new managers');
    type('ai-modules', 'many');
    type('ai-lessons', '3');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({
      kind: 'create',
      form: expect.objectContaining({
        title: 'Project Budgeting for New Managers',
        description: 'Create a course on project budgeting for new managers',
        objective: deriveObjective('Project Budgeting for New Managers'),
        duration: '10-12 weeks',
        format: 'Online',
        departmentOwner: 'AI Generated',
        color: 'purple',
        abbreviation: 'PBF',
        numberOfModules: 6,
        lessonsPerModule: 3,
        language: 'en',
      }),
    });
  });

  it('keeps a given title and objective, and sends the materials with them', async () => {
    const { onSubmit } = renderTab();
    type('ai-description', 'Quarterly planning with OKRs');
    type('ai-title', 'OKR Planning');
    type('ai-objective', 'Write OKRs for your team.');
    fireEvent.change(screen.getByTestId('ai-materials-input'), { target: { files: [buildFile('okr-guide.pdf', 'application/pdf')] } });
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const request = onSubmit.mock.calls[0][0];
    expect(request.kind).toBe('ai-generate-with-files');
    if (request.kind !== 'ai-generate-with-files') return;
    expect(request.form).toMatchObject({ title: 'OKR Planning', objective: 'Write OKRs for your team.', abbreviation: 'OP' });
    expect(request.files.map((file) => file.name)).toEqual(['okr-guide.pdf']);
  });
});
