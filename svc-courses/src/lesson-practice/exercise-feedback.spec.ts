import { exerciseFeedbackRequestSchema, type ExerciseFeedbackRequest, MAX_FEEDBACK_REQUEST_BYTES } from '@masar/contracts';
import { type AttachedPicture, withPicturesThatFit } from './exercise-feedback';

const REQUEST: ExerciseFeedbackRequest = {
  language: 'en',
  exercise: { title: 'Run a retrospective', instructions: 'Run it and write down what you agreed.', checklist: ['Run the retrospective'], keyPoints: ['Two actions'] },
  work: 'We ran it.',
};

const picture = (name: string, size: number): AttachedPicture => ({ name, mediaType: 'image/jpeg', bytes: new Uint8Array(size).fill(7) });

describe('withPicturesThatFit', () => {
  it('sends a picture as base64 without a data: prefix, as the request schema takes it', () => {
    const request = withPicturesThatFit(REQUEST, [picture('board.jpg', 3)]);
    expect(request.attachmentImages).toEqual([{ name: 'board.jpg', mediaType: 'image/jpeg', data: Buffer.from([7, 7, 7]).toString('base64') }]);
    expect(request.imagesTooLarge).toEqual([]);
    expect(exerciseFeedbackRequestSchema.safeParse(request).success).toBe(true);
  });

  it('keeps pictures in attached order while they fit in one NATS message, naming the rest as too large', () => {
    const request = withPicturesThatFit(REQUEST, [picture('first.jpg', 400 * 1024), picture('second.jpg', 400 * 1024), picture('small.jpg', 10 * 1024)]);
    expect(request.attachmentImages?.map((image) => image.name)).toEqual(['first.jpg', 'small.jpg']);
    expect(request.imagesTooLarge).toEqual(['second.jpg']);
    expect(Buffer.byteLength(JSON.stringify(request))).toBeLessThanOrEqual(MAX_FEEDBACK_REQUEST_BYTES);
    expect(exerciseFeedbackRequestSchema.safeParse(request).success).toBe(true);
  });

  it('counts the written work against the same message: long work leaves less room for pictures', () => {
    const longWork = { ...REQUEST, work: 'ش'.repeat(20_000), exercise: { ...REQUEST.exercise, instructions: 'ع'.repeat(20_000) } };
    const fitsAlone = 640 * 1024;
    expect(withPicturesThatFit(REQUEST, [picture('photo.jpg', fitsAlone)]).imagesTooLarge).toEqual([]);
    const request = withPicturesThatFit(longWork, [picture('photo.jpg', fitsAlone)]);
    expect(request.imagesTooLarge).toEqual(['photo.jpg']);
    expect(request.attachmentImages).toEqual([]);
  });

  it('names a picture too large for any request as too large, without encoding it', () => {
    expect(withPicturesThatFit(REQUEST, [picture('poster.png', 4 * 1024 * 1024)])).toMatchObject({ attachmentImages: [], imagesTooLarge: ['poster.png'] });
  });
});
