import { DEFAULT_PROMPT_MODEL, PromptTemplateName, renderPromptPreview } from '@masar/contracts';
import { BUILT_IN_PROMPTS } from '../../src/prompts/built-in-prompts';
import { PromptSource, ResolvedPrompt } from '../../src/prompts/prompt-source';

/**
 * The seeded defaults without a database, for the tests that drive an OpenAI provider directly: what
 * the stored templates resolve to before anyone edits them.
 */
export function builtInPromptSource(config: { model: string }): PromptSource {
  return {
    async resolve(name: PromptTemplateName, values: Readonly<Record<string, string>>): Promise<ResolvedPrompt> {
      const builtIn = BUILT_IN_PROMPTS.find((prompt) => prompt.name === name);
      if (!builtIn) throw new Error(`No built-in prompt named ${name}`);
      return {
        name,
        version: 1,
        system: renderPromptPreview(builtIn.prompt, values),
        model: builtIn.model === DEFAULT_PROMPT_MODEL ? config.model : builtIn.model,
        temperature: Number(builtIn.temperature),
        maxTokens: builtIn.maxTokens,
      };
    },
  };
}
