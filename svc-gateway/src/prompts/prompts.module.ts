import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { PromptsController } from './prompts.controller';

/** `/api/prompts`: the prompt template editor's calls, answered by svc-ai. */
@Module({ imports: [AiModule], controllers: [PromptsController] })
export class PromptsModule {}
