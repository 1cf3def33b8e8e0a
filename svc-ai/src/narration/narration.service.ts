import { AiProvider, Caller, GenerateNarrationReply, GenerateNarrationRequest, hasSpeakableText, languageOfLetters, NARRATION_NOTHING_TO_SAY_MESSAGE } from '@masar/contracts';
import { LOGGER, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Logger } from 'pino';
import { AiCallMeter, characterCount } from '../governance/ai-call-meter';
import { GovernanceService } from '../governance/governance.service';
import { AiProviderError } from '../providers/ai-provider-error';
import { providerFor, ProvidersByName } from '../providers/providers-by-name';
import { lacksVowelMarks } from './arabic-vowel-marks';
import { summariseMp3 } from './mp3-frames';
import { DIACRITISER, type Diacritiser } from './openai-diacritiser';
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

/** What a voice that reads the vowel marks a model added is keyed by, beside the voice itself. */
const WITH_VOWEL_MARKS = '+vowel-marks';

@Injectable()
export class NarrationService {
  /** Narrations being made now: a second identical request waits for the first instead of speaking again. */
  private readonly inFlight = new Map<string, Promise<StoredAudio>>();

  constructor(
    @Inject(SPEECH_SYNTHESISERS) private readonly synthesisers: ProvidersByName<SpeechSynthesiser>,
    private readonly store: NarrationStore,
    private readonly meter: AiCallMeter,
    private readonly governance: GovernanceService,
    /** Null without an OpenAI-compatible model: offline Arabic is read as written. */
    @Inject(DIACRITISER) private readonly diacritiser: Diacritiser | null,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Metered as `narration`; text already narrated with the same voice is answered from the store,
   * and such an answer (no model or voice at work) is not refused for a used-up budget. Arabic
   * written without vowel marks, read by the offline voice, first gets its marks from the model when
   * the `arabic-vowel-marks` feature is on and set to the model (its own call, metered under its own
   * name); espeak-ng then speaks the short vowels, and `textContent` is the marked text, the one
   * spoken. When that call is refused or fails, the text is read as written and the reason logged.
   */
  async generate(request: GenerateNarrationRequest, caller: Caller | null): Promise<GenerateNarrationReply> {
    const written = spokenTextOf(request);
    if (!hasSpeakableText(written)) throw rpcError(400, NARRATION_NOTHING_TO_SAY_MESSAGE);
    // The voice of the text's main language (a mixed lesson is read by the voice of most of its letters).
    const language = request.language ?? languageOfLetters(written);
    const inStore = await this.storedNarrationOf(written, language);
    return this.meter.run(
      'narration',
      caller,
      characterCount(written),
      async (provider) => {
        const synthesiser = providerFor(this.synthesisers, provider, 'narration');
        const voice = synthesiser.voiceOf(language);
        const marked = (await this.wantsVowelMarks(provider, language, written))
          ? await this.narrateWithVowelMarks(synthesiser, narrationKeyOf(written, voice + WITH_VOWEL_MARKS), written, language, caller)
          : null;
        const audioKey = marked?.key ?? narrationKeyOf(written, voice);
        const stored = marked ? null : await this.store.find(audioKey);
        const audio = marked?.audio ?? stored ?? (await this.speakOnce(audioKey, () => this.speak(synthesiser, audioKey, written, language)));
        const textContent = audio.spokenText ?? written;
        return {
          result: {
            audioKey,
            textContent,
            language,
            bytes: audio.bytes,
            ...(audio.durationSeconds === undefined ? {} : { durationSeconds: audio.durationSeconds }),
            reused: marked ? marked.reused : stored !== null,
          },
          outputCharacters: textContent === written ? 0 : characterCount(textContent),
        };
      },
      { budgetApplies: !inStore },
    );
  }

  /**
   * Whether narration's voice, as set now, would answer this text from the store (the same lookups
   * `generate` makes), so the budget can let it through. Any doubt (settings or store unreadable)
   * answers false: the call is then gated as usual.
   */
  private async storedNarrationOf(written: string, language: GenerateNarrationReply['language']): Promise<boolean> {
    try {
      const { provider } = await this.governance.settingsOf('narration');
      const synthesiser = this.synthesisers[provider];
      if (!synthesiser) return false;
      const voice = synthesiser.voiceOf(language);
      if ((await this.store.find(narrationKeyOf(written, voice))) !== null) {
        // Stored as written. Vowel marks, if wanted and not stored yet, are their own metered call: refused
        // for the budget, the stored recording is answered.
        return true;
      }
      if (!(await this.wantsVowelMarks(provider, language, written))) return false;
      return (await this.store.find(narrationKeyOf(written, voice + WITH_VOWEL_MARKS)))?.spokenText !== undefined;
    } catch (error) {
      this.logger.warn({ err: error }, 'could not tell whether a narration is stored; it is gated as new work');
      return false;
    }
  }

  /** Offline voice, Arabic mostly without marks, a model configured and `arabic-vowel-marks` on and set to it. */
  private async wantsVowelMarks(provider: AiProvider, language: GenerateNarrationReply['language'], written: string): Promise<boolean> {
    if (provider !== 'offline' || language !== 'ar' || this.diacritiser === null || !lacksVowelMarks(written)) return false;
    const marks = await this.governance.settingsOf('arabic-vowel-marks');
    return marks.enabled && marks.provider === 'openai';
  }

  /** The recording of the text with its vowel marks (made once), or null when the model could not or may not add them. */
  private async narrateWithVowelMarks(
    synthesiser: SpeechSynthesiser,
    key: string,
    written: string,
    language: GenerateNarrationReply['language'],
    caller: Caller | null,
  ): Promise<{ key: string; audio: StoredAudio; reused: boolean } | null> {
    const stored = await this.store.find(key);
    if (stored?.spokenText !== undefined) return { key, audio: stored, reused: true };
    try {
      const audio = await this.speakOnce(key, async () => {
        const spoken = await this.meter.run('arabic-vowel-marks', caller, characterCount(written), async () => {
          const marked = await this.diacritiser!.addVowelMarks(written);
          return { result: marked, outputCharacters: characterCount(marked) };
        });
        return this.speak(synthesiser, key, spoken, language);
      });
      return { key, audio, reused: false };
    } catch (error) {
      // Narration goes on without the marks: short vowels may be lost, but the lesson can be heard.
      this.logger.warn({ err: error, key }, 'could not add vowel marks to an Arabic narration; reading it as written');
      return null;
    }
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
    await this.store.put(key, audio, durationSeconds, text);
    return { bytes: audio.length, durationSeconds, spokenText: text };
  }
}

interface StoredAudio {
  bytes: number;
  durationSeconds?: number;
  /** The text the voice read, when it was kept with the recording. */
  spokenText?: string;
}
