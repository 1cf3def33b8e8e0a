import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import {
  DEFAULT_MAX_EXERCISE_ATTACHMENT_BYTES,
  EXERCISE_ATTACHMENT_ACCEPT,
  EXERCISE_ATTACHMENT_TYPES,
  type ExerciseSubmission,
  type LessonDetail,
  MAX_EXERCISE_ATTACHMENTS,
} from '@masar/contracts';
import { showToast, useAiNotice, useLanguage, useMyAiUseQuery } from '@masar/shell/runtime';
import { Alert, Button, Card, Checkbox, Flex, Input, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exerciseChecklist } from '../exercise-checklist';
import { useListExerciseSubmissionsQuery, useSubmitExerciseMutation } from '../lesson-practice.api';
import { practiceErrorMessage } from '../practice-messages';
import { ExerciseSubmissionView } from './ExerciseSubmissionView';

const extensionOf = (name: string) => /\.[^./\\]+$/.exec(name.toLowerCase())?.[0] ?? '';

/**
 * Start Exercise opens a place to write the work, attach files and tick the self-assessment
 * checklist; submitting completes the lesson and answers with automatic feedback. A learner who comes
 * back sees their latest submission (work, ticked items, files, feedback) and may submit again.
 */
export function ExerciseWorkspace({ lesson, lang }: { lesson: LessonDetail; lang: string }) {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const { ensureAccepted } = useAiNotice();
  const submissions = useListExerciseSubmissionsQuery(lesson.id);
  const aiUse = useMyAiUseQuery();
  const [editing, setEditing] = useState(false);
  const [work, setWork] = useState('');
  const [checked, setChecked] = useState<string[]>([]);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [submit, submission] = useSubmitExerciseMutation();
  const checklist = exerciseChecklist(lesson);
  const latest: ExerciseSubmission | undefined = submissions.data?.submissions[0];
  // Unknown until the status arrives: then no promise either way is shown.
  const feedbackOn = aiUse.data === undefined ? undefined : aiUse.data.enabledFeatures.includes('exercise-feedback');

  const startEditing = (from?: ExerciseSubmission) => {
    setWork(from?.work ?? '');
    setChecked(from?.checkedItems.filter((item) => checklist.includes(item)) ?? []);
    setFiles([]);
    setProblem(null);
    setEditing(true);
  };

  if (!editing) {
    if (latest) {
      return (
        <Flex vertical gap="middle">
          <ExerciseSubmissionView submission={latest} lang={lang} />
          <Button onClick={() => startEditing(latest)} data-testid="exercise-submit-again" style={{ alignSelf: 'start' }}>
            {t('practice.exercise.submitAgain')}
          </Button>
        </Flex>
      );
    }
    // Until the learner's submissions arrive it is not known whether to show their latest one.
    if (submissions.isLoading) {
      return (
        <Button type="primary" loading style={{ alignSelf: 'start' }}>
          {t('lesson.startExercise')}
        </Button>
      );
    }
    return (
      <Button type="primary" onClick={() => startEditing()} data-testid="start-exercise" style={{ alignSelf: 'start' }}>
        {t('lesson.startExercise')}
      </Button>
    );
  }

  /** Checked here for a quick answer; the gateway checks each file's bytes again. */
  const refusalOf = (file: File): string | null => {
    if (!(extensionOf(file.name) in EXERCISE_ATTACHMENT_TYPES)) return t('practice.exercise.fileType', { name: file.name });
    if (file.size === 0) return t('practice.exercise.fileEmpty', { name: file.name });
    if (file.size > DEFAULT_MAX_EXERCISE_ATTACHMENT_BYTES) return t('practice.exercise.fileTooLarge', { name: file.name, megabytes: DEFAULT_MAX_EXERCISE_ATTACHMENT_BYTES / (1024 * 1024) });
    return null;
  };

  const onSubmit = async () => {
    // Spaces and invisible characters alone are not work: say so before asking the server.
    if (!/[\p{L}\p{N}]/u.test(work) && files.length === 0) {
      setProblem(t('practice.errors.blankWork'));
      return;
    }
    setProblem(null);
    // Feedback is written in the learner's name: the AI-use notice comes first. Declining it still submits; the feedback then says why it is missing.
    if (feedbackOn) await ensureAccepted();
    try {
      await submit({
        lessonId: lesson.id,
        work,
        checkedItems: checked,
        language,
        files: files.map((file) => file.originFileObj).filter((file): file is NonNullable<typeof file> => file !== undefined),
      }).unwrap();
      setEditing(false);
      showToast({ kind: 'success', title: t('practice.exercise.submitted') });
    } catch (error) {
      const message = practiceErrorMessage(error, t, 'practice.errors.tryAgain');
      setProblem(message);
      showToast({ kind: 'error', title: t('practice.exercise.submitFailed'), description: message });
    }
  };

  return (
    <Card data-testid="exercise-workspace" title={t('practice.exercise.title')}>
      <Flex vertical gap="middle">
        <label htmlFor={`exercise-work-${lesson.id}`}>
          <Typography.Text strong>{t('practice.exercise.workLabel')}</Typography.Text>
        </label>
        <Input.TextArea
          id={`exercise-work-${lesson.id}`}
          value={work}
          onChange={(event) => setWork(event.target.value)}
          rows={6}
          maxLength={20_000}
          placeholder={t('practice.exercise.workPlaceholder')}
          dir="auto"
          lang={lang}
          data-testid="exercise-work"
        />
        <Flex vertical gap="small" data-testid="exercise-files">
          <Typography.Text strong>{t('practice.exercise.filesLabel')}</Typography.Text>
          <Typography.Text type="secondary">{t('practice.exercise.filesHint', { count: MAX_EXERCISE_ATTACHMENTS, megabytes: DEFAULT_MAX_EXERCISE_ATTACHMENT_BYTES / (1024 * 1024) })}</Typography.Text>
          <Upload
            multiple
            accept={EXERCISE_ATTACHMENT_ACCEPT}
            fileList={files}
            beforeUpload={(file) => {
              const refusal = refusalOf(file);
              if (refusal) {
                showToast({ kind: 'error', title: t('practice.exercise.fileRefused'), description: refusal });
                return Upload.LIST_IGNORE;
              }
              // Kept here and sent with the work: nothing is uploaded on its own.
              return false;
            }}
            onChange={({ fileList }) => {
              if (fileList.length > MAX_EXERCISE_ATTACHMENTS) showToast({ kind: 'error', title: t('practice.exercise.fileRefused'), description: t('practice.exercise.tooManyFiles', { count: MAX_EXERCISE_ATTACHMENTS }) });
              setFiles(fileList.slice(0, MAX_EXERCISE_ATTACHMENTS));
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="exercise-attach">
              {t('practice.exercise.attach')}
            </Button>
          </Upload>
        </Flex>
        {checklist.length > 0 && (
          <Flex vertical gap="small" data-testid="exercise-checklist">
            <Typography.Text strong>{t('practice.exercise.checklist')}</Typography.Text>
            <Checkbox.Group value={checked} onChange={(values) => setChecked(values as string[])}>
              <Flex vertical gap="small">
                {checklist.map((item) => (
                  <Checkbox key={item} value={item}>
                    <span dir="auto" lang={lang}>
                      {item}
                    </span>
                  </Checkbox>
                ))}
              </Flex>
            </Checkbox.Group>
          </Flex>
        )}
        {feedbackOn !== undefined && (
          <Typography.Text type="secondary" data-testid="exercise-feedback-note">
            <PaperClipOutlined /> {feedbackOn ? t('practice.exercise.feedbackOnSubmit') : t('practice.exercise.feedbackOff')}
          </Typography.Text>
        )}
        {problem && <Alert type="error" showIcon title={problem} data-testid="exercise-problem" />}
        <Flex gap="small">
          <Button type="primary" loading={submission.isLoading} onClick={() => void onSubmit()} data-testid="exercise-submit">
            {t('practice.exercise.submit')}
          </Button>
          {latest && (
            <Button onClick={() => setEditing(false)} disabled={submission.isLoading} data-testid="exercise-cancel">
              {t('practice.exercise.cancel')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
