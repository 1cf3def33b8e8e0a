import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PromptTemplateVersion } from './entities/prompt-template-version.entity';
import { PromptTemplate } from './entities/prompt-template.entity';
import { PROMPT_SOURCE } from './prompt-source';
import { PromptTemplatesSeeder } from './prompt-templates.seeder';
import { PromptTemplatesService } from './prompt-templates.service';
import { PromptsHandlers } from './prompts.handlers';
import { StoredPromptSource } from './stored-prompt-source';

/** The stored prompt templates: the admin subjects, the seeder, and the source every LLM call reads. */
@Module({
  imports: [TypeOrmModule.forFeature([PromptTemplate, PromptTemplateVersion])],
  controllers: [PromptsHandlers],
  providers: [PromptTemplatesService, PromptTemplatesSeeder, StoredPromptSource, { provide: PROMPT_SOURCE, useExisting: StoredPromptSource }],
  exports: [PROMPT_SOURCE],
})
export class PromptsModule {}
