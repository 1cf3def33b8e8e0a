import { COURSE_CREATION_STAGE_PROGRESS, COURSE_CREATION_STAGES } from '@masar/contracts';
import { useLanguage } from '@masar/shell/runtime';
import { Alert, Flex, Progress, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { creationMessageText } from '../creation-messages';
import type { CreationProgressState, RunningStage } from '../hooks/useCourseCreation';

/** The stages in the order a task goes through them (spec 001 section 4); `error` can end any of them. */
const STAGES_IN_ORDER = COURSE_CREATION_STAGES.filter((stage): stage is RunningStage => stage !== 'error');

type StepStatus = 'wait' | 'process' | 'finish' | 'error';

function stepStatus(step: number, current: number, failed: boolean, complete: boolean): StepStatus {
  if (step < current || complete) return 'finish';
  if (step > current) return 'wait';
  return failed ? 'error' : 'process';
}

/** A course being made from files: the stage with its percentage, every stage in turn, and the task's message. */
export function CreationProgress({ stage, message, fileNames, failedAt }: CreationProgressState) {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const shown = message ? creationMessageText(message, t, language) : message;
  const failed = stage === 'error';
  const current = STAGES_IN_ORDER.indexOf(stage === 'error' ? (failedAt ?? 'uploading') : stage);
  const percent = COURSE_CREATION_STAGE_PROGRESS[stage];

  return (
    <Flex vertical gap="middle" data-testid="creation-progress" data-stage={stage} aria-live="polite">
      <Flex justify="space-between" align="baseline" gap="small">
        <Typography.Text strong data-testid="creation-stage">
          {t(`authoring.stages.${stage}`)}
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="creation-percent">
          {t('authoring.progress.percent', { percent })}
        </Typography.Text>
      </Flex>
      <Progress
        percent={percent}
        status={failed ? 'exception' : stage === 'complete' ? 'success' : 'active'}
        showInfo={false}
        aria-label={t('authoring.progress.label')}
      />
      <Steps
        size="small"
        orientation="vertical"
        items={STAGES_IN_ORDER.map((step, index) => ({
          key: step,
          title: t(`authoring.stages.${step}`),
          status: stepStatus(index, current, failed, stage === 'complete'),
        }))}
      />
      {shown &&
        (failed ? (
          <Alert type="error" showIcon title={<span dir="auto">{shown}</span>} data-testid="creation-message" />
        ) : (
          <Typography.Text type="secondary" dir="auto" data-testid="creation-message">
            {shown}
          </Typography.Text>
        ))}
      {fileNames.length > 0 && (
        <Typography.Text type="secondary" data-testid="creation-files">
          {t('authoring.progress.files', { files: fileNames.join(t('authoring.progress.fileSeparator')) })}
        </Typography.Text>
      )}
    </Flex>
  );
}
