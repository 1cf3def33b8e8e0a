import { DEFAULT_DATABASE_URL, runSchemaMigrations, type ServiceDatabase, serviceDataSourceOptions } from '@masar/contracts/service-kit';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { GOVERNANCE_ENTITIES } from '../governance/governance.module';
import { PromptTemplateVersion } from '../prompts/entities/prompt-template-version.entity';
import { PromptTemplate } from '../prompts/entities/prompt-template.entity';
import { CreatePromptTemplates1795700000000 } from './migrations/1795700000000-create-prompt-templates';
import { CreateAiGovernance1795800000000 } from './migrations/1795800000000-create-ai-governance';
import { AddQualityReviewFeature1795900000000 } from './migrations/1795900000000-add-quality-review-feature';
import { AddSearchAnswerAndLearningHelpersFeatures1796000000000 } from './migrations/1796000000000-add-search-answer-and-learning-helpers-features';
import { AddNarrationFeature1796100000000 } from './migrations/1796100000000-add-narration-feature';
import { AddLessonIllustrations1796200000000 } from './migrations/1796200000000-add-lesson-illustrations';
import { AddExerciseFeedbackFeature1796400000000 } from './migrations/1796400000000-add-exercise-feedback-feature';
import { AddArabicVowelMarksFeature1796410000000 } from './migrations/1796410000000-add-arabic-vowel-marks-feature';
import { CreateSearchEmbeddings1796420000000 } from './migrations/1796420000000-create-search-embeddings';
import { SearchEmbeddingsLastUsed1796500000000 } from './migrations/1796500000000-search-embeddings-last-used';
import { GovernanceSettingsVersion1796800000000 } from './migrations/1796800000000-governance-settings-version';
import { StoredIllustration } from '../illustrations/entities/stored-illustration.entity';

/** The Postgres schema svc-ai owns; nobody else reads or writes it. */
export const AI_SCHEMA = 'ai';

/** What svc-ai keeps in Postgres: the prompt templates and their versions, and AI governance (call log, settings, budgets, notice). */
export const AI_DATABASE: ServiceDatabase = {
  service: 'ai',
  schema: AI_SCHEMA,
  entities: [PromptTemplate, PromptTemplateVersion, ...GOVERNANCE_ENTITIES, StoredIllustration],
  migrations: [
    CreatePromptTemplates1795700000000,
    CreateAiGovernance1795800000000,
    AddQualityReviewFeature1795900000000,
    AddSearchAnswerAndLearningHelpersFeatures1796000000000,
    AddNarrationFeature1796100000000,
    AddLessonIllustrations1796200000000,
    AddExerciseFeedbackFeature1796400000000,
    AddArabicVowelMarksFeature1796410000000,
    CreateSearchEmbeddings1796420000000,
    SearchEmbeddingsLastUsed1796500000000,
    GovernanceSettingsVersion1796800000000,
  ],
};

/** One description of the database for the app, the migration runner and the TypeORM CLI. */
export function aiDataSourceOptions(databaseUrl: string): PostgresConnectionOptions {
  return serviceDataSourceOptions(AI_DATABASE, databaseUrl);
}

/** Brings the schema up to date (the service does it at boot; tests call it directly). */
export function runAiMigrations(databaseUrl: string): Promise<string[]> {
  return runSchemaMigrations(aiDataSourceOptions(databaseUrl));
}

/**
 * For the TypeORM CLI, e.g. `npx typeorm -d dist/database/data-source.js migration:show`.
 * It reads DATABASE_URL without validating: the service validates its whole configuration
 * in bootstrap(), and importing this file must never throw.
 */
export const dataSource = new DataSource(aiDataSourceOptions(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL));
