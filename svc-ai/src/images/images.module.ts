import { Module } from '@nestjs/common';
import { Logger } from 'pino';
import { AI_CONFIG, AiConfig } from '../config';
import { LOGGER } from '@masar/contracts/service-kit';
import { GovernanceModule } from '../governance/governance.module';
import { PROMPT_SOURCE, PromptSource } from '../prompts/prompt-source';
import { PromptsModule } from '../prompts/prompts.module';
import { createImageDescribers } from '../providers/create-image-describer';
import { IMAGE_DESCRIBERS } from '../providers/image-describer';
import { ImagesHandlers } from './images.handlers';
import { ImagesService } from './images.service';

@Module({
  imports: [PromptsModule, GovernanceModule],
  controllers: [ImagesHandlers],
  providers: [
    {
      provide: IMAGE_DESCRIBERS,
      useFactory: (config: AiConfig, prompts: PromptSource, logger: Logger) => createImageDescribers(config, prompts, logger),
      inject: [AI_CONFIG, PROMPT_SOURCE, LOGGER],
    },
    ImagesService,
  ],
})
export class ImagesModule {}
