import type { AiFeature } from './ai-features';

/*
 * What svc-ai answers when it declines AI work, and the features' English names. No zod here: every
 * page's base query recognises these refusals to give them in the reader's language (governance.ts
 * re-exports them with its schemas).
 */

/** The AI features an admin governs (`ai-features.ts` makes its schema of them). */
export const AI_FEATURES = [
  'skill-extraction',
  'lesson-writing',
  'image-description',
  'quality-review',
  'search-answer',
  'learning-helpers',
  'narration',
  'illustration',
  'exercise-feedback',
  // Marks Arabic short vowels with a model before the offline voice reads a lesson (narration's helper, switched on its own).
  'arabic-vowel-marks',
] as const;

/** 403: an admin turned the feature off. */
export function aiFeatureOffMessage(feature: AiFeature): string {
  return `${AI_FEATURE_NAMES_EN[feature]} with AI is turned off by your administrator`;
}
/** 428: a learner has not accepted the current AI-use notice. */
export const AI_NOTICE_NOT_ACCEPTED_MESSAGE = 'Accept the AI-use notice before you use AI features';
export const AI_NOTICE_NOT_ACCEPTED_STATUS = 428;
/** 409: accepting a notice that has since been replaced. */
export const AI_NOTICE_OUTDATED_MESSAGE = 'The AI-use notice has changed since you opened it: read the new one';
/** 429 for a person whose budget is 0 tokens: that budget does not come back next month, so no reset day is named. */
export const AI_NO_BUDGET_MESSAGE = 'Your administrator has given you no AI budget (0 tokens a month), so AI features are off for you: ask them for one';
/** 429: the caller's monthly token budget is used up; `resetsAt` is the first instant of next month (UTC). */
export function aiBudgetExceededMessage(monthlyTokens: number, resetsAt: Date): string {
  if (monthlyTokens === 0) return AI_NO_BUDGET_MESSAGE;
  const date = resetsAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `You have used your monthly AI budget of ${monthlyTokens.toLocaleString('en-GB')} tokens. It resets on ${date}.`;
}
/** 503: the feature is set to an OpenAI-compatible provider, but svc-ai has no endpoint configured. */
export function aiProviderNotConfiguredMessage(feature: AiFeature): string {
  return `${AI_FEATURE_NAMES_EN[feature]} is set to use an OpenAI-compatible model, but none is configured (OPENAI_API_KEY)`;
}

/** English names, for server messages and the CSV; the UI has its own in both languages. */
export const AI_FEATURE_NAMES_EN: Readonly<Record<AiFeature, string>> = {
  'skill-extraction': 'Skill extraction',
  'lesson-writing': 'Lesson writing',
  'image-description': 'Image description',
  'quality-review': 'Quality review',
  'search-answer': 'Search answers',
  'learning-helpers': 'Learning helpers',
  narration: 'Lesson narration',
  illustration: 'Lesson illustrations',
  'exercise-feedback': 'Exercise feedback',
  'arabic-vowel-marks': 'Arabic vowel marks for narration',
};
