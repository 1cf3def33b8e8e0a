import { z } from 'zod';
import { serviceHealthReplySchema } from '../health/health';

/** NATS subjects answered by svc-ai. Never rename one without a migration plan. */
export const AI_SUBJECTS = {
  /** `ExtractSkillsRequest` → `ExtractSkillsReply`: stateless, stores nothing. */
  EXTRACT_SKILLS: 'ai.skills.extract',
  HEALTH: 'ai.health',
} as const;

/** Which model backend svc-ai uses: the built-in offline one (the default) or an OpenAI-compatible API. */
export const AI_PROVIDERS = ['offline', 'openai'] as const;
export const aiProviderSchema = z.enum(AI_PROVIDERS);
export type AiProvider = z.infer<typeof aiProviderSchema>;

/** svc-ai's health reply: a ServiceHealthReply that also says which provider is configured. */
export const aiHealthReplySchema = serviceHealthReplySchema.extend({
  provider: aiProviderSchema,
});
export type AiHealthReply = z.infer<typeof aiHealthReplySchema>;
