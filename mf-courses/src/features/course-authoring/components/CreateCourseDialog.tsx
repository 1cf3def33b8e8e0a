import { Modal, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { coursePath } from '../../courses/course-presentation';
import { useCourseCreation } from '../hooks/useCourseCreation';
import { AiGenerateTab } from './AiGenerateTab';
import { CreationProgress } from './CreationProgress';
import { ManualCreateTab } from './ManualCreateTab';
import { UploadCourseTab } from './UploadCourseTab';

export type CreateCourseTab = 'manual' | 'ai' | 'upload';

export interface CreateCourseDialogProps {
  open: boolean;
  onClose: () => void;
  /** Tests shorten the waits; the portal uses the spec's 1 s polling and 2 s fallback. */
  pollIntervalMs?: number;
  fallbackDelayMs?: number;
}

/**
 * The Create dialog of the Courses screen (spec 001 section 2): Manual Create, AI Generate and
 * Upload PDF. A created course opens at once; one made from files shows its stages first.
 */
export function CreateCourseDialog({ open, onClose, pollIntervalMs, fallbackDelayMs }: CreateCourseDialogProps) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const [tab, setTab] = useState<CreateCourseTab>('manual');
  // A new key empties every tab once a course is made; a failure keeps what was typed.
  const [formsKey, setFormsKey] = useState(0);

  const creation = useCourseCreation({
    pollIntervalMs,
    fallbackDelayMs,
    onCreated: (courseId) => {
      setFormsKey((key) => key + 1);
      setTab('manual');
      onClose();
      navigate(coursePath(courseId));
    },
  });
  const { progress, sending, submit } = creation;
  const busy = sending || progress !== undefined;

  const close = () => {
    if (sending) return;
    creation.cancel();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('authoring.title')}
      onCancel={close}
      footer={null}
      width={760}
      closable={!sending}
      keyboard={!sending}
      // A click beside the dialog must not throw away a long form.
      mask={{ closable: false }}
    >
      <div data-testid="create-course-dialog">
        {progress && <CreationProgress {...progress} />}
        {/* Hidden, not removed, while a course is being made: a failure returns to the same input. */}
        <div hidden={progress !== undefined} style={progress ? { display: 'none' } : undefined} key={formsKey}>
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as CreateCourseTab)}
            items={[
              { key: 'manual', label: t('authoring.tabs.manual'), children: <ManualCreateTab onSubmit={submit} busy={busy} /> },
              { key: 'ai', label: t('authoring.tabs.ai'), children: <AiGenerateTab onSubmit={submit} busy={busy} /> },
              { key: 'upload', label: t('authoring.tabs.upload'), children: <UploadCourseTab onSubmit={submit} busy={busy} /> },
            ]}
          />
        </div>
      </div>
    </Modal>
  );
}
