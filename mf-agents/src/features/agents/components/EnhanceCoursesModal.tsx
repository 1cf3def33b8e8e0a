import { Modal, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnhanceableCoursesQuery } from '../agent-tasks.api';
import { useStartEnhancement } from '../hooks/useStartEnhancement';

type Target = 'course' | 'flagged';

interface EnhanceCoursesModalProps {
  open: boolean;
  onClose: () => void;
}

const KEY = 'agents.cards.content-enhancement';

/** The Content Enhancement agent's start: one course from the catalog, or every course the quality review flagged. */
export function EnhanceCoursesModal({ open, onClose }: EnhanceCoursesModalProps) {
  const { t } = useTranslation('agents');
  const [target, setTarget] = useState<Target>('course');
  const [search, setSearch] = useState('');
  const [courseId, setCourseId] = useState<string>();
  const courses = useEnhanceableCoursesQuery(search.trim(), { skip: !open || target !== 'course' });
  const { enhance, starting } = useStartEnhancement();

  const submit = async () => {
    const started = await enhance(target === 'flagged' ? { fromQuality: true } : { courseId: courseId! });
    if (started) onClose();
  };

  return (
    <Modal
      open={open}
      title={t(`${KEY}.modalTitle`)}
      okText={t(`${KEY}.submit`)}
      cancelText={t(`${KEY}.cancel`)}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={starting}
      okButtonProps={{ disabled: target === 'course' && !courseId, 'data-testid': 'enhance-submit' }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t(`${KEY}.modalIntro`)}</Typography.Paragraph>
      <Radio.Group value={target} onChange={(event) => setTarget(event.target.value as Target)} style={{ marginBottom: 16 }}>
        <Radio value="course" data-testid="enhance-target-course">
          {t(`${KEY}.oneCourse`)}
        </Radio>
        <Radio value="flagged" data-testid="enhance-target-flagged">
          {t(`${KEY}.flagged`)}
        </Radio>
      </Radio.Group>
      {target === 'course' ? (
        <Select<string>
          showSearch={{ filterOption: false, onSearch: setSearch }}
          value={courseId}
          onChange={setCourseId}
          placeholder={t(`${KEY}.searchPlaceholder`)}
          aria-label={t(`${KEY}.searchPlaceholder`)}
          loading={courses.isFetching}
          notFoundContent={courses.isFetching ? null : t(`${KEY}.noCourses`)}
          options={(courses.data?.items ?? []).map((course) => ({ value: course.id, label: course.title }))}
          style={{ width: '100%' }}
          data-testid="enhance-course-select"
        />
      ) : (
        <Typography.Paragraph data-testid="enhance-flagged-hint">{t(`${KEY}.flaggedHint`)}</Typography.Paragraph>
      )}
    </Modal>
  );
}
