import { describeValidationError } from '../errors';
import {
  aiBudgetExceededMessage,
  aiCallFiltersSchema,
  aiCallQuerySchema,
  aiFeatureOffMessage,
  nextBudgetReset,
  updateAiBudgetsRequestSchema,
  updateAiFeatureRequestSchema,
  updateAiNoticeRequestSchema,
} from './governance';

/** The sentence a 400 would carry, or undefined when the value is accepted. */
function problemOf(schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : describeValidationError(parsed.error as never);
}

const someone = '6f1c1a52-5a2e-4c55-9d0f-2b0a4c6f7e11';

describe('monthly budgets', () => {
  it('start again on the first day of the next month, UTC, December into January', () => {
    expect(nextBudgetReset(new Date('2026-11-25T18:00:00Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextBudgetReset(new Date('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('say in the refusal how big the budget was and when it resets', () => {
    expect(aiBudgetExceededMessage(50_000, new Date('2026-12-01T00:00:00Z'))).toBe(
      'You have used your monthly AI budget of 50,000 tokens. It resets on 1 December 2026.',
    );
  });

  it('name no reset day for a budget of 0 tokens, which next month does not change', () => {
    expect(aiBudgetExceededMessage(0, new Date('2026-12-01T00:00:00Z'))).toBe(
      'Your administrator has given you no AI budget (0 tokens a month), so AI features are off for you: ask them for one',
    );
  });

  it('refuse negative, fractional and duplicated budgets, naming the field', () => {
    expect(problemOf(updateAiBudgetsRequestSchema, { defaultMonthlyTokens: -1, overrides: [] })).toBe(
      'defaultMonthlyTokens: A budget cannot be negative',
    );
    expect(problemOf(updateAiBudgetsRequestSchema, { defaultMonthlyTokens: 1.5, overrides: [] })).toBe(
      'defaultMonthlyTokens: Give a whole number of tokens',
    );
    const twice = { defaultMonthlyTokens: null, overrides: [{ userId: someone, monthlyTokens: 10 }, { userId: someone, monthlyTokens: 20 }] };
    expect(problemOf(updateAiBudgetsRequestSchema, twice)).toBe('overrides: A person appears twice in the budgets');
    expect(problemOf(updateAiBudgetsRequestSchema, { defaultMonthlyTokens: null, overrides: [{ userId: someone, monthlyTokens: 0 }] })).toBeUndefined();
  });
});

describe('the AI-use notice', () => {
  it('refuses a text that is blank to the eye in either language', () => {
    expect(problemOf(updateAiNoticeRequestSchema, { textEn: 'Read me', textAr: '\u200F \u200B\u00A0\u202B' })).toBe('textAr: Give the notice in Arabic');
    expect(problemOf(updateAiNoticeRequestSchema, { textEn: '\u2066\u2069', textAr: 'اقرأني' })).toBe('textEn: Give the notice in English');
    expect(problemOf(updateAiNoticeRequestSchema, { textEn: 'Read me', textAr: 'اقرأني' })).toBeUndefined();
  });
});

describe('feature settings', () => {
  it('read an empty model as "use the default" and refuse a model name with spaces or quotes', () => {
    expect(updateAiFeatureRequestSchema.parse({ feature: 'lesson-writing', enabled: true, provider: 'openai', model: '  ' }).model).toBeNull();
    expect(updateAiFeatureRequestSchema.parse({ feature: 'lesson-writing', enabled: true, provider: 'openai', model: 'llama3.1:8b' }).model).toBe('llama3.1:8b');
    expect(problemOf(updateAiFeatureRequestSchema, { feature: 'lesson-writing', enabled: true, provider: 'openai', model: 'gpt "4"' })).toBe(
      'model: A model name has letters, digits and . _ : / @ + - only',
    );
    expect(problemOf(updateAiFeatureRequestSchema, { feature: 'dubbing', enabled: true, provider: 'offline', model: null })).toMatch(/^feature: /);
  });

  it('name the feature an admin turned off', () => {
    expect(aiFeatureOffMessage('image-description')).toBe('Image description with AI is turned off by your administrator');
  });
});

describe('call log filters', () => {
  it('take empty query values as no filter and refuse an end before the start', () => {
    expect(aiCallFiltersSchema.parse({ from: '', feature: '', userId: '', model: ' ' })).toEqual({});
    expect(problemOf(aiCallFiltersSchema, { from: '2026-11-20', to: '2026-11-01' })).toBe('to: The end date is before the start date');
    expect(problemOf(aiCallFiltersSchema, { from: '20/11/2026' })).toBe('from: Give a date as YYYY-MM-DD');
  });

  it('page with the usual defaults', () => {
    expect(aiCallQuerySchema.parse({ outcome: 'refused' })).toEqual({ outcome: 'refused', page: 1, pageSize: 20 });
  });
});
