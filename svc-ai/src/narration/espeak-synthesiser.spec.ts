import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AiProviderError } from '../providers/ai-provider-error';
import { DEFAULT_ESPEAK_OPTIONS, EspeakSynthesiser, OFFLINE_VOICE_MISSING_MESSAGE } from './espeak-synthesiser';
import { summariseMp3 } from './mp3-frames';

async function failureOf(work: Promise<unknown>): Promise<AiProviderError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AiProviderError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('EspeakSynthesiser', () => {
  it('speaks text given on stdin, including text that looks like command-line options', async () => {
    const audio = await new EspeakSynthesiser().synthesise('--help -v fr; rm -rf / $(reboot)', 'en');
    expect(summariseMp3(audio)!.durationSeconds).toBeGreaterThan(1);
  });

  it('says how to install the voice when espeak-ng or lame is missing', async () => {
    const missing = await failureOf(new EspeakSynthesiser({ ...DEFAULT_ESPEAK_OPTIONS, espeakPath: '/nonexistent/espeak-ng' }).synthesise('Hello', 'en'));
    expect(missing).toMatchObject({ statusCode: 503, message: OFFLINE_VOICE_MISSING_MESSAGE });
    const noLame = await failureOf(new EspeakSynthesiser({ ...DEFAULT_ESPEAK_OPTIONS, lamePath: '/nonexistent/lame' }).synthesise('Hello', 'en'));
    expect(noLame).toMatchObject({ statusCode: 503, message: OFFLINE_VOICE_MISSING_MESSAGE });
  });

  it('reports a process that exits with an error as a 502 naming it', async () => {
    const failed = await failureOf(new EspeakSynthesiser({ ...DEFAULT_ESPEAK_OPTIONS, espeakPath: 'false' }).synthesise('Hello', 'en'));
    expect(failed).toMatchObject({ statusCode: 502, message: 'The offline voice failed (espeak-ng exited with code 1)' });
  });

  it('kills a synthesis that takes longer than its timeout instead of hanging', async () => {
    const stuck = join(mkdtempSync(join(tmpdir(), 'stuck-voice-')), 'espeak-ng');
    writeFileSync(stuck, '#!/bin/sh\nexec sleep 30\n');
    chmodSync(stuck, 0o755);
    const startedAt = Date.now();
    const slow = await failureOf(new EspeakSynthesiser({ ...DEFAULT_ESPEAK_OPTIONS, espeakPath: stuck, timeoutMs: 1000 }).synthesise('Hello', 'en'));
    expect(slow).toMatchObject({ statusCode: 503, message: 'The offline voice did not finish within 1 s' });
    expect(Date.now() - startedAt).toBeLessThan(3000);
  });
});
