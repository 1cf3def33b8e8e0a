import { Module } from '@nestjs/common';
import { Logger } from 'pino';
import { AI_CONFIG, AiConfig } from '../config';
import { LOGGER } from '@masar/contracts/service-kit';
import { createLessonComposer } from '../providers/create-lesson-composer';
import { LESSON_COMPOSER } from '../providers/lesson-composer';
import { LessonsHandlers } from './lessons.handlers';
import { LessonsService } from './lessons.service';

@Module({
  controllers: [LessonsHandlers],
  providers: [
    {
      provide: LESSON_COMPOSER,
      useFactory: (config: AiConfig, logger: Logger) => createLessonComposer(config, logger),
      inject: [AI_CONFIG, LOGGER],
    },
    LessonsService,
  ],
})
export class LessonsModule {}
