import {
  Caller,
  describeValidationError,
  GetPromptRequest,
  modelOutputTokenLimit,
  PROMPT_EDITABLE_FIELDS,
  PROMPT_NOT_FOUND_MESSAGE,
  PromptEditableField,
  promptEditSchemaFor,
  PromptTemplateList,
  PromptTemplateVersionList,
  PromptTemplate as PromptTemplateReply,
  UpdatePromptRequest,
} from '@masar/contracts';
import { requireAdmin, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { AI_CONFIG, AiConfig } from '../config';
import { PromptTemplateVersion } from './entities/prompt-template-version.entity';
import { PromptTemplate } from './entities/prompt-template.entity';
import { effectiveModelOf, StoredPromptSource } from './stored-prompt-source';

export const versionNotFoundMessage = (version: number): string => `Version ${version} of this prompt does not exist`;

type EditableValues = Pick<PromptTemplate, PromptEditableField>;

/** The fields whose values differ between two states of a template. */
function changedFields(before: EditableValues, after: EditableValues): PromptEditableField[] {
  return PROMPT_EDITABLE_FIELDS.filter((field) => before[field] !== after[field]);
}

/**
 * Reading, editing and restoring prompt templates: admins only, checked here whatever the gateway let
 * through. Every save and every restore is one transaction that updates the template and records a
 * new version (who, when, what changed), with the template row locked so two saves never share a number.
 */
@Injectable()
export class PromptTemplatesService {
  constructor(
    @InjectRepository(PromptTemplate) private readonly templates: Repository<PromptTemplate>,
    @InjectRepository(PromptTemplateVersion) private readonly versions: Repository<PromptTemplateVersion>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly promptSource: StoredPromptSource,
    @Inject(AI_CONFIG) private readonly config: AiConfig,
  ) {}

  async list(caller: Caller): Promise<PromptTemplateList> {
    requireAdmin(caller);
    const templates = await this.templates.find({ order: { name: 'ASC' } });
    return { items: templates.map((template) => this.toReply(template)) };
  }

  async get(caller: Caller, request: GetPromptRequest): Promise<PromptTemplateReply> {
    requireAdmin(caller);
    const template = await this.templates.findOneBy('id' in request ? { id: request.id } : { name: request.name });
    if (!template) throw rpcError(404, PROMPT_NOT_FOUND_MESSAGE);
    return this.toReply(template);
  }

  async update(caller: Caller, id: string, changes: UpdatePromptRequest): Promise<PromptTemplateReply> {
    requireAdmin(caller);
    return this.saveVersion(id, caller, () => changes, null);
  }

  async listVersions(caller: Caller, id: string): Promise<PromptTemplateVersionList> {
    requireAdmin(caller);
    if (!(await this.templates.existsBy({ id }))) throw rpcError(404, PROMPT_NOT_FOUND_MESSAGE);
    const versions = await this.versions.find({ where: { templateId: id }, order: { version: 'DESC' } });
    return {
      items: versions.map((version) => ({
        templateId: version.templateId,
        version: version.version,
        prompt: version.prompt,
        description: version.description,
        temperature: version.temperature,
        maxTokens: version.maxTokens,
        model: version.model,
        changedBy: version.changedBy,
        changedAt: version.changedAt.toISOString(),
        changes: version.changes,
        restoredFrom: version.restoredFrom,
      })),
    };
  }

  /** A new version with the fields of an older one; the older one stays as it was. */
  async restore(caller: Caller, id: string, version: number): Promise<PromptTemplateReply> {
    requireAdmin(caller);
    return this.saveVersion(
      id,
      caller,
      async (manager) => {
        const older = await manager.findOneBy(PromptTemplateVersion, { templateId: id, version });
        if (!older) throw rpcError(404, versionNotFoundMessage(version));
        return { prompt: older.prompt, description: older.description, temperature: older.temperature, maxTokens: older.maxTokens };
      },
      version,
    );
  }

  /**
   * Locks the template, checks the new values against it (its parameters, its model's token limit),
   * writes them and the version, and commits; a refused edit writes nothing.
   */
  private async saveVersion(
    id: string,
    caller: Caller,
    valuesOf: (manager: EntityManager) => EditableValues | Promise<EditableValues>,
    restoredFrom: number | null,
  ): Promise<PromptTemplateReply> {
    const saved = await this.dataSource.transaction(async (manager) => {
      const template = await manager.findOne(PromptTemplate, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!template) throw rpcError(404, PROMPT_NOT_FOUND_MESSAGE);
      const effectiveModel = effectiveModelOf(template.model, this.config, template.name);
      const checked = promptEditSchemaFor({
        parameters: template.parameters,
        effectiveModel,
        maxTokensLimit: modelOutputTokenLimit(effectiveModel),
      }).safeParse(await valuesOf(manager));
      if (!checked.success) {
        const reason = describeValidationError(checked.error);
        throw rpcError(400, restoredFrom === null ? reason : `Version ${restoredFrom} cannot be restored: ${reason}`);
      }
      const values = checked.data;
      const changes = changedFields(template, values);
      Object.assign(template, values, { version: template.version + 1, updatedBy: caller.id, updatedAt: new Date() });
      await manager.save(template);
      await manager.insert(PromptTemplateVersion, {
        ...values,
        templateId: template.id,
        version: template.version,
        model: template.model,
        changedBy: caller.id,
        changedAt: template.updatedAt,
        changes,
        restoredFrom,
      });
      return template;
    });
    this.promptSource.forget(saved.name);
    return this.toReply(saved);
  }

  private toReply(template: PromptTemplate): PromptTemplateReply {
    const effectiveModel = effectiveModelOf(template.model, this.config, template.name);
    return {
      id: template.id,
      name: template.name,
      category: template.category,
      model: template.model,
      effectiveModel,
      maxTokensLimit: modelOutputTokenLimit(effectiveModel),
      temperature: template.temperature,
      maxTokens: template.maxTokens,
      description: template.description,
      prompt: template.prompt,
      parameters: template.parameters,
      version: template.version,
      updatedBy: template.updatedBy,
      updatedAt: template.updatedAt.toISOString(),
    };
  }
}
