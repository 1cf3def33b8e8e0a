import { LOGGER, NatsClientModule } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { Logger } from 'pino';
import { AI_CONFIG, AiConfig } from '../config';
import { GovernanceModule } from '../governance/governance.module';
import { ProvidersByName } from '../providers/providers-by-name';
import { EspeakSynthesiser } from './espeak-synthesiser';
import { NarrationHandlers } from './narration.handlers';
import { NarrationService } from './narration.service';
import { NarrationStore } from './narration.store';
import { OpenAiSpeechSynthesiser } from './openai-speech-synthesiser';
import { SPEECH_SYNTHESISERS, SpeechSynthesiser } from './speech-synthesiser';

/** Lesson narration: the offline voice always, an OpenAI-compatible speech API when a key is configured. */
export function createSpeechSynthesisers(config: AiConfig, logger: Logger): ProvidersByName<SpeechSynthesiser> {
  return {
    offline: new EspeakSynthesiser(),
    openai: config.openai.apiKey === undefined ? undefined : new OpenAiSpeechSynthesiser(config.openai, config.speech, logger),
  };
}

@Module({
  imports: [GovernanceModule, NatsClientModule],
  controllers: [NarrationHandlers],
  providers: [
    { provide: SPEECH_SYNTHESISERS, useFactory: createSpeechSynthesisers, inject: [AI_CONFIG, LOGGER] },
    NarrationStore,
    NarrationService,
  ],
})
export class NarrationModule {}
