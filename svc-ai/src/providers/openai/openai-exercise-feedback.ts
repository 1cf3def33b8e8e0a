import { CheckedExerciseFeedbackRequest, isInstructionToModel, PROMPT_TEMPLATE_NAMES } from '@masar/contracts';
import { Logger } from 'pino';
import { OpenAiConfig } from '../../config';
import { LANGUAGE_NAMES_FOR_PROMPTS } from '../../prompts/built-in-prompts';
import { PromptSource } from '../../prompts/prompt-source';
import { AiProviderError } from '../ai-provider-error';
import { ExerciseFeedbackWriter, FeedbackPictures, pictureNotes, pointsToCheck, WrittenExerciseFeedback } from '../exercise-feedback-writer';
import { EXERCISE_FEEDBACK_RESPONSE_FORMAT, exerciseFeedbackAnswerSchema, exerciseFeedbackMessages } from './exercise-feedback-prompt';
import { echoKeysOf, guardForModel, withoutEchoes } from './model-answer-guard';
import { OpenAiChat, templateSettings } from './openai-chat';

/**
 * Exercise feedback through an OpenAI-compatible model and the `exercise-feedback` template. The
 * work and the exercise are data in the user message, parts addressed to software withheld; the
 * feedback loses any sentence that obeys or echoes them, and "covered"/"missing" keep only the
 * exercise's own points, so the model cannot invent a checklist. The pictures it is handed (read
 * and reduced by the service only when the model reads images, OPENAI_VISION) go as image parts;
 * either way the feedback ends by saying which pictures were looked at and which were not, and why.
 */
export class OpenAiExerciseFeedback implements ExerciseFeedbackWriter {
  readonly name = 'openai' as const;
  private readonly chat: OpenAiChat;

  constructor(
    config: OpenAiConfig,
    private readonly prompts: PromptSource,
    private readonly logger: Logger,
  ) {
    this.chat = new OpenAiChat(config, logger);
  }

  async write(request: CheckedExerciseFeedbackRequest, pictures: FeedbackPictures): Promise<WrittenExerciseFeedback> {
    const { language } = request;
    const work = guardForModel(request.work);
    const instructions = guardForModel(request.exercise.instructions);
    const attachments = request.attachmentTexts.map((attachment) => ({ name: attachment.name, ...guardForModel(attachment.text) }));
    const points = pointsToCheck(request).filter((point) => !isInstructionToModel(point));
    const withheld = [...work.withheld, ...instructions.withheld, ...attachments.flatMap((attachment) => attachment.withheld)];
    const data = {
      language,
      exercise: {
        title: request.exercise.title,
        instructions: instructions.forModel,
        checklist: request.exercise.checklist.filter((item) => points.includes(item.trim())),
        keyPoints: request.exercise.keyPoints.filter((item) => points.includes(item.trim())),
      },
      work: work.forModel,
      attachmentTexts: attachments.map((attachment) => ({ name: attachment.name, text: attachment.forModel })),
      unreadAttachments: request.unreadAttachments,
      checkedItems: request.checkedItems,
      images: pictures.shown.map((picture) => picture.name),
      imagesNotSeen: pictures.notShown.map((picture) => picture.name),
    };
    const prompt = await this.prompts.resolve(PROMPT_TEMPLATE_NAMES.EXERCISE_FEEDBACK, { language, languageName: LANGUAGE_NAMES_FOR_PROMPTS[language] });
    const answer = await this.chat.complete(
      { ...templateSettings(prompt), messages: exerciseFeedbackMessages(prompt.system, data, pictures.shown), response_format: EXERCISE_FEEDBACK_RESPONSE_FORMAT },
      'The AI model declined to give feedback on this work',
    );
    const parsed = exerciseFeedbackAnswerSchema.safeParse(this.chat.parseJson(answer));
    if (!parsed.success) throw this.chat.wrongShape(answer, 'The AI model returned JSON without feedback');
    const echoKeys = echoKeysOf(withheld, [request.exercise.title, instructions.forModel, work.forModel, ...points]);
    const text = withoutEchoes(parsed.data.feedback, echoKeys);
    if (text !== parsed.data.feedback.trim() || withheld.length > 0) {
      this.logger.info({ model: prompt.model, withheldInstructions: withheld.length }, 'exercise feedback cleaned or instructions withheld');
    }
    if (text === '') throw new AiProviderError(502, 'The AI model returned no feedback that could be used');
    const own = (items: string[]) => [...new Set(items.map((item) => item.trim()).filter((item) => points.includes(item)))];
    const covered = own(parsed.data.covered);
    const notes = pictureNotes(language, pictures);
    return { text: [text, ...notes].join('\n\n'), covered, missing: own(parsed.data.missing).filter((item) => !covered.includes(item)) };
  }
}
