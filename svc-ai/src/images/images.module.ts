import { Module } from '@nestjs/common';
import { Logger } from 'pino';
import { AI_CONFIG, AiConfig } from '../config';
import { LOGGER } from '@masar/contracts/service-kit';
import { PROMPT_SOURCE, PromptSource } from '../prompts/prompt-source';
import { PromptsModule } from '../prompts/prompts.module';
import { createImageDescriber } from '../providers/create-image-describer';
import { IMAGE_DESCRIBER } from '../providers/image-describer';
import { ImagesHandlers } from './images.handlers';
import { ImagesService } from './images.service';

@Module({
  imports: [PromptsModule],
  controllers: [ImagesHandlers],
  providers: [
    {
      provide: IMAGE_DESCRIBER,
      useFactory: (config: AiConfig, prompts: PromptSource, logger: Logger) => createImageDescriber(config, prompts, logger),
      inject: [AI_CONFIG, PROMPT_SOURCE, LOGGER],
    },
    ImagesService,
  ],
})
export class ImagesModule {}
