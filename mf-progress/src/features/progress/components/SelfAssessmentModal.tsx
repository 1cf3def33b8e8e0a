import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SKILL_LEVELS, type AcquiredSkill, type SkillLevel } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { Alert, Button, Flex, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveSelfAssessmentMutation } from '../progress.api';
import {
  initialSkillRows,
  newSkillRow,
  problemRow,
  selfAssessmentBodyOf,
  type SelfAssessmentProblem,
  type SkillRow,
} from '../self-assessment';

/** The contract's longest skill name; the input stops there. */
const SKILL_NAME_MAX_LENGTH = 120;

export interface SelfAssessmentModalProps {
  open: boolean;
  /** The learner's whole profile; the self-assessed skills pre-fill the rows. */
  profile: readonly AcquiredSkill[];
  onClose: () => void;
}

/** 'Assess my skills': the learner rates their own skills; saved with `PUT /api/learner-skills`. */
export function SelfAssessmentModal({ open, profile, onClose }: SelfAssessmentModalProps) {
  const { t } = useTranslation('progress');
  return (
    <Modal open={open} title={t('progress.skills.modal.title')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      {/* Mounted only while open: each opening starts from the saved profile. */}
      {open && <SelfAssessmentForm profile={profile} onClose={onClose} />}
    </Modal>
  );
}

function SelfAssessmentForm({ profile, onClose }: { profile: readonly AcquiredSkill[]; onClose: () => void }) {
  const { t } = useTranslation('progress');
  const [rows, setRows] = useState<SkillRow[]>(() => initialSkillRows(profile));
  const [problem, setProblem] = useState<SelfAssessmentProblem | null>(null);
  const [saveSelfAssessment, { isLoading: saving }] = useSaveSelfAssessmentMutation();
  const levelOptions = SKILL_LEVELS.map((level) => ({ value: level, label: t(`levels.${level}`) }));
  const invalidRow = problemRow(problem);

  const updateRow = (id: number, changes: Partial<Omit<SkillRow, 'id'>>) => {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...changes } : row)));
    setProblem(null);
  };
  const removeRow = (id: number) => {
    setRows((current) => current.filter((row) => row.id !== id));
    setProblem(null);
  };
  const addRow = () => {
    setRows((current) => [...current, newSkillRow()]);
    setProblem(null);
  };

  const save = async () => {
    const outcome = selfAssessmentBodyOf(rows, profile);
    if ('problem' in outcome) {
      setProblem(outcome.problem);
      return;
    }
    try {
      await saveSelfAssessment(outcome.body).unwrap();
      showToast({ kind: 'success', title: t('progress.skills.saved') });
      onClose();
    } catch (error) {
      const failure = toApiError(error);
      showToast({ kind: 'error', title: t('progress.skills.saveFailed'), description: failure?.serverMessage ?? failure?.message });
    }
  };

  return (
    <Flex vertical gap="middle" data-testid="self-assessment-modal">
      <Typography.Text type="secondary">{t('progress.skills.modal.intro')}</Typography.Text>
      <Flex vertical gap="small" component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {rows.map((row, index) => (
          <li key={row.id} data-testid="self-assessment-row">
            <Flex gap="small" align="center">
              <Input
                aria-label={t('progress.skills.modal.skillLabel')}
                placeholder={t('progress.skills.modal.skillPlaceholder')}
                value={row.skill}
                maxLength={SKILL_NAME_MAX_LENGTH}
                status={invalidRow === index ? 'error' : undefined}
                disabled={saving}
                dir="auto"
                onChange={(event) => updateRow(row.id, { skill: event.target.value })}
                style={{ flex: 1 }}
                data-testid="self-assessment-skill"
              />
              <Select<SkillLevel>
                aria-label={t('progress.skills.modal.levelLabel')}
                value={row.level}
                options={levelOptions}
                disabled={saving}
                onChange={(level) => updateRow(row.id, { level })}
                style={{ width: 140 }}
              />
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('progress.skills.modal.remove')}
                disabled={saving}
                onClick={() => removeRow(row.id)}
                data-testid="self-assessment-remove"
              />
            </Flex>
          </li>
        ))}
      </Flex>
      <Button type="dashed" icon={<PlusOutlined />} onClick={addRow} disabled={saving} data-testid="self-assessment-add">
        {t('progress.skills.modal.add')}
      </Button>
      {problem && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={problem.kind === 'other' ? problem.message : t(`progress.skills.validation.${problem.kind}`, problem)}
          data-testid="self-assessment-problem"
        />
      )}
      <Flex justify="end" gap="small">
        <Button onClick={onClose} disabled={saving}>
          {t('progress.skills.modal.cancel')}
        </Button>
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="self-assessment-save">
          {t('progress.skills.modal.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
