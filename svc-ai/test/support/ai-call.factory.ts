import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AiCallRecord } from '../../src/governance/entities/ai-call.entity';

/** A row of the call log as svc-ai writes it; a succeeded offline skill extraction unless told otherwise. */
export function aiCallRow(overrides: Partial<AiCallRecord> = {}): AiCallRecord {
  const row: AiCallRecord = {
    id: randomUUID(),
    at: new Date(),
    userId: null,
    userRole: null,
    feature: 'skill-extraction',
    provider: 'offline',
    model: 'built-in',
    promptTemplate: null,
    promptVersion: null,
    inputTokens: 0,
    outputTokens: 0,
    inputCharacters: 100,
    outputCharacters: 20,
    latencyMs: 5,
    outcome: 'succeeded',
    statusCode: null,
    error: null,
    requestId: null,
    ...overrides,
  };
  return row;
}

/** Writes rows straight into `ai.ai_calls`: history a test needs (last month, model tokens) that offline calls cannot make. */
export async function insertAiCalls(dataSource: DataSource, rows: AiCallRecord[]): Promise<AiCallRecord[]> {
  await dataSource.getRepository(AiCallRecord).insert(rows);
  return rows;
}
