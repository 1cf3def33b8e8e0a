import { AiFeature, AiProvider, Caller } from '@masar/contracts';
import pino from 'pino';
import { AiCallMeter } from '../../src/governance/ai-call-meter';
import { FeatureSettings, GovernanceService, NewAiCall, Refusal } from '../../src/governance/governance.service';

/**
 * An AiCallMeter for unit tests of the feature services: governance settings fixed in memory (the
 * provider the test names, the model override, an optional refusal) and the logged rows kept in a list.
 * The real GovernanceService, on Postgres, is exercised by the integration tests under test/.
 */
export function meterFactory(options: { provider?: AiProvider; model?: string | null; refusal?: Refusal } = {}) {
  const rows: NewAiCall[] = [];
  const governance = {
    async checkCall(feature: AiFeature, _caller: Caller | null): Promise<{ settings: FeatureSettings; refusal: Refusal | null }> {
      return { settings: { feature, enabled: true, provider: options.provider ?? 'offline', model: options.model ?? null }, refusal: options.refusal ?? null };
    },
    async modelForLog(settings: FeatureSettings): Promise<string> {
      return settings.model ?? 'template-model';
    },
    async recordCall(row: NewAiCall): Promise<void> {
      rows.push(row);
    },
  };
  const meter = new AiCallMeter(governance as unknown as GovernanceService, pino({ level: 'silent' }));
  return { meter, rows };
}
