import type { AiNotice, AiUseStatus } from '@masar/contracts';
import { buildUser, jsonResponse, renderWithMasar, stubGateway, type StubHandler } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { baseApi } from '../api/base-api';
import { changeLanguage } from '../i18n/i18n';
import { useAiNotice } from './useAiNotice';

const learner = buildUser({ role: 'learner' });

const notice: AiNotice = {
  version: 2,
  textEn: 'AI suggestions can be wrong: review them.',
  textAr: 'قد تكون اقتراحات الذكاء الاصطناعي خاطئة: راجعها.',
  updatedBy: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

function status(overrides: Partial<AiUseStatus> = {}): AiUseStatus {
  return {
    notice,
    noticeRequired: true,
    acceptedVersion: null,
    acceptedAt: null,
    enabledFeatures: ['skill-extraction', 'lesson-writing', 'image-description'],
    budget: { monthlyTokens: null, usedTokens: 0, resetsAt: '2026-12-01T00:00:00.000Z' },
    ...overrides,
  };
}

const accepted = status({ noticeRequired: false, acceptedVersion: 2, acceptedAt: '2026-11-25T10:00:00.000Z' });

function gateway(routes: Record<string, StubHandler> = {}) {
  return stubGateway(
    {
      'GET /api/ai-governance/me': () => jsonResponse(status()),
      'POST /api/ai-governance/notice/accept': () => jsonResponse(accepted),
      ...routes,
    },
    learner,
  );
}

/** A learner's AI action: asks the gate first, then says what the gate answered. */
function AnalyseButton() {
  const { ensureAccepted } = useAiNotice();
  const [answer, setAnswer] = useState<string>('none');
  return (
    <>
      <button type="button" onClick={() => void ensureAccepted().then((ok) => setAnswer(String(ok)))}>
        Analyse
      </button>
      <output data-testid="answer">{answer}</output>
    </>
  );
}

// An AI action the server refuses (428) without any gate in front of it.
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({ analyse: build.mutation<unknown, void>({ query: () => ({ url: '/skills/extract', method: 'POST', body: {} }) }) }),
});

function UngatedAnalyseButton() {
  const [analyse] = probeApi.useAnalyseMutation();
  return (
    <button type="button" onClick={() => void analyse()}>
      Analyse without asking
    </button>
  );
}

/**
 * The modal reads the notice again as it opens and keeps Accept disabled until that answer is in: a
 * click before then does nothing (on a busy machine the text shows first, from the gate's own read).
 */
async function acceptTheNotice() {
  await waitFor(() => expect((screen.getByTestId('ai-notice-accept') as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(screen.getByTestId('ai-notice-accept'));
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('the AI-use notice', () => {
  it('lets the action go on at once when no notice is in force', async () => {
    const calls = gateway({ 'GET /api/ai-governance/me': () => jsonResponse(status({ notice: null, noticeRequired: false })) });
    renderWithMasar(<AnalyseButton />);
    fireEvent.click(screen.getByText('Analyse'));
    await waitFor(() => expect(screen.getByTestId('answer').textContent).toBe('true'));
    expect(screen.queryByTestId('ai-notice-modal')).toBeNull();
    expect(calls.callsTo('POST', /accept/)).toEqual([]);
  });

  it('shows the notice before the first AI action, records the acceptance with its version, and lets the action go on', async () => {
    const calls = gateway();
    renderWithMasar(<AnalyseButton />);
    fireEvent.click(screen.getByText('Analyse'));
    expect(await screen.findByText('Before you use AI')).toBeTruthy();
    expect((await screen.findByTestId('ai-notice-text')).textContent).toBe(notice.textEn);
    expect(screen.getByTestId('answer').textContent).toBe('none');
    await acceptTheNotice();
    await waitFor(() => expect(screen.getByTestId('answer').textContent).toBe('true'));
    expect(calls.callsTo('POST', /accept/).map((call) => call.json)).toEqual([{ version: 2 }]);
  });

  it('answers false when the person closes it with "Not now", and records nothing', async () => {
    const calls = gateway();
    renderWithMasar(<AnalyseButton />);
    fireEvent.click(screen.getByText('Analyse'));
    fireEvent.click(await screen.findByTestId('ai-notice-dismiss'));
    await waitFor(() => expect(screen.getByTestId('answer').textContent).toBe('false'));
    expect(calls.callsTo('POST', /accept/)).toEqual([]);
  });

  it('speaks the page’s language: the Arabic title and text, right to left', async () => {
    gateway();
    await act(() => changeLanguage('ar'));
    renderWithMasar(<AnalyseButton />);
    fireEvent.click(screen.getByText('Analyse'));
    expect(await screen.findByText('قبل استخدام الذكاء الاصطناعي')).toBeTruthy();
    const text = await screen.findByTestId('ai-notice-text');
    expect(text.textContent).toBe(notice.textAr);
    expect(text.getAttribute('dir')).toBe('rtl');
    expect(screen.getByText('ليس الآن')).toBeTruthy();
  });

  it('shows the newer version when the one read was replaced meanwhile (409), to be accepted instead', async () => {
    let current = status();
    const calls = gateway({
      'GET /api/ai-governance/me': () => jsonResponse(current),
      'POST /api/ai-governance/notice/accept': async (request) => {
        const { version } = (await request.json()) as { version: number };
        if (version === 3) return jsonResponse({ ...accepted, acceptedVersion: 3, notice: current.notice });
        current = status({ notice: { ...notice, version: 3, textEn: 'Version three.' } });
        return jsonResponse({ statusCode: 409, message: 'The AI-use notice has changed since you opened it: read the new one' }, 409);
      },
    });
    renderWithMasar(<AnalyseButton />);
    fireEvent.click(screen.getByText('Analyse'));
    await screen.findByTestId('ai-notice-text');
    await acceptTheNotice();
    expect((await screen.findByTestId('ai-notice-error')).textContent).toContain('The AI-use notice has changed since you opened it: read the new one');
    await waitFor(() => expect(screen.getByTestId('ai-notice-text').textContent).toBe('Version three.'));
    await acceptTheNotice();
    await waitFor(() => expect(screen.getByTestId('answer').textContent).toBe('true'));
    expect(calls.callsTo('POST', /accept/).map((call) => call.json)).toEqual([{ version: 2 }, { version: 3 }]);
  });

  it('opens after any AI action the server refused with 428, and says to repeat the action once accepted', async () => {
    const calls = gateway({
      'POST /api/skills/extract': () => jsonResponse({ statusCode: 428, message: 'Accept the AI-use notice before you use AI features' }, 428),
    });
    renderWithMasar(<UngatedAnalyseButton />);
    fireEvent.click(screen.getByText('Analyse without asking'));
    expect(await screen.findByText('Before you use AI')).toBeTruthy();
    await screen.findByTestId('ai-notice-text');
    await acceptTheNotice();
    expect(await screen.findByText('Notice accepted. You can use AI features now.')).toBeTruthy();
    expect(calls.callsTo('POST', /accept/).map((call) => call.json)).toEqual([{ version: 2 }]);
  });
});
