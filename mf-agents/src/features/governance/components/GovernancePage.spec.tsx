import { DEFAULT_AI_NOTICE } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, renderWithMasar, stubGateway, type StubHandler } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildAiCall, buildAiCallPage, buildBudgets, buildFeatureSettings, buildFeatureSettingsList, buildNotice, buildUseStatus } from '../governance.factory';
import { GovernancePage } from './GovernancePage';

const admin = buildUser({ role: 'admin', username: 'admin', firstName: 'Nour', lastName: 'Saleh' });
const learner = buildUser({ id: '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b', firstName: 'Layla', lastName: 'Haddad', email: 'layla@masar.test' });
const omar = buildUser({ id: '6a1d2b3c-4d5e-4f60-8a7b-8c9d0e1f2a3b', firstName: 'Omar', lastName: 'Khalil', email: 'omar@masar.test' });

const written = buildAiCall({
  feature: 'lesson-writing',
  provider: 'openai',
  model: 'gpt-4o-mini',
  promptTemplate: 'lesson-composition',
  promptVersion: 3,
  inputTokens: 1500,
  outputTokens: 2400,
});
const refused = buildAiCall({
  userId: omar.id,
  userName: 'Omar Khalil',
  outcome: 'refused',
  statusCode: 403,
  error: 'Skill extraction with AI is turned off by your administrator',
  inputCharacters: 0,
  outputCharacters: 0,
});
const seedReview = buildAiCall({ userId: null, userRole: null, userName: null, userEmail: null });

function governanceGateway(routes: Record<string, StubHandler> = {}) {
  return stubGateway(
    {
      'GET /api/ai-governance/calls': (_request, _params, url) =>
        jsonResponse(buildAiCallPage(url.searchParams.get('feature') === 'image-description' ? [] : [written, refused, seedReview])),
      'GET /api/ai-governance/features': () => jsonResponse(buildFeatureSettingsList()),
      'GET /api/ai-governance/budgets': () => jsonResponse(buildBudgets()),
      'GET /api/ai-governance/me': () => jsonResponse(buildUseStatus()),
      'GET /api/admin/users': (_request, _params, url) => {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const items = [learner, omar].filter((person) => `${person.firstName} ${person.lastName} ${person.email}`.toLowerCase().includes(search));
        return jsonResponse({ items, total: items.length, page: 1, pageSize: 20 });
      },
      ...routes,
    },
    admin,
  );
}

async function openTab(tab: 'usage' | 'features' | 'budgets' | 'notice') {
  renderWithMasar(<GovernancePage />, { route: `/ai-agents/governance?tab=${tab}` });
  await screen.findByTestId(`governance-${tab}`);
}

async function choose(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(option));
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

/** The log's ten-column table and antd's selects re-render at each step: 5 to 10 s idle, more on a busy CI machine. */
const MANY_STEPS_MS = 45_000;

