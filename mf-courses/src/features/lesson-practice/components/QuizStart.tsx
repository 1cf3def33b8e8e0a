import type { LessonDetail } from '@masar/contracts';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetLessonQuizQuery, useListQuizAttemptsQuery } from '../lesson-practice.api';
import { practiceErrorMessage } from '../practice-messages';
import { QuizRunner } from './QuizRunner';

/** Start Quiz, enabled once the lesson's quiz is here; when the lesson has none, the tooltip says why. */
export function QuizStart({ lesson, lang }: { lesson: LessonDetail; lang: string }) {
  const { t } = useTranslation('courses');
  const [started, setStarted] = useState(false);
  const { data: quiz, error, isLoading } = useGetLessonQuizQuery(lesson.id);
  // Only once the quiz is known to exist; the last attempt is a hint, so a failure to load it shows nothing.
  const { data: attempts } = useListQuizAttemptsQuery(lesson.id, { skip: !quiz });
  const last = attempts?.attempts[0];

  if (started && quiz) return <QuizRunner quiz={quiz} lang={lang} />;
  const reason = error ? practiceErrorMessage(error, t, 'practice.errors.quizUnavailable') : undefined;
  return (
    <Flex vertical gap="small" align="start">
      <Tooltip title={reason}>
        <Button
        type="primary"
        loading={isLoading}
        disabled={!quiz}
        onClick={() => setStarted(true)}
        data-testid="start-quiz"
        >
          {t('lesson.startQuiz')}
        </Button>
      </Tooltip>
      {last && (
        <Typography.Text type="secondary" data-testid="quiz-last-attempt">
          {t(last.passed ? 'practice.quiz.lastAttemptPassed' : 'practice.quiz.lastAttemptNotPassed', { score: last.score })}
        </Typography.Text>
      )}
      {reason && (
        <Typography.Text type="secondary" data-testid="quiz-unavailable">
          {reason}
        </Typography.Text>
      )}
    </Flex>
  );
}
