import {
  addModulesReplySchema,
  analyzeImageReplySchema,
  courseCreationTaskReplySchema,
  createCourseReplySchema,
  uploadCourseImageReplySchema,
  type AddModulesBody,
  type AddModulesReply,
  type AnalyzeImageBody,
  type AnalyzeImageReply,
  type CourseCreationTaskReply,
  type CourseForm,
  type CourseFormInput,
  type CreateCourseReply,
  type UploadCourseImageReply,
} from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';
import { COURSE_LIST_TAG } from '../courses/courses.api';

export interface AddModulesArgs extends AddModulesBody {
  courseId: string;
}

export interface CreateCourseWithFilesArgs {
  /** The Manual tab's checked form; sent as the JSON text of `courseData`. */
  courseData: CourseForm;
  useAIOrganization: boolean;
  courseImage?: File;
  files: File[];
}

export interface AiGenerateCourseWithFilesArgs {
  /** The AI Generate tab's form, completed with completeAiCourseFields. */
  courseData: CourseForm;
  files: File[];
}

/** The multipart body of the two "with files" calls: the form as JSON text, then the files under one repeated name. */
function courseWithFilesBody(courseData: CourseForm, files: File[]): FormData {
  // The browser writes the multipart boundary itself, so no content type is set anywhere here.
  const body = new FormData();
  body.append('courseData', JSON.stringify(courseData));
  for (const file of files) body.append('files', file, file.name);
  return body;
}

/**
 * Course authoring (spec 001 sections 2, 4, 5 and 7): the manual and AI forms, courses built from
 * documents through creation tasks, adding modules and describing a course image.
 */
export const courseAuthoringApi = baseApi.enhanceEndpoints({ addTagTypes: ['Courses'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/courses`: the Manual tab, the AI Generate tab without materials, and the fallback after a failed task. */
    createCourse: build.mutation<CreateCourseReply, CourseFormInput>({
      query: (body) => ({ url: '/courses', method: 'POST', body }),
      responseSchema: replySchema(createCourseReplySchema),
      invalidatesTags: [COURSE_LIST_TAG],
    }),

    /** `POST /api/courses/:id/add-modules`: the course detail refreshes from the invalidated tag. */
    addModules: build.mutation<AddModulesReply, AddModulesArgs>({
      query: ({ courseId, ...body }) => ({ url: `/courses/${encodeURIComponent(courseId)}/add-modules`, method: 'POST', body }),
      responseSchema: replySchema(addModulesReplySchema),
      invalidatesTags: (_reply, _error, { courseId }) => [COURSE_LIST_TAG, { type: 'Courses', id: courseId }],
    }),

    /** `POST /api/course-images`: keeps the course image of a course made from the form alone (201 `{imageUrl}`). */
    uploadCourseImage: build.mutation<UploadCourseImageReply, File>({
      query: (image) => {
        const body = new FormData();
        body.append('courseImage', image, image.name);
        return { url: '/course-images', method: 'POST', body };
      },
      responseSchema: replySchema(uploadCourseImageReplySchema),
    }),

    /** `POST /api/courses/upload`: the Upload PDF tab; the course comes from the one file alone (202 `{task}`). */
    importCourseFile: build.mutation<CourseCreationTaskReply, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: '/courses/upload', method: 'POST', body };
      },
      responseSchema: replySchema(courseCreationTaskReplySchema),
    }),

    /** `POST /api/courses/create-with-files`: the Manual tab with materials (202 `{task}`). */
    createCourseWithFiles: build.mutation<CourseCreationTaskReply, CreateCourseWithFilesArgs>({
      query: ({ courseData, useAIOrganization, courseImage, files }) => {
        const body = courseWithFilesBody(courseData, files);
        body.append('useAIOrganization', useAIOrganization ? 'true' : 'false');
        if (courseImage) body.append('courseImage', courseImage, courseImage.name);
        return { url: '/courses/create-with-files', method: 'POST', body };
      },
      responseSchema: replySchema(courseCreationTaskReplySchema),
    }),

    /** `POST /api/courses/ai-generate-with-files`: the AI Generate tab with materials (202 `{task}`). */
    aiGenerateCourseWithFiles: build.mutation<CourseCreationTaskReply, AiGenerateCourseWithFilesArgs>({
      query: ({ courseData, files }) => ({
        url: '/courses/ai-generate-with-files',
        method: 'POST',
        body: courseWithFilesBody(courseData, files),
      }),
      responseSchema: replySchema(courseCreationTaskReplySchema),
    }),

    /**
     * `GET /api/courses/creation-tasks/:id`, polled by useCreationTask while the task runs. Each
     * answer is the task's state now, so nothing is kept once nobody follows it.
     */
    getCourseCreationTask: build.query<CourseCreationTaskReply, string>({
      query: (id) => `/courses/creation-tasks/${encodeURIComponent(id)}`,
      responseSchema: replySchema(courseCreationTaskReplySchema),
      keepUnusedDataFor: 0,
    }),

    /** `POST /api/courses/analyze-image`: a description of the chosen course image, for an empty description. */
    analyzeCourseImage: build.mutation<AnalyzeImageReply, AnalyzeImageBody>({
      query: (body) => ({ url: '/courses/analyze-image', method: 'POST', body }),
      responseSchema: replySchema(analyzeImageReplySchema),
    }),
  }),
});

export const {
  useCreateCourseMutation,
  useAddModulesMutation,
  useImportCourseFileMutation,
  useCreateCourseWithFilesMutation,
  useAiGenerateCourseWithFilesMutation,
  useGetCourseCreationTaskQuery,
  useAnalyzeCourseImageMutation,
  useUploadCourseImageMutation,
} = courseAuthoringApi;
