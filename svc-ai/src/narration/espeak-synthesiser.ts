import type { Language } from '@masar/contracts';
import { spawn } from 'node:child_process';
import { AiProviderError } from '../providers/ai-provider-error';
import type { SpeechSynthesiser } from './speech-synthesiser';

/** A low, mono bit rate: speech stays clear, and a minute of it is about 240 KB. */
const LAME_ARGUMENTS = ['--quiet', '-b', '32', '-m', 'm', '-', '-'];
/** Far more MP3 than the longest lesson makes (at 32 kbps, about 3 hours): a runaway process is stopped. */
const MAX_MP3_BYTES = 40 * 1024 * 1024;

export const OFFLINE_VOICE_MISSING_MESSAGE =
  'The offline voice is not installed on the server (espeak-ng and lame): install them with "apt-get install espeak-ng lame"';

export interface EspeakOptions {
  espeakPath: string;
  lamePath: string;
  /** The whole synthesis, both processes; killed after it. */
  timeoutMs: number;
}

export const DEFAULT_ESPEAK_OPTIONS: EspeakOptions = { espeakPath: 'espeak-ng', lamePath: 'lame', timeoutMs: 120_000 };

/**
 * The offline voice: Debian's espeak-ng (GPL-3.0) piped into LAME (LGPL), each a separate process and
 * never linked. The text goes in on stdin, never on a command line (no argument injection, no
 * length limit, not visible in the process list).
 */
export class EspeakSynthesiser implements SpeechSynthesiser {
  constructor(private readonly options: EspeakOptions = DEFAULT_ESPEAK_OPTIONS) {}

  voiceOf(language: Language): string {
    return `espeak-ng/${language}/lame-32k-mono`;
  }

  synthesise(text: string, language: Language): Promise<Uint8Array> {
    return new Promise<Uint8Array>((resolve, reject) => {
      const espeak = spawn(this.options.espeakPath, ['-v', language, '--stdin', '--stdout'], { stdio: ['pipe', 'pipe', 'pipe'] });
      const lame = spawn(this.options.lamePath, LAME_ARGUMENTS, { stdio: ['pipe', 'pipe', 'pipe'] });
      const chunks: Buffer[] = [];
      const errors: Record<string, string> = { 'espeak-ng': '', lame: '' };
      let total = 0;
      let settled = false;
      const exits: Record<string, number | null> = {};

      const finish = (failure?: AiProviderError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (failure) {
          espeak.kill('SIGKILL');
          lame.kill('SIGKILL');
          reject(failure);
        } else {
          resolve(Buffer.concat(chunks, total));
        }
      };
      const timer = setTimeout(
        () => finish(new AiProviderError(503, `The offline voice did not finish within ${Math.round(this.options.timeoutMs / 1000)} s`)),
        this.options.timeoutMs,
      );
      const failedToStart = (error: NodeJS.ErrnoException) =>
        finish(new AiProviderError(503, error.code === 'ENOENT' ? OFFLINE_VOICE_MISSING_MESSAGE : `The offline voice could not start: ${error.message}`));
      espeak.on('error', failedToStart);
      lame.on('error', failedToStart);
      // A process that died early closes its pipe: the write errors are reported by its exit instead.
      espeak.stdin.on('error', () => undefined);
      lame.stdin.on('error', () => undefined);
      for (const [name, child] of [['espeak-ng', espeak], ['lame', lame]] as const) {
        child.stderr.on('data', (data: Buffer) => {
          if (errors[name].length < 2000) errors[name] += data.toString('utf8');
        });
      }

      espeak.stdout.pipe(lame.stdin);
      lame.stdout.on('data', (data: Buffer) => {
        total += data.length;
        if (total > MAX_MP3_BYTES) finish(new AiProviderError(502, 'The offline voice produced more audio than a lesson can take'));
        else chunks.push(data);
      });

      const exited = (name: string) => (code: number | null, signal: NodeJS.Signals | null) => {
        exits[name] = code;
        if (code !== 0) {
          const said = errors[name].trim().split('\n')[0]?.slice(0, 200);
          finish(new AiProviderError(502, `The offline voice failed (${name} ${code === null ? `stopped by ${signal}` : `exited with code ${code}`})${said ? `: ${said}` : ''}`));
          return;
        }
        if (exits['espeak-ng'] === 0 && exits.lame === 0) {
          finish(total === 0 ? new AiProviderError(502, 'The offline voice produced no audio') : undefined);
        }
      };
      espeak.on('close', exited('espeak-ng'));
      lame.on('close', exited('lame'));

      espeak.stdin.end(text, 'utf8');
    });
  }
}