describe('GovernancePage: usage log', () => {
  it('lists the calls with who, what, which model and prompt version, tokens, characters, latency and outcome, and the totals', async () => {
    governanceGateway();
    await openTab('usage');
    const rows = await screen.findAllByTestId('ai-call-row');
    expect(rows).toHaveLength(3);
    expect(rows[0].textContent).toContain('Layla Haddad');
    expect(rows[0].textContent).toContain('Lesson writing');
    expect(rows[0].textContent).toContain('OpenAI-compatible model');
    expect(rows[0].textContent).toContain('gpt-4o-mini');
    expect(rows[0].textContent).toContain('lesson-composition v3');
    expect(rows[0].textContent).toContain('1,500 / 2,400');
    expect(rows[0].textContent).toContain('1,200 / 300');
    expect(rows[0].textContent).toContain('42 ms');
    expect(rows[2].textContent).toContain('Masar (no person)');
    expect(screen.getAllByTestId('ai-call-outcome').map((tag) => tag.textContent)).toEqual(['Succeeded', 'Refused', 'Succeeded']);
    expect(screen.getByTestId('ai-call-error').getAttribute('aria-label')).toBe('Why: 403: Skill extraction with AI is turned off by your administrator');
    expect(screen.getByTestId('usage-totals').textContent).toBe('3 calls · 1,500 tokens in · 2,400 tokens out · 0 failed · 1 refused');
  });

  it('filters through the gateway and says when no AI call matches', async () => {
    const gateway = governanceGateway();
    await openTab('usage');
    await screen.findAllByTestId('ai-call-row');
    await choose('usage-feature', 'Image description');
    expect((await screen.findByTestId('usage-empty')).textContent).toContain('No AI call matches these filters.');
    fireEvent.change(screen.getByTestId('usage-from'), { target: { value: '2026-11-01' } });
    await choose('usage-outcome', 'Refused');
    await waitFor(() => {
      const last = gateway.callsTo('GET', /\/calls$/).at(-1)!;
      expect(Object.fromEntries(last.search)).toEqual({ feature: 'image-description', from: '2026-11-01', outcome: 'refused', page: '1', pageSize: '20' });
    });
  }, MANY_STEPS_MS);

  it('filters by a person chosen from the people list, or by a pasted id', async () => {
    const gateway = governanceGateway();
    await openTab('usage');
    await screen.findAllByTestId('ai-call-row');
    const combobox = within(screen.getByTestId('usage-person')).getByRole('combobox');
    fireEvent.mouseDown(combobox);
    fireEvent.change(combobox, { target: { value: 'omar' } });
    fireEvent.click(await screen.findByTitle('Omar Khalil (omar@masar.test)'));
    await waitFor(() => expect(gateway.callsTo('GET', /\/calls$/).at(-1)!.search.get('userId')).toBe(omar.id));

    fireEvent.mouseDown(combobox);
    fireEvent.change(combobox, { target: { value: '7B2E3F4A-5B6C-4D7E-8F9A-0B1C2D3E4F5A' } });
    fireEvent.click(await screen.findByTitle('Person with id 7b2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a'));
    await waitFor(() => expect(gateway.callsTo('GET', /\/calls$/).at(-1)!.search.get('userId')).toBe('7b2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a'));
  }, MANY_STEPS_MS);

  it('does not ask for an end date before the start date, and says why', async () => {
    const gateway = governanceGateway();
    await openTab('usage');
    await screen.findAllByTestId('ai-call-row');
    fireEvent.change(screen.getByTestId('usage-from'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByTestId('usage-to'), { target: { value: '2026-11-02' } });
    expect((await screen.findByTestId('usage-dates-reversed')).textContent).toContain('The end date is before the start date.');
    expect(gateway.callsTo('GET', /\/calls$/).some((call) => call.search.get('to') === '2026-11-02')).toBe(false);
    expect((screen.getByTestId('usage-export') as HTMLButtonElement).disabled).toBe(true);
  });

  describe('Export CSV', () => {
    let saved: Blob[];
    let downloads: string[];
    beforeEach(() => {
      saved = [];
      downloads = [];
      URL.createObjectURL = jest.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:masar-export';
      });
      URL.revokeObjectURL = jest.fn();
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      });
    });
    afterEach(() => jest.restoreAllMocks());

    it('downloads the gateway’s CSV for the same filters, with its file name and a byte order mark', async () => {
      const csv = 'Time (UTC),User\r\n2026-11-25T08:30:00.000Z,ليلى حداد\r\n';
      const gateway = governanceGateway({
        'GET /api/ai-governance/calls.csv': () =>
          new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="masar-ai-calls-2026-11-25.csv"' } }),
      });
      await openTab('usage');
      await screen.findAllByTestId('ai-call-row');
      await choose('usage-provider', 'OpenAI-compatible model');
      fireEvent.click(screen.getByTestId('usage-export'));
      expect(await screen.findByText('The CSV file is downloaded.')).toBeTruthy();
      expect(downloads).toEqual(['masar-ai-calls-2026-11-25.csv']);
      const bytes = new Uint8Array(await saved[0].arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(`\uFEFF${csv}`);
      const exported = gateway.callsTo('GET', /calls\.csv$/);
      expect(exported).toHaveLength(1);
      expect(Object.fromEntries(exported[0].search)).toEqual({ provider: 'openai' });
    });

    it('shows the gateway’s refusal in a toast', async () => {
      governanceGateway({
        'GET /api/ai-governance/calls.csv': () => jsonResponse({ statusCode: 400, message: 'More than 50,000 calls match: narrow the dates or filters' }, 400),
      });
      await openTab('usage');
      await screen.findAllByTestId('ai-call-row');
      fireEvent.click(screen.getByTestId('usage-export'));
      expect(await screen.findByText('The export failed')).toBeTruthy();
      expect(screen.getByText('More than 50,000 calls match: narrow the dates or filters')).toBeTruthy();
      expect(downloads).toEqual([]);
    });
  });
});

