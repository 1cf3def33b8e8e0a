import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { SkillsController } from './skills.controller';

@Module({ imports: [AiModule], controllers: [SkillsController] })
export class SkillsModule {}
