import { AiProvider, GenerateIllustrationRequest } from '@masar/contracts';

/** A lesson's illustration as PNG bytes, with its size. */
export interface LessonIllustration {
  png: Buffer;
  width: number;
  height: number;
}

/** A backend that pictures a lesson: a drawn diagram offline, an image model with one configured. */
export interface LessonIllustrator {
  readonly name: AiProvider;
  illustrate(request: GenerateIllustrationRequest): Promise<LessonIllustration>;
}

export const LESSON_ILLUSTRATORS = Symbol('LESSON_ILLUSTRATORS');
