import { FactCheckFinding, findInstructionSpans, PROMPT_TEMPLATE_NAMES, TextSpan } from '@masar/contracts';
import { Logger } from 'pino';
import { OpenAiConfig } from '../../config';
import { LANGUAGE_NAMES_FOR_PROMPTS } from '../../prompts/built-in-prompts';
import { PromptSource } from '../../prompts/prompt-source';
import { splitSentences } from '../../skills/extraction/sentence-splitter';
import { FactCheckRequest, LessonFactChecker } from '../lesson-fact-checker';
import { mapWithConcurrency } from './bounded-concurrency';
import { locateQuote } from './evidence-locator';
import { FACT_CHECK_RESPONSE_FORMAT, factCheckAnswerSchema, factCheckMessages, LessonForReview } from './fact-check-prompt';
import { OpenAiChat, templateSettings } from './openai-chat';
import { withoutInstructions } from './skill-extraction-prompt';

/** Lessons reviewed at once for one request (at most six per request): two rounds, without flooding the API. */
export const FACT_CHECK_CONCURRENCY = 3;

interface PreparedLesson {
  key: string;
  content: string;
  /** The parts addressed to software, withheld from the model; a quote inside one supports nothing. */
  instructions: TextSpan[];
  forModel: LessonForReview;
}

/**
 * The factual-consistency review through an OpenAI-compatible model: one chat completion per lesson
 * (at most FACT_CHECK_CONCURRENCY at once), the other lessons of the request given as context so a
 * contradiction between lessons is seen. The model only proposes: a finding whose claim is not found
 * verbatim in its lesson (ignoring case and spacing) is dropped, as skill extraction drops proposals
 * without evidence, so an invented quote never reaches a quality report.
 */
export class OpenAiFactChecker implements LessonFactChecker {
  readonly name = 'openai' as const;
  private readonly chat: OpenAiChat;

  constructor(
    config: OpenAiConfig,
    private readonly prompts: PromptSource,
    private readonly logger: Logger,
  ) {
    this.chat = new OpenAiChat(config, logger);
  }

  async factCheck(request: FactCheckRequest): Promise<FactCheckFinding[]> {
    // Text addressed to software is never sent: the model cannot obey what it does not read.
    const lessons: PreparedLesson[] = request.lessons.map((lesson) => {
      const instructions = findInstructionSpans(lesson.content, splitSentences(lesson.content));
      return {
        key: lesson.key,
        content: lesson.content,
        instructions,
        forModel: { title: lesson.title, content: withoutInstructions(lesson.content, instructions) },
      };
    });
    const perLesson = await mapWithConcurrency(lessons, FACT_CHECK_CONCURRENCY, (lesson) =>
      this.checkLesson(request, lesson, lessons.filter((other) => other !== lesson).map((other) => other.forModel)),
    );
    return perLesson.flat();
  }

  private async checkLesson(request: FactCheckRequest, lesson: PreparedLesson, otherLessons: LessonForReview[]): Promise<FactCheckFinding[]> {
    const { language } = request.course;
    const prompt = await this.prompts.resolve(PROMPT_TEMPLATE_NAMES.QUALITY_FACT_CHECK, { language, languageName: LANGUAGE_NAMES_FOR_PROMPTS[language] });
    const answer = await this.chat.complete(
      {
        ...templateSettings(prompt),
        messages: factCheckMessages(prompt.system, request.course, lesson.forModel, otherLessons),
        response_format: FACT_CHECK_RESPONSE_FORMAT,
      },
      'The AI model declined to review this lesson',
    );
    const parsed = factCheckAnswerSchema.safeParse(this.chat.parseJson(answer));
    if (!parsed.success) {
      throw this.chat.wrongShape(answer, 'The AI model returned JSON without the expected list of findings');
    }
    const findings: FactCheckFinding[] = [];
    const dropped: string[] = [];
    for (const proposed of parsed.data.findings) {
      const place = locateQuote(lesson.content, proposed.claim).find(
        (span) => !lesson.instructions.some((withheld) => withheld.start < span.end && span.start < withheld.end),
      );
      if (place === undefined) {
        dropped.push(proposed.claim.slice(0, 200));
        continue;
      }
      // The lesson's own words, not the model's copy of them.
      const claim = lesson.content.slice(place.start, place.end);
      if (findings.some((finding) => finding.claim === claim)) continue;
      findings.push({ key: lesson.key, claim, problem: proposed.problem, severity: proposed.severity });
    }
    if (dropped.length > 0 || lesson.instructions.length > 0) {
      this.logger.info(
        { model: prompt.model, lesson: lesson.key, proposed: parsed.data.findings.length, dropped, withheldInstructions: lesson.instructions.length },
        'fact-check findings without a verbatim claim dropped or instructions withheld',
      );
    }
    return findings;
  }
}
