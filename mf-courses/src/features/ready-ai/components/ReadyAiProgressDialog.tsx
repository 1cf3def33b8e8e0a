import { CheckCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ReadyAiFlow } from '../hooks/useReadyAiCreation';
import { summarizeReadyAi } from '../ready-ai-progress';
import { ReadyAiTaskProgress } from './ReadyAiTaskProgress';

export interface ReadyAiProgressDialogProps {
  open: boolean;
  flow: ReadyAiFlow;
  /** Closes the dialog; the tasks go on running on the server. */
  onClose: () => void;
  /** After a refused start: back to the picked courses. */
  onBack: () => void;
}

/** How `/courses` opens a course from the address (spec document 2). */
export function readyAiCourseLink(courseId: string): string {
  return `/courses?courseId=${encodeURIComponent(courseId)}&action=view`;
}

/** What a Ready AI course really is: the spec's notice without its "500+ words", which only an LLM could promise. */
function WhatsHappening() {
  const { t } = useTranslation('courses');
  return (
    <Alert
      type="info"
      showIcon
      title={t('readyAi.notice.title')}
      data-testid="ready-ai-notice"
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          <li>{t('readyAi.notice.structure')}</li>
          <li>{t('readyAi.notice.material')}</li>
          <li>{t('readyAi.notice.thinSubject')}</li>
          <li>{t('readyAi.notice.saving')}</li>
        </ul>
      }
    />
  );
}

/** The "Creating courses" dialog (spec 001 section 2), following the real tasks (not the spec's timer). */
export function ReadyAiProgressDialog({ open, flow, onClose, onBack }: ReadyAiProgressDialogProps) {
  const { t } = useTranslation('courses');
  const tasks = flow.step === 'following' ? flow.tasks : [];
  const outcome = summarizeReadyAi(tasks);

  return (
    <Modal
      open={open}
      title={t('readyAi.progress.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      width={720}
      footer={
        <Space>
          {flow.step === 'start-failed' && (
            <Button onClick={onBack} data-testid="ready-ai-back">
              {t('readyAi.progress.back')}
            </Button>
          )}
          <Button type={outcome.ended || flow.step === 'start-failed' ? 'primary' : 'default'} onClick={onClose} data-testid="ready-ai-close">
            {t('readyAi.progress.close')}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap="middle" data-testid="ready-ai-progress" aria-live="polite">
        {flow.step === 'start-failed' && (
          <Alert
            type="error"
            showIcon
            title={<span dir="auto">{t('readyAi.progress.error', { message: flow.message })}</span>}
            data-testid="ready-ai-start-error"
          />
        )}
        {tasks.length > 0 && (
          <>
            <Flex vertical gap={4}>
              <Flex justify="space-between" align="baseline">
                <Typography.Text strong>{t('readyAi.progress.overall')}</Typography.Text>
                <Typography.Text type="secondary" data-testid="ready-ai-overall-percent">
                  {t('readyAi.progress.percent', { percent: outcome.overallPercent })}
                </Typography.Text>
              </Flex>
              <Progress
                percent={outcome.overallPercent}
                showInfo={false}
                status={outcome.ended ? (outcome.failed > 0 ? 'exception' : 'success') : 'active'}
                aria-label={t('readyAi.progress.overall')}
                data-testid="ready-ai-overall"
              />
            </Flex>
            {outcome.created.length > 0 && (
              <Flex wrap gap="small" align="center" data-testid="ready-ai-completed">
                <Typography.Text>{t('readyAi.progress.completedCourses')}</Typography.Text>
                {outcome.created.map((course) => (
                  <Tag key={course.taskId} color="success" icon={<CheckCircleOutlined />} data-testid="ready-ai-completed-course">
                    <Link to={readyAiCourseLink(course.courseId)} onClick={onClose} dir="auto">
                      {course.title}
                    </Link>
                  </Tag>
                ))}
              </Flex>
            )}
            {tasks.map((followed) => (
              <ReadyAiTaskProgress key={followed.task.id} followed={followed} />
            ))}
            <WhatsHappening />
            <Typography.Text type="secondary" data-testid="ready-ai-controls-hint">
              {t('readyAi.progress.controls')} <Link to="/ai-agents" data-testid="ready-ai-open-agents">{t('readyAi.progress.openAgents')}</Link>
            </Typography.Text>
            {!outcome.ended && (
              <Typography.Text type="secondary" data-testid="ready-ai-close-hint">
                {t('readyAi.progress.closeHint')}
              </Typography.Text>
            )}
          </>
        )}
      </Flex>
    </Modal>
  );
}
