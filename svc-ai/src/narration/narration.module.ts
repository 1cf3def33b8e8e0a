import { LOGGER, NatsClientModule } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { Logger } from 'pino';
import { AI_CONFIG, AiConfig } from '../config';
import { GovernanceModule } from '../governance/governance.module';
import { PROMPT_SOURCE, PromptSource } from '../prompts/prompt-source';
import { PromptsModule } from '../prompts/prompts.module';
import { ProvidersByName } from '../providers/providers-by-name';
import { EspeakSynthesiser } from './espeak-synthesiser';
import { NarrationHandlers } from './narration.handlers';
import { NarrationService } from './narration.service';
import { NarrationStore } from './narration.store';
import { DIACRITISER, type Diacritiser, OpenAiDiacritiser } from './openai-diacritiser';
import { OpenAiSpeechSynthesiser } from './openai-speech-synthesiser';
import { SPEECH_SYNTHESISERS, SpeechSynthesiser } from './speech-synthesiser';

/** Lesson narration: the offline voice always, an OpenAI-compatible speech API (and vowel marks for Arabic read offline) when a key is configured. */
export function createSpeechSynthesisers(config: AiConfig, logger: Logger): ProvidersByName<SpeechSynthesiser> {
  return {
    offline: new EspeakSynthesiser(),
    openai: config.openai.apiKey === undefined ? undefined : new OpenAiSpeechSynthesiser(config.openai, config.speech, logger),
  };
}

@Module({
  imports: [GovernanceModule, NatsClientModule, PromptsModule],
  controllers: [NarrationHandlers],
  providers: [
    { provide: SPEECH_SYNTHESISERS, useFactory: createSpeechSynthesisers, inject: [AI_CONFIG, LOGGER] },
    {
      provide: DIACRITISER,
      useFactory: (config: AiConfig, prompts: PromptSource, logger: Logger): Diacritiser | null =>
        config.openai.apiKey === undefined ? null : new OpenAiDiacritiser(config.openai, prompts, logger),
      inject: [AI_CONFIG, PROMPT_SOURCE, LOGGER],
    },
    NarrationStore,
    NarrationService,
  ],
})
export class NarrationModule {}
