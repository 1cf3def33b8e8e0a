import { Caller, GenerateNarrationReply, GenerateNarrationRequest, hasSpeakableText, languageOfLetters, NARRATION_NOTHING_TO_SAY_MESSAGE } from '@masar/contracts';
import { rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AiCallMeter, characterCount } from '../governance/ai-call-meter';
import { AiProviderError } from '../providers/ai-provider-error';
import { providerFor, ProvidersByName } from '../providers/providers-by-name';
import { summariseMp3 } from './mp3-frames';
import { NarrationStore } from './narration.store';
import { SPEECH_SYNTHESISERS, SpeechSynthesiser } from './speech-synthesiser';
import { speechTextOf } from './speech-text';

/** What a listener hears: the title, then the lesson, both made ready for speech. */
export function spokenTextOf(request: Pick<GenerateNarrationRequest, 'text' | 'title'>): string {
  const text = speechTextOf(request.text);
  const title = speechTextOf(request.title);
  if (!hasSpeakableText(title) || text.startsWith(title)) return text;
  // A full stop after the title makes the voice pause before the lesson.
  return `${/[.!?؟:]$/.test(title) ? title : `${title}.`}\n\n${text}`;
}

/** A narration's key: the same words, language and voice are the same recording. */
export function narrationKeyOf(textContent: string, voice: string): string {
  return createHash('sha256').update(JSON.stringify([textContent, voice])).digest('hex');
}

@Injectable()
export class NarrationService {
  /** Narrations being made now: a second identical request waits for the first instead of speaking again. */
  private readonly inFlight = new Map<string, Promise<StoredAudio>>();

  constructor(
    @Inject(SPEECH_SYNTHESISERS) private readonly synthesisers: ProvidersByName<SpeechSynthesiser>,
    private readonly store: NarrationStore,
    private readonly meter: AiCallMeter,
  ) {}

  /** Metered as `narration`; text already narrated with the same voice is answered from the store. */
  async generate(request: GenerateNarrationRequest, caller: Caller | null): Promise<GenerateNarrationReply> {
    const textContent = spokenTextOf(request);
    if (!hasSpeakableText(textContent)) throw rpcError(400, NARRATION_NOTHING_TO_SAY_MESSAGE);
    // The voice of the text's main language (a mixed lesson is read by the voice of most of its letters).
    const language = request.language ?? languageOfLetters(textContent);
    return this.meter.run('narration', caller, characterCount(textContent), async (provider) => {
      const synthesiser = providerFor(this.synthesisers, provider, 'narration');
      const audioKey = narrationKeyOf(textContent, synthesiser.voiceOf(language));
      const stored = await this.store.find(audioKey);
      const audio = stored ?? (await this.speakOnce(audioKey, () => this.speak(synthesiser, audioKey, textContent, language)));
      return {
        result: {
          audioKey,
          textContent,
          language,
          bytes: audio.bytes,
          ...(audio.durationSeconds === undefined ? {} : { durationSeconds: audio.durationSeconds }),
          reused: stored !== null,
        },
        outputCharacters: 0,
      };
    });
  }

  private speakOnce(key: string, speak: () => Promise<StoredAudio>): Promise<StoredAudio> {
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = speak().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async speak(synthesiser: SpeechSynthesiser, key: string, text: string, language: GenerateNarrationReply['language']): Promise<StoredAudio> {
    const audio = await synthesiser.synthesise(text, language);
    const summary = summariseMp3(audio);
    if (summary === null) throw new AiProviderError(502, 'The voice did not return MP3 audio');
    const durationSeconds = Math.round(summary.durationSeconds * 100) / 100;
    await this.store.put(key, audio, durationSeconds);
    return { bytes: audio.length, durationSeconds };
  }
}

interface StoredAudio {
  bytes: number;
  durationSeconds?: number;
}
