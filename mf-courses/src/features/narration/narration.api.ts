import { generateLessonAudioReplySchema, type GenerateLessonAudioReply, type GenerateLessonAudioRequest } from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';

/** Lesson narration (spec 001 section 4 "Audio"): `POST /api/lessons/generate-audio`. */
export const narrationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The server keeps one recording per text and voice; the page keeps the address for the session. */
    generateLessonAudio: build.mutation<GenerateLessonAudioReply, GenerateLessonAudioRequest>({
      query: (body) => ({ url: '/lessons/generate-audio', method: 'POST', body }),
      responseSchema: replySchema(generateLessonAudioReplySchema),
    }),
  }),
});

export const { useGenerateLessonAudioMutation } = narrationApi;
