import {
  generateLessonAudioReplySchema,
  type GenerateLessonAudioReply,
  type GenerateLessonAudioRequest,
  startCourseNarrationReplySchema,
  type StartCourseNarrationReply,
} from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';

/** Lesson narration (spec 001 section 4 "Audio"): `POST /api/lessons/generate-audio`, and a whole course's. */
export const narrationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The server keeps one recording per text and voice; the page keeps the address for the session. */
    generateLessonAudio: build.mutation<GenerateLessonAudioReply, GenerateLessonAudioRequest>({
      query: (body) => ({ url: '/lessons/generate-audio', method: 'POST', body }),
      responseSchema: replySchema(generateLessonAudioReplySchema),
    }),
    /** Admins: narrate every lesson of a course as an agent task; the reply counts the lessons it will narrate. */
    startCourseNarration: build.mutation<StartCourseNarrationReply, { courseId: string }>({
      query: ({ courseId }) => ({ url: `/courses/${encodeURIComponent(courseId)}/generate-audio`, method: 'POST' }),
      responseSchema: replySchema(startCourseNarrationReplySchema),
    }),
  }),
});

export const { useGenerateLessonAudioMutation, useStartCourseNarrationMutation } = narrationApi;
