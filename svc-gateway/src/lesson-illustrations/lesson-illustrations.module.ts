import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { LessonIllustrationsClient } from './lesson-illustrations.client';
import { LessonIllustrationsController } from './lesson-illustrations.controller';

@Module({
  imports: [AiModule],
  controllers: [LessonIllustrationsController],
  providers: [LessonIllustrationsClient],
})
export class LessonIllustrationsModule {}
