import type { AiUseStatus } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen } from '@testing-library/react';
import { AiUsePage } from './AiUsePage';

const notice = {
  version: 1,
  textEn: 'AI suggestions can be wrong: review them.',
  textAr: 'قد تكون اقتراحات الذكاء الاصطناعي خاطئة: راجعها.',
  updatedBy: null,
  updatedAt: '2026-11-20T09:00:00.000Z',
};

function status(overrides: Partial<AiUseStatus> = {}): AiUseStatus {
  return {
    notice,
    noticeRequired: false,
    acceptedVersion: 1,
    acceptedAt: '2026-11-25T10:00:00.000Z',
    enabledFeatures: ['skill-extraction'],
    budget: { monthlyTokens: 50000, usedTokens: 12500, resetsAt: '2026-12-01T00:00:00.000Z' },
    ...overrides,
  };
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('AiUsePage', () => {
  it('shows this month’s use against the budget, when it resets, and the notice accepted with its date', async () => {
    stubGateway({ 'GET /api/ai-governance/me': () => jsonResponse(status()) }, buildUser());
    renderWithMasar(<AiUsePage />);
    expect((await screen.findByTestId('ai-use-budget')).textContent).toBe('AI use this month: 12,500 of 50,000 tokens, resets on December 1, 2026.');
    expect(screen.getByRole('progressbar', { name: 'AI budget used this month' }).getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('ai-use-notice').textContent).toMatch(/^You accepted version 1 on November 25, 2026/);
    fireEvent.click(screen.getByTestId('ai-use-read-notice'));
    expect(screen.getByTestId('ai-use-notice-text').textContent).toBe(notice.textEn);
  });

  it('says "no limit" without a budget, and that the notice is still to be accepted', async () => {
    stubGateway(
      {
        'GET /api/ai-governance/me': () =>
          jsonResponse(status({ noticeRequired: true, acceptedVersion: null, acceptedAt: null, budget: { monthlyTokens: null, usedTokens: 0, resetsAt: '2026-12-01T00:00:00.000Z' } })),
      },
      buildUser(),
    );
    renderWithMasar(<AiUsePage />);
    expect((await screen.findByTestId('ai-use-budget')).textContent).toBe('AI use this month: 0 tokens, no limit (the count starts again on December 1, 2026).');
    expect(screen.getByTestId('ai-use-notice').textContent).toContain('You have not accepted version 1 yet');
  });

  it('says a budget of 0 tokens leaves AI off, without a reset day or a bar, in English and Arabic', async () => {
    stubGateway({ 'GET /api/ai-governance/me': () => jsonResponse(status({ budget: { monthlyTokens: 0, usedTokens: 0, resetsAt: '2026-12-01T00:00:00.000Z' } })) }, buildUser());
    const { unmount } = renderWithMasar(<AiUsePage />);
    expect((await screen.findByTestId('ai-use-budget')).textContent).toBe(
      'Your administrator has given you no AI budget (0 tokens a month), so AI features are off for you: ask them for one.',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    unmount();
    await act(() => changeLanguage('ar'));
    renderWithMasar(<AiUsePage />);
    expect((await screen.findByTestId('ai-use-budget')).textContent).toBe(
      'لم يمنحك المسؤول أي ميزانية للذكاء الاصطناعي (0 رمز في الشهر)، لذا ميزات الذكاء الاصطناعي متوقفة لك: اطلب منه ميزانية.',
    );
  });

  it('speaks Arabic', async () => {
    await act(() => changeLanguage('ar'));
    stubGateway({ 'GET /api/ai-governance/me': () => jsonResponse(status({ notice: null, acceptedVersion: null, acceptedAt: null })) }, buildUser());
    renderWithMasar(<AiUsePage />);
    expect(await screen.findByText('استخدامي للذكاء الاصطناعي')).toBeTruthy();
    expect((await screen.findByTestId('ai-use-notice')).textContent).toBe('لم تنشر مؤسستك إشعارًا لاستخدام الذكاء الاصطناعي.');
  });
});
