import type { User } from '@masar/contracts';
import { buildUser, renderWithMasar } from '@masar/shell/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { authApi } from '../../auth/auth.api';
import type { RemoteModuleLoader } from '../../remotes/remote-registry';
import type { ConfirmedSkillsHandoff, JobDescriptionWorkflowProps } from '../job-description-workflow.remote';
import { HomePage } from './HomePage';

const SAVED: ConfirmedSkillsHandoff = {
  jobDescriptionId: '10000000-0000-4000-8000-000000000001',
  jobTitle: 'Data Scientist',
  confirmedSkills: [
    { name: 'Python', category: 'technical', confidence: 0.9, evidence: [] },
    { name: 'Negotiation', category: 'behavioral', confidence: 1, evidence: [] },
  ],
};

/** Stands in for mf-jobroles' workflow: shows the props the shell passes and calls its hand-off. */
function WorkflowStub({ uploadOpen, onUploadOpenChange, onSkillsConfirmed }: JobDescriptionWorkflowProps) {
  return (
    <div data-testid="workflow-stub">
      <span data-testid="workflow-upload-open">{String(uploadOpen)}</span>
      <button type="button" onClick={() => onUploadOpenChange(false)}>
        close upload
      </button>
      <button type="button" onClick={() => void onSkillsConfirmed(SAVED)}>
        confirm saved skills
      </button>
      <button type="button" onClick={() => void onSkillsConfirmed({ ...SAVED, jobDescriptionId: null })}>
        confirm sample skills
      </button>
    </div>
  );
}

const loadWorkflow = jest.fn(async () => ({ default: WorkflowStub })) as unknown as RemoteModuleLoader;

function renderHomeFor(user: User, loadModule: RemoteModuleLoader = loadWorkflow) {
  const view = renderWithMasar(<HomePage loadModule={loadModule} />);
  // The session is already known, as after the shell's first GET /api/auth/user.
  view.store.dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, user));
  return view;
}

describe('HomePage', () => {
  beforeEach(() => {
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    jest.mocked(loadWorkflow).mockClear();
  });
  afterEach(() => jest.restoreAllMocks());

  it("loads mf-jobroles' job description workflow and never shows the Admin Controls to a learner", async () => {
    renderHomeFor(buildUser({ role: 'learner', firstName: 'Layla' }));
    expect(await screen.findByText('Welcome, Layla')).toBeTruthy();
    expect(await screen.findByTestId('workflow-stub')).toBeTruthy();
    expect(loadWorkflow).toHaveBeenCalledWith('mf_jobroles', './JobDescriptionWorkflow', { fresh: false });
    expect(screen.queryByTestId('admin-controls')).toBeNull();
  });

  it("opens the workflow's upload modal from the admins' Upload Job Description button", async () => {
    renderHomeFor(buildUser({ role: 'admin' }));
    const controls = await screen.findByTestId('admin-controls');
    expect(controls.textContent).toContain('Upload Job Description');
    expect(screen.getByTestId('admin-manage-courses').getAttribute('href')).toBe('/courses');
    expect((await screen.findByTestId('workflow-upload-open')).textContent).toBe('false');

    fireEvent.click(screen.getByTestId('admin-upload-job-description'));
    expect(screen.getByTestId('workflow-upload-open').textContent).toBe('true');
    fireEvent.click(screen.getByText('close upload'));
    expect(screen.getByTestId('workflow-upload-open').textContent).toBe('false');
  });

  it("confirms saved skills with a 'Skills saved' toast, and says when sample skills were not saved", async () => {
    renderHomeFor(buildUser());
    fireEvent.click(await screen.findByText('confirm saved skills'));
    expect(await screen.findByText('Skills saved')).toBeTruthy();
    expect(screen.getByText('Confirmed skills saved for Data Scientist: 2.')).toBeTruthy();

    fireEvent.click(screen.getByText('confirm sample skills'));
    expect(await screen.findByText('Skills confirmed')).toBeTruthy();
    expect(screen.queryByText(/coming soon|available soon/i)).toBeNull();
  });

  it('shows the error panel when mf-jobroles cannot be loaded, and Retry loads it afresh', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('Loading script failed: /remotes/mf-jobroles/remoteEntry.js'))
      .mockResolvedValueOnce({ default: WorkflowStub }) as unknown as RemoteModuleLoader;
    renderHomeFor(buildUser(), load);

    const panel = await screen.findByTestId('remote-error');
    expect(panel.textContent).toContain('This section could not be loaded');
    expect(panel.textContent).toContain('mf_jobroles/JobDescriptionWorkflow');
    fireEvent.click(screen.getByTestId('remote-retry'));
    expect(await screen.findByTestId('workflow-stub')).toBeTruthy();
    await waitFor(() => expect(load).toHaveBeenLastCalledWith('mf_jobroles', './JobDescriptionWorkflow', { fresh: true }));
  });
});
