import { CheckCircleTwoTone, CloseCircleTwoTone, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { LessonQuiz, QuizAttemptReply } from '@masar/contracts';
import { showToast } from '@masar/shell/runtime';
import { Alert, Button, Card, Checkbox, Flex, Progress, Radio, Result, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmitQuizAttemptMutation } from '../lesson-practice.api';
import { practiceErrorMessage } from '../practice-messages';

/**
 * One question at a time with Previous and Next (checkboxes for a "select all that apply" question);
 * Submit once every question has an answer; then the grade, every right option, and Retry.
 */
export function QuizRunner({ quiz, lang }: { quiz: LessonQuiz; lang: string }) {
  const { token } = theme.useToken();
  const { t } = useTranslation('courses');
  const [index, setIndex] = useState(0);
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<QuizAttemptReply | null>(null);
  const [submit, submission] = useSubmitQuizAttemptMutation();
  const total = quiz.questions.length;
  const question = quiz.questions[index];
  const answered = quiz.questions.filter((candidate) => (chosen[candidate.id] ?? []).length > 0).length;

  const onSubmit = async () => {
    try {
      const reply = await submit({
        lessonId: quiz.lessonId,
        // A single-answer question keeps the `optionId` form; a "select all that apply" one sends every ticked option.
        answers: quiz.questions.map((candidate) =>
          candidate.multiple ? { questionId: candidate.id, optionIds: chosen[candidate.id] } : { questionId: candidate.id, optionId: chosen[candidate.id][0] },
        ),
      }).unwrap();
      setResult(reply);
      if (reply.passed) {
        showToast({ kind: 'success', title: t('practice.quiz.passedToast'), description: reply.progress === null ? t('toasts.lessonCompletionQueued') : undefined });
      }
    } catch (error) {
      showToast({ kind: 'error', title: t('practice.quiz.submitFailed'), description: practiceErrorMessage(error, t, 'practice.errors.tryAgain') });
    }
  };

  const retry = () => {
    setResult(null);
    setChosen({});
    setIndex(0);
  };

  if (result) {
    return (
      <Card data-testid="quiz-result">
        <Result
          status={result.passed ? 'success' : 'warning'}
          title={result.passed ? t('practice.quiz.passed') : t('practice.quiz.notPassed')}
          subTitle={t('practice.quiz.score', { score: result.score, correct: result.correctCount, total: result.questionCount, passMark: Math.round(quiz.passMark * 100) })}
          extra={
            <Button onClick={retry} data-testid="quiz-retry">
              {t('practice.quiz.retry')}
            </Button>
          }
        />
        <Flex vertical gap="middle">
          {quiz.questions.map((asked, position) => {
            const graded = result.questions.find((entry) => entry.questionId === asked.id);
            if (!graded) return null;
            const textsOf = (optionIds: string[]) =>
              optionIds
                .map((optionId) => asked.options.find((option) => option.id === optionId)?.text)
                .filter((text): text is string => text !== undefined)
                .join(t('practice.quiz.optionSeparator'));
            return (
              <Card size="small" key={asked.id} data-testid="quiz-result-question" data-correct={graded.correct}>
                <Flex gap="small" align="start">
                  {graded.correct ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : <CloseCircleTwoTone twoToneColor="#ff4d4f" />}
                  <Flex vertical gap={4}>
                    <Typography.Text strong>
                      {t('practice.quiz.questionNumber', { number: position + 1 })}{' '}
                      <span dir="auto" lang={lang}>
                        {asked.text}
                      </span>
                    </Typography.Text>
                    <Typography.Text>
                      {t('practice.quiz.yourAnswer')}{' '}
                      <span dir="auto" lang={lang}>
                        {graded.chosenOptionIds.length > 0 ? textsOf(graded.chosenOptionIds) : t('practice.quiz.noAnswer')}
                      </span>
                    </Typography.Text>
                    {!graded.correct && (
                      <Typography.Text type="success" data-testid="quiz-correct-answer">
                        {graded.multiple ? t('practice.quiz.correctAnswers') : t('practice.quiz.correctAnswer')}{' '}
                        <span dir="auto" lang={lang}>
                          {textsOf(graded.correctOptionIds)}
                        </span>
                      </Typography.Text>
                    )}
                    {graded.explanation && (
                      <Typography.Text type="secondary" data-testid="quiz-explanation">
                        {t('practice.quiz.explanation')}{' '}
                        <span dir="auto" lang={lang}>
                          {graded.explanation}
                        </span>
                      </Typography.Text>
                    )}
                  </Flex>
                </Flex>
              </Card>
            );
          })}
        </Flex>
      </Card>
    );
  }

  return (
    <Card data-testid="quiz-runner">
      <Flex vertical gap="middle">
        <Flex justify="space-between" align="center" gap="middle">
          <Typography.Text type="secondary" data-testid="quiz-position">
            {t('practice.quiz.position', { position: index + 1, total })}
          </Typography.Text>
          <Typography.Text type="secondary">{t('practice.quiz.answered', { answered, total })}</Typography.Text>
        </Flex>
        <Progress percent={Math.round((100 * answered) / total)} showInfo={false} aria-label={t('practice.quiz.progressLabel')} />
        <Typography.Title level={4} style={{ fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5, margin: 0 }} dir="auto" lang={lang} data-testid="quiz-question">
          {question.text}
        </Typography.Title>
        {question.multiple ? (
          <Flex vertical gap="small">
            <Typography.Text type="secondary" data-testid="quiz-select-all">
              {t('practice.quiz.selectAll')}
            </Typography.Text>
            <Checkbox.Group
              value={chosen[question.id] ?? []}
              onChange={(values) => setChosen((before) => ({ ...before, [question.id]: values as string[] }))}
              aria-label={question.text}
            >
              <Flex vertical gap="small">
                {question.options.map((option) => (
                  <Checkbox key={option.id} value={option.id}>
                    <span dir="auto" lang={lang} data-testid="quiz-option">
                      {option.text}
                    </span>
                  </Checkbox>
                ))}
              </Flex>
            </Checkbox.Group>
          </Flex>
        ) : (
          <Radio.Group
            value={chosen[question.id]?.[0]}
            onChange={(event) => setChosen((before) => ({ ...before, [question.id]: [event.target.value as string] }))}
            aria-label={question.text}
          >
            <Flex vertical gap="small">
              {question.options.map((option) => (
                <Radio key={option.id} value={option.id}>
                  <span dir="auto" lang={lang} data-testid="quiz-option">
                    {option.text}
                  </span>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        )}
        {answered < total && index === total - 1 && <Alert type="info" showIcon title={t('practice.quiz.answerAll')} />}
        <Flex justify="space-between" gap="middle">
          <Button icon={<LeftOutlined className="masar-flip-rtl" />} disabled={index === 0} onClick={() => setIndex(index - 1)} data-testid="quiz-previous">
            {t('practice.quiz.previous')}
          </Button>
          {index < total - 1 ? (
            <Button
              type="primary"
              icon={<RightOutlined className="masar-flip-rtl" />}
              iconPlacement="end"
              onClick={() => setIndex(index + 1)}
              data-testid="quiz-next"
            >
              {t('practice.quiz.next')}
            </Button>
          ) : (
            <Button type="primary" disabled={answered < total} loading={submission.isLoading} onClick={() => void onSubmit()} data-testid="quiz-submit">
              {t('practice.quiz.submit')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