describe('GovernancePage: features', () => {
  it('offers OpenAI only when it is configured, and says why not', async () => {
    governanceGateway();
    await openTab('features');
    expect(screen.getByTestId('openai-not-configured').textContent).toContain('Set OPENAI_API_KEY for svc-ai');
    fireEvent.mouseDown(within(screen.getByTestId('feature-lesson-writing-provider')).getByRole('combobox'));
    const openai = await screen.findByTitle('OpenAI-compatible model — Not configured (OPENAI_API_KEY)');
    expect(openai.getAttribute('aria-disabled')).toBe('true');
    expect((screen.getByTestId('feature-lesson-writing-model') as HTMLInputElement).placeholder).toBe('gpt-4o-mini');
  });

  it('turns lesson writing off and saves that row only, with a toast saying what it means', async () => {
    const gateway = governanceGateway({
      'PUT /api/ai-governance/features/:feature': async (request, { feature }) =>
        jsonResponse(buildFeatureSettings({ feature: feature as 'lesson-writing', ...((await request.json()) as object), updatedBy: admin.id, updatedAt: '2026-11-25T09:00:00.000Z' })),
    });
    await openTab('features');
    const save = screen.getByTestId('feature-lesson-writing-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('feature-lesson-writing-enabled'));
    fireEvent.click(save);
    expect(await screen.findByText('Lesson writing: settings saved')).toBeTruthy();
    expect(screen.getByText('Lesson writing is off: its AI actions are refused.')).toBeTruthy();
    expect(gateway.callsTo('PUT', /features/).map((call) => [call.path, call.json])).toEqual([
      ['/api/ai-governance/features/lesson-writing', { enabled: false, provider: 'offline', model: null }],
    ]);
  });

  it('shows the gateway’s refusal in the error toast', async () => {
    governanceGateway({
      'GET /api/ai-governance/features': () =>
        jsonResponse(buildFeatureSettingsList({ openaiConfigured: true, items: [buildFeatureSettings({ feature: 'skill-extraction', provider: 'openai', effectiveModel: 'gpt-4o-mini' })] })),
      'PUT /api/ai-governance/features/:feature': () => jsonResponse({ statusCode: 400, message: 'model: A model name has letters, digits and . _ : / @ + - only' }, 400),
    });
    await openTab('features');
    fireEvent.change(screen.getByTestId('feature-skill-extraction-model'), { target: { value: 'gpt 4' } });
    fireEvent.click(screen.getByTestId('feature-skill-extraction-save'));
    expect(await screen.findByText('The settings were not saved')).toBeTruthy();
    expect(screen.getByText('model: A model name has letters, digits and . _ : / @ + - only')).toBeTruthy();
  });
});

describe('GovernancePage: budgets', () => {
  it('shows this month’s use against each budget with an accessible bar, and when it resets', async () => {
    governanceGateway({
      'GET /api/ai-governance/budgets': () =>
        jsonResponse(
          buildBudgets({
            defaultMonthlyTokens: 100000,
            overrides: [{ userId: omar.id, monthlyTokens: 5000, userName: 'Omar Khalil', userEmail: 'omar@masar.test' }],
            usage: [
              { userId: omar.id, usedTokens: 5000, calls: 4, monthlyTokens: 5000, userName: 'Omar Khalil', userEmail: 'omar@masar.test' },
              { userId: learner.id, usedTokens: 25000, calls: 9, monthlyTokens: 100000, userName: 'Layla Haddad', userEmail: 'layla@masar.test' },
            ],
          }),
        ),
    });
    await openTab('budgets');
    expect(screen.getByText(/Budgets count model tokens only: the built-in offline provider uses none/)).toBeTruthy();
    expect((screen.getByTestId('budgets-default') as HTMLInputElement).value).toBe('100000');
    expect(screen.getByText('Use starts again from zero on December 1, 2026.')).toBeTruthy();
    expect(screen.getByText('25,000 / 100,000 tokens')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'AI budget used by Layla Haddad' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByRole('progressbar', { name: 'AI budget used by Omar Khalil' }).getAttribute('aria-valuenow')).toBe('100');
  });

  it('saves the default (empty: no limit) and a person’s own budget, and refuses a row without a person', async () => {
    const gateway = governanceGateway({
      'PUT /api/ai-governance/budgets': async (request) => jsonResponse(buildBudgets({ ...((await request.json()) as object), updatedAt: '2026-11-25T09:00:00.000Z' })),
    });
    await openTab('budgets');
    fireEvent.change(screen.getByTestId('budgets-default'), { target: { value: '50000' } });
    fireEvent.click(screen.getByTestId('budgets-add-person'));
    fireEvent.click(screen.getByTestId('budgets-save'));
    expect((await screen.findByTestId('budgets-problem')).textContent).toBe('Choose a person for every row.');
    expect(gateway.callsTo('PUT', /budgets/)).toEqual([]);

    const combobox = within(screen.getByTestId('budget-override-person')).getByRole('combobox');
    fireEvent.mouseDown(combobox);
    fireEvent.change(combobox, { target: { value: 'layla' } });
    fireEvent.click(await screen.findByTitle('Layla Haddad (layla@masar.test)'));
    fireEvent.change(screen.getByTestId('budget-override-tokens'), { target: { value: '20000' } });
    fireEvent.click(screen.getByTestId('budgets-save'));
    expect(await screen.findByText('Budgets saved')).toBeTruthy();
    expect(gateway.callsTo('PUT', /budgets/)[0].json).toEqual({ defaultMonthlyTokens: 50000, overrides: [{ userId: learner.id, monthlyTokens: 20000 }] });
  }, MANY_STEPS_MS);
});

describe('GovernancePage: AI-use notice', () => {
  it('says learners are not asked while no notice is published, and starts from the suggested texts (Arabic right to left)', async () => {
    governanceGateway();
    await openTab('notice');
    expect(screen.getByTestId('notice-none').textContent).toContain('No notice is published: learners are not asked');
    expect((screen.getByTestId('notice-text-en') as HTMLTextAreaElement).value).toBe(DEFAULT_AI_NOTICE.textEn);
    const arabic = screen.getByTestId('notice-text-ar') as HTMLTextAreaElement;
    expect(arabic.value).toBe(DEFAULT_AI_NOTICE.textAr);
    expect(arabic.getAttribute('dir')).toBe('rtl');
  });

  it('publishes only after warning that every learner must accept the new version', async () => {
    let status = buildUseStatus();
    const gateway = governanceGateway({
      'GET /api/ai-governance/me': () => jsonResponse(status),
      'PUT /api/ai-governance/notice': async (request) => {
        const notice = buildNotice({ ...((await request.json()) as object), acceptances: 0 });
        status = buildUseStatus({ notice });
        return jsonResponse(notice);
      },
    });
    await openTab('notice');
    fireEvent.change(screen.getByTestId('notice-text-en'), { target: { value: 'Use AI with care.' } });
    fireEvent.click(screen.getByTestId('notice-publish'));
    expect(await screen.findByText('Every learner will have to accept the new version before their next use of AI.')).toBeTruthy();
    expect(gateway.callsTo('PUT', /notice/)).toEqual([]);
    fireEvent.click(screen.getByTestId('notice-publish-confirm'));
    expect(await screen.findByText('Version 1 is now in force.')).toBeTruthy();
    expect(gateway.callsTo('PUT', /notice/)[0].json).toEqual({ textEn: 'Use AI with care.', textAr: DEFAULT_AI_NOTICE.textAr });
    expect((await screen.findByTestId('notice-in-force')).textContent).toContain('Nobody has accepted this version yet.');
  }, MANY_STEPS_MS);

  it('shows the version in force with how many accepted it, and refuses a text blank to the eye', async () => {
    governanceGateway({ 'GET /api/ai-governance/me': () => jsonResponse(buildUseStatus({ notice: buildNotice({ version: 2, textEn: 'Version two.', acceptances: 7 }) })) });
    await openTab('notice');
    expect(screen.getByTestId('notice-in-force').textContent).toMatch(/^Version 2 is in force, published .+\.7 people have accepted this version\.$/);
    expect((screen.getByTestId('notice-text-en') as HTMLTextAreaElement).value).toBe('Version two.');
    fireEvent.change(screen.getByTestId('notice-text-en'), { target: { value: ' \u200B\u200F ' } });
    expect(screen.getByText('Give the notice in this language.')).toBeTruthy();
    expect((screen.getByTestId('notice-publish') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('GovernancePage in Arabic', () => {
  it('names the page, the tabs and the features in Arabic', async () => {
    await act(() => changeLanguage('ar'));
    governanceGateway();
    await openTab('features');
    expect(screen.getByText('حوكمة الذكاء الاصطناعي')).toBeTruthy();
    expect(screen.getByTestId('governance-tab-usage').textContent).toBe('سجل الاستخدام');
    expect(within(screen.getByTestId('feature-lesson-writing')).getByText('كتابة الدروس')).toBeTruthy();
  });
});
