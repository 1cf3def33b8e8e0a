import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { IdentityModule } from '../identity/identity.module';
import { PromptsController } from './prompts.controller';

/** `/api/prompts`: the prompt template editor's calls, answered by svc-ai (and svc-identity for who made a version). */
@Module({ imports: [AiModule, IdentityModule], controllers: [PromptsController] })
export class PromptsModule {}
