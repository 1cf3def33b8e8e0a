import { Module } from '@nestjs/common';
import { Logger } from 'pino';
import { AI_CONFIG, AiConfig } from '../config';
import { LOGGER } from '@masar/contracts/service-kit';
import { createImageDescriber } from '../providers/create-image-describer';
import { IMAGE_DESCRIBER } from '../providers/image-describer';
import { ImagesHandlers } from './images.handlers';
import { ImagesService } from './images.service';

@Module({
  controllers: [ImagesHandlers],
  providers: [
    {
      provide: IMAGE_DESCRIBER,
      useFactory: (config: AiConfig, logger: Logger) => createImageDescriber(config, logger),
      inject: [AI_CONFIG, LOGGER],
    },
    ImagesService,
  ],
})
export class ImagesModule {}
