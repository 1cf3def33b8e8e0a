import type { LessonDetail } from '@masar/contracts';
import { showToast } from '@masar/shell/runtime';
import { Alert, Button, Card, Checkbox, Flex, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exerciseChecklist } from '../exercise-checklist';
import { useSubmitExerciseMutation } from '../lesson-practice.api';
import { practiceErrorMessage } from '../practice-messages';

/** Start Exercise opens a place to write the work and tick the self-assessment checklist; submitting completes the lesson. */
export function ExerciseWorkspace({ lesson, lang }: { lesson: LessonDetail; lang: string }) {
  const { t } = useTranslation('courses');
  const [started, setStarted] = useState(false);
  const [work, setWork] = useState('');
  const [checked, setChecked] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [submit, submission] = useSubmitExerciseMutation();
  const checklist = exerciseChecklist(lesson);

  if (!started) {
    return (
      <Button type="primary" onClick={() => setStarted(true)} data-testid="start-exercise" style={{ alignSelf: 'start' }}>
        {t('lesson.startExercise')}
      </Button>
    );
  }
  if (submitted) {
    return <Result status="success" title={t('practice.exercise.submitted')} subTitle={t('practice.exercise.submittedHint')} data-testid="exercise-submitted" />;
  }

  const onSubmit = async () => {
    // Spaces and invisible characters alone are not work: say so before asking the server.
    if (!/[\p{L}\p{N}]/u.test(work)) {
      setProblem(t('practice.errors.blankWork'));
      return;
    }
    setProblem(null);
    try {
      await submit({ lessonId: lesson.id, work, checkedItems: checked }).unwrap();
      setSubmitted(true);
      showToast({ kind: 'success', title: t('practice.exercise.submitted') });
    } catch (error) {
      setProblem(practiceErrorMessage(error, t, 'practice.errors.tryAgain'));
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
        {problem && <Alert type="error" showIcon title={problem} data-testid="exercise-problem" />}
        <Button type="primary" loading={submission.isLoading} onClick={() => void onSubmit()} style={{ alignSelf: 'start' }} data-testid="exercise-submit">
          {t('practice.exercise.submit')}
        </Button>
      </Flex>
    </Card>
  );
}
