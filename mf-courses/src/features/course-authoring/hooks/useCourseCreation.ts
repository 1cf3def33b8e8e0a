import {
  COURSE_CREATION_FALLBACK_REASONS,
  documentProcessingFailedMessage,
  type CourseCreationStage,
  type CourseCreationTask,
  type CourseForm,
} from '@masar/contracts';
import { showToast, toApiError, useAiNotice, useLanguage, type ApiError } from '@masar/shell/runtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { coursesApi, COURSE_LIST_TAG } from '../../courses/courses.api';
import {
  useAiGenerateCourseWithFilesMutation,
  useCreateCourseMutation,
  useCreateCourseWithFilesMutation,
  useImportCourseFileMutation,
  useUploadCourseImageMutation,
} from '../course-authoring.api';
import { creationMessageText } from '../creation-messages';
import { CREATION_TASK_POLL_MS, isClientError, useCreationTask } from './useCreationTask';

/** Spec 001 section 8: after file-based creation fails, the course is made from the form alone this much later. */
export const CREATION_FALLBACK_DELAY_MS = 2000;

/** What a tab of the Create dialog asks for. */
export type CourseCreationRequest =
  /** `POST /api/courses`: the Manual tab, or the AI Generate tab, without materials; the image is kept first. */
  | { kind: 'create'; form: CourseForm; courseImage?: File }
  | { kind: 'create-with-files'; form: CourseForm; files: File[]; useAIOrganization: boolean; courseImage?: File }
  | { kind: 'ai-generate-with-files'; form: CourseForm; files: File[] }
  /** The Upload PDF tab: the course comes from the file alone, with no fallback. */
  | { kind: 'import'; file: File };

/** What each tab of the Create dialog is given. */
export interface CreateTabProps {
  onSubmit: (request: CourseCreationRequest) => void;
  /** A creation is under way: the tab's fields and buttons wait. */
  busy: boolean;
}

type TaskRequest = Exclude<CourseCreationRequest, { kind: 'create' }>;

type Flow =
  | { step: 'idle' }
  | { step: 'creating' }
  | { step: 'uploading'; request: TaskRequest }
  | { step: 'following'; request: TaskRequest; started: CourseCreationTask }
  /** The task failed: its message shows, then the form alone makes the course (`sending` once that call is out). */
  | { step: 'falling-back'; form: CourseForm; courseImage?: File; message: string; fileNames: string[]; sending: boolean };

/** A stage a task passes through on its way to `complete`. */
export type RunningStage = Exclude<CourseCreationStage, 'error'>;

/** What CreationProgress shows. */
export interface CreationProgressState {
  stage: CourseCreationStage;
  message: string | null;
  fileNames: string[];
  /** The last stage reached before an error. */
  failedAt?: RunningStage;
}

export interface CourseCreationOptions {
  /** The course exists: the dialog closes and opens it. */
  onCreated: (courseId: string) => void;
  pollIntervalMs?: number;
  fallbackDelayMs?: number;
}

function fileNamesOf(request: TaskRequest): string[] {
  return request.kind === 'import' ? [request.file.name] : request.files.map((file) => file.name);
}

const messageOf = (failure: ApiError | undefined) => failure?.serverMessage ?? failure?.message;

/**
 * Creating a course from the Create dialog (spec 001 sections 4 and 8). Without files one call
 * makes it. With files the call starts a creation task that is followed stage by stage; when a
 * task with the form's fields fails, its message shows and the course is made from the form alone
 * after two seconds. An imported file that fails makes nothing.
 */
