import { CheckCircleTwoTone, DownloadOutlined, ExclamationCircleTwoTone } from '@ant-design/icons';
import { type ExerciseSubmission, LESSON_PRACTICE_MESSAGES } from '@masar/contracts';
import { Alert, Card, Flex, List, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const MEGABYTE = 1024 * 1024;

/** A submission as its learner sees it: the work, the ticked items, the files to download and the feedback. */
export function ExerciseSubmissionView({ submission, lang }: { submission: ExerciseSubmission; lang: string }) {
  const { t, i18n } = useTranslation('courses');
  const { token } = theme.useToken();
  const submittedAt = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(submission.submittedAt));
  const sizeOf = (bytes: number) =>
    bytes >= MEGABYTE ? t('practice.exercise.megabytes', { size: (bytes / MEGABYTE).toFixed(1) }) : t('practice.exercise.kilobytes', { size: Math.max(1, Math.round(bytes / 1024)) });
  const { feedback } = submission;

  return (
    <Card data-testid="exercise-submission" title={t('practice.exercise.latestSubmission')} extra={<Typography.Text type="secondary">{submittedAt}</Typography.Text>}>
      <Flex vertical gap="middle">
        {submission.work !== '' && (
          // A plain block: antd's RTL typography forces `direction: rtl`, which would garble English work on an Arabic screen.
          <div style={{ whiteSpace: 'pre-wrap' }} dir="auto" lang={lang} data-testid="exercise-submission-work">
            {submission.work}
          </div>
        )}
        {submission.checkedItems.length > 0 && (
          <Flex vertical gap={4}>
            <Typography.Text strong>{t('practice.exercise.ticked')}</Typography.Text>
            <ul style={{ margin: 0 }} data-testid="exercise-submission-ticked">
              {submission.checkedItems.map((item) => (
                <li key={item} dir="auto" lang={lang}>
                  {item}
                </li>
              ))}
            </ul>
          </Flex>
        )}
        {submission.attachments.length > 0 && (
          <List
            size="small"
            header={<Typography.Text strong>{t('practice.exercise.attachments')}</Typography.Text>}
            dataSource={submission.attachments}
            data-testid="exercise-submission-files"
            renderItem={(attachment) => (
              <List.Item>
                <a href={attachment.downloadUrl} download={attachment.name} data-testid="exercise-attachment-link">
                  <DownloadOutlined /> <bdi>{attachment.name}</bdi>
                </a>
                <Typography.Text type="secondary">{sizeOf(attachment.size)}</Typography.Text>
              </List.Item>
            )}
          />
        )}
        <Flex vertical gap="small" data-testid="exercise-feedback" data-status={feedback.status}>
          <Typography.Text strong>{t('practice.exercise.feedbackTitle')}</Typography.Text>
          {feedback.status === 'off' && <Alert type="info" showIcon title={t('practice.exercise.feedbackOff')} />}
          {feedback.status === 'unavailable' && (
            <Alert
              type="warning"
              showIcon
              title={t('practice.exercise.feedbackUnavailable')}
              description={feedback.message === LESSON_PRACTICE_MESSAGES.FEEDBACK_PREDATES ? t('practice.exercise.feedbackPredates') : feedback.message}
            />
          )}
          {feedback.status === 'given' && (
            <>
              {/* The offline check says what it is in its own text; a model's feedback is labelled here. */}
              {feedback.provider === 'openai' && <Typography.Text type="secondary">{t('practice.exercise.feedbackByModel', { model: feedback.model })}</Typography.Text>}
              <div style={{ whiteSpace: 'pre-wrap', color: token.colorTextSecondary }} dir="auto" lang={feedback.language} data-testid="exercise-feedback-text">
                {feedback.text}
              </div>
              {feedback.covered.length > 0 && (
                <Flex vertical gap={4} data-testid="exercise-feedback-covered">
                  <Typography.Text>{t('practice.exercise.covered')}</Typography.Text>
                  {feedback.covered.map((item) => (
                    <Typography.Text key={item}>
                      <CheckCircleTwoTone twoToneColor="#52c41a" />{' '}
                      <span dir="auto" lang={lang}>
                        {item}
                      </span>
                    </Typography.Text>
                  ))}
                </Flex>
              )}
              {feedback.missing.length > 0 && (
                <Flex vertical gap={4} data-testid="exercise-feedback-missing">
                  <Typography.Text>{t('practice.exercise.missing')}</Typography.Text>
                  {feedback.missing.map((item) => (
                    <Typography.Text key={item}>
                      <ExclamationCircleTwoTone twoToneColor="#faad14" />{' '}
                      <span dir="auto" lang={lang}>
                        {item}
                      </span>
                    </Typography.Text>
                  ))}
                </Flex>
              )}
            </>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
