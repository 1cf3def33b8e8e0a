import { type GenerateLessonImageBody, type GenerateLessonImageReply, generateLessonImageReplySchema } from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';

/** Lesson illustrations (spec 001 "Lesson view"): `POST /api/lessons/generate-image` answers the PNG's address. */
export const illustrationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    generateLessonImage: build.mutation<GenerateLessonImageReply, GenerateLessonImageBody>({
      query: (body) => ({ url: '/lessons/generate-image', method: 'POST', body }),
      responseSchema: replySchema(generateLessonImageReplySchema),
    }),
  }),
});

export const { useGenerateLessonImageMutation } = illustrationsApi;

/** The spec's request: title, content and its first 300 characters as the summary; the lesson's key points and the course's skills too. */
export function lessonImageBodyOf(lesson: { title: string; content: string; keyPoints: string[] }, courseSkills: string[] = []): GenerateLessonImageBody {
  return {
    title: lesson.title,
    content: lesson.content,
    lessonSummary: lesson.content.slice(0, 300),
    keyPoints: lesson.keyPoints.slice(0, 12),
    skills: courseSkills.slice(0, 40),
  };
}
