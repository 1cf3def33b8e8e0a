import { learningPathReplySchema, type LearningPathReply, type User } from '@masar/contracts';
import { buildUser, jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { authApi } from '../../auth/auth.api';
import type { RemoteModuleLoader, RemoteName } from '../../remotes/remote-registry';
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

/** A path as `POST /api/learning-paths/generate` answers it, checked against the contract. */
function buildLearningPathReply(overrides: Partial<LearningPathReply['learningPath']> = {}): LearningPathReply {
  const course = (n: number, startMonth: number, endMonth: number) => ({
    courseId: `20000000-0000-4000-8000-00000000000${n}`,
    title: `Course ${n}`,
    titleAr: null,
    abbreviation: `C${n}`,
    kind: 'internal' as const,
    provider: null,
    url: null,
    level: 'beginner' as const,
    estimatedHours: 12,
    covers: ['Python'],
    startMonth,
    endMonth,
    startDate: '2026-01-05',
    dueDate: '2026-03-30',
  });
  return learningPathReplySchema.parse({
    learningPath: {
      id: '30000000-0000-4000-8000-000000000001',
      userId: '40000000-0000-4000-8000-000000000001',
      jobDescriptionId: SAVED.jobDescriptionId,
      jobTitle: SAVED.jobTitle,
      weeklyHours: 3,
      startDate: '2026-01-05',
      gaps: [
        {
          skill: 'Python',
          category: 'technical',
          importance: 'required',
          currentLevel: 'none',
          targetLevel: 'working',
          priority: 'high',
        },
      ],
      courses: [course(1, 1, 2), course(2, 2, 3)],
      milestones: [{ quarter: 1, dueDate: '2026-03-31', courseIds: ['20000000-0000-4000-8000-000000000001'], skills: ['Python'] }],
      uncoveredSkills: [],
      totalHours: 24,
      monthsNeeded: 3,
      fit: { choice: 'fits', allCoursesHours: 24, weeklyHoursToFitAll: 1, proposedWeeklyHours: null, proposalLimit: 6, ramadanLoadFactor: 0.5, holyPeriods: [] },
      nextYear: { skills: [], courses: [], totalHours: 0, monthsAtBudget: 0 },
      createdAt: '2026-01-05T09:00:00.000Z',
      updatedAt: '2026-01-05T09:00:00.000Z',
      ...overrides,
    },
  });
}

/** What the hand-off promise did, as the review modal would see it. */
type HandoffOutcome = { resolved: true } | { rejected: unknown };
let handoffs: Promise<HandoffOutcome>[] = [];

function handOff(onSkillsConfirmed: JobDescriptionWorkflowProps['onSkillsConfirmed'], handoff: ConfirmedSkillsHandoff) {
  handoffs.push(
    Promise.resolve(onSkillsConfirmed(handoff)).then(
      (): HandoffOutcome => ({ resolved: true }),
      (error: unknown): HandoffOutcome => ({ rejected: error }),
    ),
  );
}

/** Stands in for mf-jobroles' workflow: shows the props the shell passes and calls its hand-off. */
function WorkflowStub({ uploadOpen, onUploadOpenChange, onSkillsConfirmed }: JobDescriptionWorkflowProps) {
  return (
    <div data-testid="workflow-stub">
      <span data-testid="workflow-upload-open">{String(uploadOpen)}</span>
      <button type="button" onClick={() => onUploadOpenChange(false)}>
        close upload
      </button>
      <button type="button" onClick={() => handOff(onSkillsConfirmed, SAVED)}>
        confirm saved skills
      </button>
      <button type="button" onClick={() => handOff(onSkillsConfirmed, { ...SAVED, jobDescriptionId: null })}>
        confirm sample skills
      </button>
    </div>
  );
}

/** Stands in for mf-progress' overview of the newest learning path. */
function LearningPathOverviewStub() {
  return <div data-testid="learning-path-overview-stub" />;
}

/** Answers each exposed module the home page loads with its stand-in. */
async function exposedStub(remote: RemoteName, module: string): Promise<unknown> {
  if (remote === 'mf_jobroles' && module === './JobDescriptionWorkflow') return { default: WorkflowStub };
  if (remote === 'mf_progress' && module === './LearningPathOverview') return { default: LearningPathOverviewStub };
  throw new Error(`No stand-in for ${remote}/${module}`);
}

const loadModules = jest.fn(exposedStub) as unknown as RemoteModuleLoader;

function renderHomeFor(user: User, loadModule: RemoteModuleLoader = loadModules) {
  const view = renderWithMasar(<HomePage loadModule={loadModule} />);
  // The session is already known, as after the shell's first GET /api/auth/user.
  view.store.dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, user));
  return view;
}

