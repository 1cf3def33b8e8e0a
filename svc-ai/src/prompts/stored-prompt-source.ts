import { DEFAULT_PROMPT_MODEL, PROMPT_TEMPLATE_NAMES, PromptTemplateName, renderPromptPreview } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AI_CONFIG, AiConfig } from '../config';
import { recordPromptTemplate } from '../governance/ai-call-context';
import { AiProviderError } from '../providers/ai-provider-error';
import { PromptTemplate } from './entities/prompt-template.entity';
import { PromptSource, ResolvedPrompt } from './prompt-source';

/**
 * How long a template read for a call is reused. An edit made through this instance is used by its
 * very next call (the cache forgets it on save); other instances see it within this time.
 */
export const PROMPT_CACHE_MS = 2000;

export const PROMPT_TEMPLATES_UNAVAILABLE_MESSAGE = 'The AI prompt templates are unavailable: their database did not answer';

/** The model a template's calls use: its own, or for `default` OPENAI_IMAGE_MODEL (the illustration's, an image model) or OPENAI_MODEL. */
export function effectiveModelOf(model: string, config: AiConfig, name: string): string {
  if (model !== DEFAULT_PROMPT_MODEL) return model;
  return name === PROMPT_TEMPLATE_NAMES.LESSON_ILLUSTRATION ? config.images.model : config.openai.model;
}

@Injectable()
export class StoredPromptSource implements PromptSource {
  private readonly cache = new Map<string, { template: PromptTemplate; readAt: number }>();

  constructor(
    @InjectRepository(PromptTemplate) private readonly templates: Repository<PromptTemplate>,
    @Inject(AI_CONFIG) private readonly config: AiConfig,
  ) {}

  async resolve(name: PromptTemplateName, values: Readonly<Record<string, string>>): Promise<ResolvedPrompt> {
    const template = await this.read(name);
    recordPromptTemplate(name, template.version);
    return {
      name,
      version: template.version,
      system: renderPromptPreview(template.prompt, values),
      model: effectiveModelOf(template.model, this.config, template.name),
      temperature: Number(template.temperature),
      maxTokens: template.maxTokens,
    };
  }

  /** After a save or restore here: the next call reads the new version. */
  forget(name: string): void {
    this.cache.delete(name);
  }

  private async read(name: string): Promise<PromptTemplate> {
    const cached = this.cache.get(name);
    if (cached && Date.now() - cached.readAt < PROMPT_CACHE_MS) return cached.template;
    // No model is asked without its stored template: a database that does not answer is a 503, as a model that does not.
    const template = await this.templates.findOneBy({ name }).catch((error: unknown) => {
      throw new AiProviderError(503, PROMPT_TEMPLATES_UNAVAILABLE_MESSAGE, { cause: error });
    });
    // The seeder inserts every built-in template before the service listens: a missing one is a fault.
    if (!template) throw new AiProviderError(503, `The AI prompt template "${name}" is missing; restart svc-ai to store the built-in one`);
    this.cache.set(name, { template, readAt: Date.now() });
    return template;
  }
}
