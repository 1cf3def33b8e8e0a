import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { NarrationClient } from './narration.client';
import { NarrationController } from './narration.controller';
import { NarrationStore } from './narration.store';

@Module({
  imports: [AiModule],
  controllers: [NarrationController],
  providers: [NarrationClient, NarrationStore],
})
export class NarrationModule {}
