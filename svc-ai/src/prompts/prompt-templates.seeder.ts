import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LOGGER } from '@masar/contracts/service-kit';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { BUILT_IN_PROMPTS } from './built-in-prompts';
import { PromptTemplateVersion } from './entities/prompt-template-version.entity';
import { PromptTemplate } from './entities/prompt-template.entity';

/**
 * Inserts each built-in template that is not stored yet, with its version 1, before the service
 * listens. `ON CONFLICT DO NOTHING` on the unique name: restarts and instances starting together
 * create each template once, and a template an admin edited is never overwritten.
 */
@Injectable()
export class PromptTemplatesSeeder implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    const seeded: string[] = [];
    for (const builtIn of BUILT_IN_PROMPTS) {
      await this.dataSource.transaction(async (manager) => {
        const inserted = await manager
          .createQueryBuilder()
          .insert()
          .into(PromptTemplate)
          .values({ ...builtIn, version: 1, updatedBy: null })
          .orIgnore()
          .returning(['id'])
          .execute();
        const id = (inserted.raw as { id: string }[])[0]?.id;
        if (id === undefined) return;
        const { name: _name, category: _category, parameters: _parameters, ...fields } = builtIn;
        await manager.insert(PromptTemplateVersion, { ...fields, templateId: id, version: 1, changedBy: null, changes: [], restoredFrom: null });
        seeded.push(builtIn.name);
      });
    }
    if (seeded.length > 0) this.logger.info({ seeded }, 'built-in prompt templates stored');
  }
}
