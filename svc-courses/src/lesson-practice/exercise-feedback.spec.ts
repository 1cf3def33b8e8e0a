import { type Caller, EXERCISE_ATTACHMENT_MESSAGES, exerciseFeedbackRequestSchema, type ExerciseFeedbackRequest, type StoredExerciseAttachment } from '@masar/contracts';
import { rpcError } from '@masar/contracts/service-kit';
import { RpcException } from '@nestjs/microservices';
import pino from 'pino';
import type { ExerciseFeedbackClient } from '../ai/exercise-feedback.client';
import type { Lesson } from '../courses/entities/lesson.entity';
import type { ExerciseAttachmentStore } from './exercise-attachment.store';
import { ExerciseFeedbackWriter } from './exercise-feedback';

const LEARNER: Caller = { id: '2e4c6a8b-0d1f-4e3a-9b5c-7d9e1f3a5b7c', role: 'learner' };
const LESSON = { id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', title: 'Spot the hazards', content: 'Note the hazards on a board.', keyPoints: ['Rate a risk'], activities: ['Identify hazards'] } as Lesson;
const PHOTO: StoredExerciseAttachment = { attachmentId: '0d1e2f3a-4b5c-4d6e-9f7a-8b9c0d1e2f3a', name: 'phone-photo.jpg', mediaType: 'image/jpeg', size: 5_000_000, sha256: 'a'.repeat(64) };

/** The writer over a client that answers with `answer` and records what it was sent, and a store that must not be read for pictures. */
function writerAnswering(answer: () => Promise<unknown>) {
  const sent: ExerciseFeedbackRequest[] = [];
  const client = { write: (request: ExerciseFeedbackRequest) => (sent.push(request), answer()) } as unknown as ExerciseFeedbackClient;
  const store = { read: jest.fn(async () => null) } as unknown as ExerciseAttachmentStore;
  return { writer: new ExerciseFeedbackWriter(client, store, pino({ level: 'silent' })), sent, store };
}

describe('ExerciseFeedbackWriter', () => {
  it('names an attached picture by its place in the attachments bucket, without reading its bytes', async () => {
    const { writer, sent, store } = writerAnswering(async () => ({ text: 'Good.', covered: [], missing: [], provider: 'openai', model: 'vision' }));
    const feedback = await writer.feedbackOn({ lesson: LESSON, work: 'Two hazards.', checkedItems: [], attachments: [PHOTO], language: 'en' }, LEARNER);
    expect(feedback).toMatchObject({ status: 'given', text: 'Good.' });
    expect(sent[0].attachmentImages).toEqual([{ name: 'phone-photo.jpg', key: PHOTO.attachmentId, mediaType: 'image/jpeg', size: 5_000_000 }]);
    expect(exerciseFeedbackRequestSchema.safeParse(sent[0]).success).toBe(true);
    expect(store.read).not.toHaveBeenCalled();
  });

  it('refuses the submission when svc-ai finds a picture is not what its name says, with svc-ai’s message', async () => {
    const message = EXERCISE_ATTACHMENT_MESSAGES.MISMATCH('phone-photo.jpg', 'holds a PDF document');
    const { writer } = writerAnswering(async () => {
      throw rpcError(415, message);
    });
    const refusal = await writer.feedbackOn({ lesson: LESSON, work: '', checkedItems: [], attachments: [PHOTO], language: 'en' }, LEARNER).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RpcException);
    expect((refusal as RpcException).getError()).toEqual({ statusCode: 415, message });
  });

  it('keeps the submission without feedback when the model fails', async () => {
    const { writer } = writerAnswering(async () => {
      throw rpcError(502, 'The AI model returned no feedback that could be used');
    });
    const feedback = await writer.feedbackOn({ lesson: LESSON, work: 'Two hazards.', checkedItems: [], attachments: [PHOTO], language: 'en' }, LEARNER);
    expect(feedback).toMatchObject({ status: 'unavailable', reason: 'model-failed' });
  });
});