export function useCourseCreation({
  onCreated,
  pollIntervalMs = CREATION_TASK_POLL_MS,
  fallbackDelayMs = CREATION_FALLBACK_DELAY_MS,
}: CourseCreationOptions) {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const dispatch = useDispatch();
  const [flow, setFlow] = useState<Flow>({ step: 'idle' });
  const [createCourse] = useCreateCourseMutation();
  const [uploadCourseImage] = useUploadCourseImageMutation();
  const [importCourseFile] = useImportCourseFileMutation();
  const [createCourseWithFiles] = useCreateCourseWithFilesMutation();
  const [aiGenerateCourseWithFiles] = useAiGenerateCourseWithFilesMutation();
  const { ensureAccepted } = useAiNotice();
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;
  const lastStage = useRef<RunningStage>('uploading');
  /** A task's or a refusal's words, in the reader's language. */
  const inReadersLanguage = useCallback(
    (text: string | undefined) => (text === undefined ? undefined : creationMessageText(text, t, language)),
    [language, t],
  );

  const created = useCallback(
    (courseId: string) => {
      showToast({ kind: 'success', title: t('toasts.created') });
      setFlow({ step: 'idle' });
      onCreatedRef.current(courseId);
    },
    [t],
  );

  const createFromForm = useCallback(
    async (form: CourseForm, courseImage?: File) => {
      try {
        const imageUrl = courseImage ? (await uploadCourseImage(courseImage).unwrap()).imageUrl : form.imageUrl;
        const { course } = await createCourse(imageUrl ? { ...form, imageUrl } : form).unwrap();
        created(course.id);
      } catch (error) {
        // The dialog keeps its input, so the person can correct it and try again.
        showToast({ kind: 'error', title: t('toasts.createFailed'), description: messageOf(toApiError(error)) });
        setFlow({ step: 'idle' });
      }
    },
    [createCourse, created, t, uploadCourseImage],
  );

  const fallBack = useCallback((form: CourseForm, message: string, fileNames: string[], courseImage?: File) => {
    setFlow({ step: 'falling-back', form, courseImage, message, fileNames, sending: false });
  }, []);

  const startTask = useCallback(
    async (request: TaskRequest) => {
      if (request.kind === 'ai-generate-with-files' && !(await ensureAccepted())) return; // AI writes its lessons: the AI-use notice comes first
      lastStage.current = 'uploading';
      setFlow({ step: 'uploading', request });
      try {
        const { task } =
          request.kind === 'import'
            ? await importCourseFile(request.file).unwrap()
            : request.kind === 'create-with-files'
              ? await createCourseWithFiles({
                  courseData: request.form,
                  useAIOrganization: request.useAIOrganization,
                  courseImage: request.courseImage,
                  files: request.files,
                }).unwrap()
              : await aiGenerateCourseWithFiles({ courseData: request.form, files: request.files }).unwrap();
        setFlow({ step: 'following', request, started: task });
      } catch (error) {
        const failure = toApiError(error);
        if (request.kind === 'import') {
          showToast({ kind: 'error', title: t('toasts.uploadFailed'), description: inReadersLanguage(messageOf(failure)) });
          setFlow({ step: 'idle' });
        } else if (isClientError(failure)) {
          // The request itself was refused (a file type, a size): nothing to fall back to.
          showToast({ kind: 'error', title: t('toasts.createFailed'), description: inReadersLanguage(messageOf(failure)) });
          setFlow({ step: 'idle' });
        } else {
          // The documents could not be processed (a service down): the form alone makes the course.
          fallBack(
            request.form,
            documentProcessingFailedMessage(messageOf(failure) ?? COURSE_CREATION_FALLBACK_REASONS.noAnswer),
            fileNamesOf(request),
            request.kind === 'create-with-files' ? request.courseImage : undefined,
          );
        }
      }
    },
    [aiGenerateCourseWithFiles, createCourseWithFiles, ensureAccepted, fallBack, importCourseFile, inReadersLanguage, t],
  );

  const submit = useCallback(
    (request: CourseCreationRequest) => {
      if (request.kind === 'create') {
        setFlow({ step: 'creating' });
        void createFromForm(request.form, request.courseImage);
      } else {
        void startTask(request);
      }
    },
    [createFromForm, startTask],
  );

  const following = flow.step === 'following' ? flow : undefined;
  const followed = useCreationTask(following?.started.id, pollIntervalMs);
  // Until the first poll answers, the task is as the starting call described it.
  const task = following ? (followed.task ?? following.started) : undefined;

  useEffect(() => {
    if (!following || !task) return;
    if (task.stage !== 'error') lastStage.current = task.stage;
    const { request } = following;
    if (task.stage === 'complete' && task.courseId) {
      dispatch(coursesApi.util.invalidateTags([COURSE_LIST_TAG]));
      created(task.courseId);
    } else if (task.cancelled) {
      // Someone cancelled it on the control center: they asked for nothing, not for a course from the form.
      showToast({ kind: 'info', title: t('toasts.creationCancelled'), description: t('toasts.creationCancelledHint') });
      setFlow({ step: 'idle' });
    } else if (task.stage === 'error' || task.stage === 'complete') {
      const message =
        task.stage === 'error'
          ? (task.message ?? documentProcessingFailedMessage(COURSE_CREATION_FALLBACK_REASONS.noReason))
          : documentProcessingFailedMessage(COURSE_CREATION_FALLBACK_REASONS.noCourse);
      if (request.kind === 'import') {
        showToast({ kind: 'error', title: t('toasts.uploadFailed'), description: inReadersLanguage(message) });
        setFlow({ step: 'idle' });
      } else {
        fallBack(request.form, message, task.fileNames, request.kind === 'create-with-files' ? request.courseImage : undefined);
      }
    }
  }, [created, dispatch, fallBack, following, inReadersLanguage, t, task]);

  useEffect(() => {
    if (!following || !followed.failure) return;
    // The task cannot be followed (4xx): it may still finish, so nothing is created in its place.
    const title = following.request.kind === 'import' ? t('toasts.uploadFailed') : t('toasts.createFailed');
    showToast({ kind: 'error', title, description: inReadersLanguage(messageOf(followed.failure)) });
    setFlow({ step: 'idle' });
  }, [followed.failure, following, inReadersLanguage, t]);

  const fallingBack = flow.step === 'falling-back' && !flow.sending ? flow : undefined;
  useEffect(() => {
    if (!fallingBack) return undefined;
    const timer = setTimeout(() => {
      setFlow({ ...fallingBack, sending: true });
      void createFromForm(fallingBack.form, fallingBack.courseImage);
    }, fallbackDelayMs);
    return () => clearTimeout(timer);
  }, [createFromForm, fallbackDelayMs, fallingBack]);

  let progress: CreationProgressState | undefined;
  if (flow.step === 'uploading') {
    progress = { stage: 'uploading', message: null, fileNames: fileNamesOf(flow.request) };
  } else if (task) {
    progress = { stage: task.stage, message: task.message, fileNames: task.fileNames };
  } else if (flow.step === 'falling-back') {
    progress = { stage: 'error', message: flow.message, fileNames: flow.fileNames, failedAt: lastStage.current };
  }

  return {
    submit,
    progress,
    /** A call is out whose answer the dialog must wait for. */
    sending: flow.step === 'creating' || flow.step === 'uploading' || (flow.step === 'falling-back' && flow.sending),
    /** Stops following a task (the dialog was closed); a running task still finishes on the server. */
    cancel: () => setFlow({ step: 'idle' }),
  };
}