describe('HomePage', () => {
  beforeEach(() => {
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    jest.mocked(loadModules).mockClear();
    handoffs = [];
  });
  afterEach(() => jest.restoreAllMocks());

  it("loads mf-jobroles' job description workflow and never shows the Admin Controls to a learner", async () => {
    renderHomeFor(buildUser({ role: 'learner', firstName: 'Layla' }));
    expect(await screen.findByText('Welcome, Layla')).toBeTruthy();
    expect(await screen.findByTestId('workflow-stub')).toBeTruthy();
    expect(loadModules).toHaveBeenCalledWith('mf_jobroles', './JobDescriptionWorkflow', { fresh: false });
    expect(screen.queryByTestId('admin-controls')).toBeNull();
  });

  it("loads mf-progress' overview of the newest learning path below the workflow", async () => {
    renderHomeFor(buildUser());
    const overview = await screen.findByTestId('learning-path-overview-stub');
    expect(loadModules).toHaveBeenCalledWith('mf_progress', './LearningPathOverview', { fresh: false });
    const workflow = await screen.findByTestId('workflow-stub');
    expect(workflow.compareDocumentPosition(overview) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('places the overview only once the workflow is on screen, though its code is asked for at once', async () => {
    let showWorkflow: () => void = () => undefined;
    const workflowShown = new Promise<void>((resolve) => {
      showWorkflow = resolve;
    });
    const load = jest.fn(async (remote: RemoteName, module: string) => {
      if (module === './JobDescriptionWorkflow') await workflowShown;
      return exposedStub(remote, module);
    }) as unknown as RemoteModuleLoader;
    renderHomeFor(buildUser(), load);

    await waitFor(() => expect(load).toHaveBeenCalledWith('mf_progress', './LearningPathOverview', { fresh: false }));
    // Nothing below the workflow's spinner that its arrival could push down (a layout shift).
    expect(screen.queryByTestId('learning-path-overview-stub')).toBeNull();
    expect(screen.getAllByTestId('loading-spinner')).toHaveLength(1);

    showWorkflow();
    expect(await screen.findByTestId('workflow-stub')).toBeTruthy();
    expect(await screen.findByTestId('learning-path-overview-stub')).toBeTruthy();
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

  it("generates a learning path from the confirmed skills and says 'Learning path generated successfully'", async () => {
    const gateway = stubGateway({ 'POST /api/learning-paths/generate': () => jsonResponse(buildLearningPathReply()) });
    renderHomeFor(buildUser());
    fireEvent.click(await screen.findByText('confirm saved skills'));

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Learning path generated successfully');
    expect(toast.textContent).toContain('2 courses over 3 months for Data Scientist.');
    expect(toast.textContent).not.toContain('no course covers');
    expect(await handoffs[0]).toEqual({ resolved: true });
    expect(gateway.callsTo('POST', /^\/api\/learning-paths\/generate$/).map((call) => call.json)).toEqual([
      { jobDescriptionId: SAVED.jobDescriptionId, jobTitle: 'Data Scientist', confirmedSkills: SAVED.confirmedSkills, weeklyHours: 3 },
    ]);
  });

  it('generates from the built-in sample skills too (jobDescriptionId null), and counts the skills no course covers', async () => {
    const gateway = stubGateway({
      'POST /api/learning-paths/generate': () =>
        jsonResponse(buildLearningPathReply({ jobDescriptionId: null, uncoveredSkills: ['Negotiation', 'Storytelling'] })),
    });
    renderHomeFor(buildUser());
    fireEvent.click(await screen.findByText('confirm sample skills'));

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Learning path generated successfully');
    expect(toast.textContent).toContain('Skills no course covers yet: 2.');
    expect(await handoffs[0]).toEqual({ resolved: true });
    expect(gateway.callsTo('POST', /^\/api\/learning-paths\/generate$/).map((call) => call.json)).toEqual([
      { jobDescriptionId: null, jobTitle: 'Data Scientist', confirmedSkills: SAVED.confirmedSkills, weeklyHours: 3 },
    ]);
  });

  it("says 'Error' / 'Failed to generate learning path: ...' and rejects the hand-off, so the review stays open", async () => {
    stubGateway({
      'POST /api/learning-paths/generate': () =>
        jsonResponse({ statusCode: 400, message: 'Please select at least one skill', error: 'Bad Request' }, 400),
    });
    renderHomeFor(buildUser());
    fireEvent.click(await screen.findByText('confirm saved skills'));

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Error');
    expect(toast.textContent).toContain('Failed to generate learning path: 400: Please select at least one skill');
    expect(await handoffs[0]).toEqual({ rejected: expect.objectContaining({ status: 400 }) });
  });

  it('keeps the hand-off pending while the path is generated', async () => {
    stubGateway({ 'POST /api/learning-paths/generate': never });
    renderHomeFor(buildUser());
    fireEvent.click(await screen.findByText('confirm saved skills'));
    const outcome = await Promise.race([handoffs[0], new Promise((resolve) => setTimeout(() => resolve('pending'), 50))]);
    expect(outcome).toBe('pending');
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('shows the error panel when mf-jobroles cannot be loaded, and Retry loads it afresh', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let workflowLoads = 0;
    const load = jest.fn(async (remote: RemoteName, module: string) => {
      if (module === './JobDescriptionWorkflow' && workflowLoads++ === 0) {
        throw new Error('Loading script failed: /remotes/mf-jobroles/remoteEntry.js');
      }
      return exposedStub(remote, module);
    }) as unknown as RemoteModuleLoader;
    renderHomeFor(buildUser(), load);

    const panel = await screen.findByTestId('remote-error');
    expect(panel.textContent).toContain('This section could not be loaded');
    expect(panel.textContent).toContain('mf_jobroles/JobDescriptionWorkflow');
    // The learning path overview loads on its own.
    expect(await screen.findByTestId('learning-path-overview-stub')).toBeTruthy();
    fireEvent.click(screen.getByTestId('remote-retry'));
    expect(await screen.findByTestId('workflow-stub')).toBeTruthy();
    await waitFor(() => expect(load).toHaveBeenLastCalledWith('mf_jobroles', './JobDescriptionWorkflow', { fresh: true }));
  });
});
