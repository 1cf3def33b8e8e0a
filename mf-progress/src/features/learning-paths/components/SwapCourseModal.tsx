import type { LearningPath, LearningPathCourse } from '@masar/contracts';
import { toApiError } from '@masar/shell/runtime';
import { Alert, Empty, Flex, Modal, Radio, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PathFormatting } from '../hooks/usePathFormatting';
import { swapCandidates } from '../learning-path-plan';
import { useListCoursesTeachingSkillQuery } from '../learning-paths.api';

export interface SwapCourseModalProps {
  path: LearningPath;
  /** The course to replace. */
  course: LearningPathCourse;
  formatting: PathFormatting;
  pending: boolean;
  onSwap: (replacementCourseId: string) => void;
  onCancel: () => void;
}

/**
 * Replaces one course: the learner picks a skill it covers, then a course teaching that skill that
 * is not in the path yet. The server checks the replacement really covers a gap the course closed.
 * Mounted only while open, so each opening starts from the course's first skill.
 */
export function SwapCourseModal({ path, course, formatting, pending, onSwap, onCancel }: SwapCourseModalProps) {
  const { t } = useTranslation('learningPaths');
  const [skill, setSkill] = useState(course.covers[0] ?? '');
  const [replacementId, setReplacementId] = useState<string>();
  const candidates = useListCoursesTeachingSkillQuery(skill, { skip: skill === '' });
  const choices = swapCandidates(candidates.currentData ?? [], path);
  const failure = toApiError(candidates.error);

  let list;
  if (failure) {
    list = <Alert type="error" showIcon title={t('swap.loadFailed')} description={failure.serverMessage ?? failure.message} />;
  } else if (!candidates.currentData) {
    list = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  } else if (choices.length === 0) {
    list = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('swap.noCandidates')} />;
  } else {
    list = (
      <Radio.Group value={replacementId} onChange={(event) => setReplacementId(String(event.target.value))} data-testid="swap-candidates">
        <Flex vertical gap="small">
          {choices.map((candidate) => (
            <Radio key={candidate.id} value={candidate.id}>
              <span data-testid="swap-candidate">
                <span dir="auto">{formatting.localTitle(candidate.title, candidate.titleAr)}</span>
                <Typography.Text type="secondary">
                  {' · '}
                  {candidate.abbreviation}
                  {candidate.estimatedHours ? ` · ${t('courses.hours', { hours: formatting.formatNumber(candidate.estimatedHours) })}` : ''}
                </Typography.Text>
              </span>
            </Radio>
          ))}
        </Flex>
      </Radio.Group>
    );
  }

  return (
    <Modal
      open
      title={t('swap.title', { title: formatting.titleOf(course) })}
      okText={t('swap.confirm')}
      cancelText={t('swap.cancel')}
      okButtonProps={{ disabled: replacementId === undefined }}
      confirmLoading={pending}
      onOk={() => replacementId && onSwap(replacementId)}
      onCancel={onCancel}
    >
      <Flex vertical gap="middle" data-testid="swap-modal">
        <div>
          <Typography.Text strong>{t('swap.skill')}</Typography.Text>
          <Radio.Group
            value={skill}
            optionType="button"
            onChange={(event) => {
              setSkill(String(event.target.value));
              setReplacementId(undefined);
            }}
            options={course.covers.map((covered) => ({ value: covered, label: formatting.nameOf(covered) }))}
            style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBlockStart: 8 }}
          />
        </div>
        <div>
          <Typography.Text strong>{t('swap.replacement')}</Typography.Text>
          <div style={{ marginBlockStart: 8 }}>{list}</div>
        </div>
      </Flex>
    </Modal>
  );
}
