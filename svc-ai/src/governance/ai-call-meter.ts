import { AiFeature, AiProvider, Caller, ErrorReply, isErrorReply, OFFLINE_MODEL_NAME } from '@masar/contracts';
import { currentRequestId, LOGGER, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { Logger } from 'pino';
import { asRpcError } from '../errors/rpc-error';
import { newAiCallContext, runInAiCall } from './ai-call-context';
import { emptyCall, GovernanceService } from './governance.service';

export const AI_GOVERNANCE_UNAVAILABLE_MESSAGE = 'The AI settings are unavailable: their database did not answer';

/** What a feature's work produced: its reply, and how many characters of text it wrote. */
export interface MeteredResult<T> {
  result: T;
  outputCharacters: number;
}

/** Characters as a person counts them (an emoji or an Arabic letter is one), not UTF-16 units. */
export function characterCount(...texts: ReadonlyArray<string | undefined | null>): number {
  let count = 0;
  for (const text of texts) if (text) for (const _ of text) count++;
  return count;
}

/** The reply a failure becomes: its ErrorReply, or a 500 for what was not meant to reach anyone. */
function errorReplyOf(error: unknown): ErrorReply {
  const converted = asRpcError(error);
  if (converted instanceof RpcException) {
    const reply = converted.getError();
    if (isErrorReply(reply)) return reply;
  }
  return { statusCode: 500, message: error instanceof Error ? error.message : String(error) };
}

/**
 * The one gate and meter of every AI feature (skills, lessons, images): it refuses a call that may
 * not run (feature off, notice not accepted, budget used up, provider not configured), picks the
 * feature's provider, runs the work where the model client and the prompt source record into it,
 * and writes one `ai_calls` row whatever happens, before answering as the work did.
 */
@Injectable()
export class AiCallMeter {
  constructor(
    private readonly governance: GovernanceService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run<T>(
    feature: AiFeature,
    caller: Caller | null,
    inputCharacters: number,
    work: (provider: AiProvider) => Promise<MeteredResult<T>>,
    /** False for work answered without a model call (from a store): a used-up budget does not refuse it. */
    { budgetApplies = true }: { budgetApplies?: boolean } = {},
  ): Promise<T> {
    const startedAt = Date.now();
    const requestId = currentRequestId() ?? null;
    // Without its settings no call runs: a database that does not answer is a 503, as a model that does not.
    const { settings, refusal } = await this.governance.checkCall(feature, caller, { budgetApplies }).catch((error: unknown) => {
      this.logger.error({ err: error, feature }, AI_GOVERNANCE_UNAVAILABLE_MESSAGE);
      throw rpcError(503, AI_GOVERNANCE_UNAVAILABLE_MESSAGE);
    });
    if (refusal) {
      await this.record({
        ...emptyCall(caller, settings, await this.governance.modelForLog(settings)),
        inputCharacters,
        latencyMs: Date.now() - startedAt,
        outcome: 'refused',
        statusCode: refusal.statusCode,
        error: refusal.message,
        requestId,
      });
      throw rpcError(refusal.statusCode, refusal.message);
    }

    const call = newAiCallContext(settings.provider === 'openai' ? settings.model : null);
    const measured = async (outcome: { outputCharacters: number } | { failure: ErrorReply }) => {
      const model = settings.provider === 'offline' ? OFFLINE_MODEL_NAME : (call.model ?? (await this.governance.modelForLog(settings)));
      await this.record({
        ...emptyCall(caller, settings, model),
        promptTemplate: call.promptTemplate,
        promptVersion: call.promptVersion,
        inputTokens: call.inputTokens,
        outputTokens: call.outputTokens,
        inputCharacters,
        outputCharacters: 'outputCharacters' in outcome ? outcome.outputCharacters : 0,
        latencyMs: Date.now() - startedAt,
        outcome: 'failure' in outcome ? 'failed' : 'succeeded',
        statusCode: 'failure' in outcome ? outcome.failure.statusCode : null,
        error: 'failure' in outcome ? outcome.failure.message : null,
        requestId,
      });
      return model;
    };

    let produced: MeteredResult<T>;
    try {
      produced = await runInAiCall(call, () => work(settings.provider));
    } catch (error) {
      const failure = errorReplyOf(error);
      await measured({ failure });
      throw failure.statusCode === 500 ? error : rpcError(failure.statusCode, failure.message);
    }
    await measured({ outputCharacters: produced.outputCharacters });
    return produced.result;
  }

  /** A log row that cannot be written must not turn an answered call into a failure: it is logged instead. */
  private async record(row: Parameters<GovernanceService['recordCall']>[0]): Promise<void> {
    await this.governance.recordCall(row).catch((error: unknown) => {
      this.logger.error({ err: error, feature: row.feature, outcome: row.outcome }, 'AI call could not be logged');
    });
  }
}
