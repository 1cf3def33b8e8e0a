import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { SKILL_APPROVAL_THRESHOLD, SKILL_CATEGORIES, type JobDescriptionSummary, type SkillCategory } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { Alert, Button, Divider, Empty, Flex, Input, Modal, Result, Select, Skeleton, Space, Typography } from 'antd';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveReviewedSkillsMutation } from '../../job-descriptions/job-descriptions.api';
import { useSkillFormatting } from '../hooks/useSkillFormatting';
import { confirmedSkillsOfSaved, type ConfirmedSkillsHandoff, type OnReviewConfirmed, type SkillDraft } from '../skill-draft';
import {
  CUSTOM_SKILL_NAME_MAX_LENGTH,
  approvedCount,
  classifyCustomSkill,
  confirmedSkillsOf,
  initialSkillReview,
  saveBodyOf,
  skillReviewReducer,
} from '../skill-review-state';
import { ReviewedSkillRow } from './ReviewedSkillRow';

export interface ReviewSkillsModalProps {
  open: boolean;
  /** undefined while the posting is still loading. */
  draft: SkillDraft | undefined;
  /** Set when the posting could not be loaded. */
  loadError?: string;
  onCancel: () => void;
  /**
   * Called once the reviewed set is saved. While it runs the modal reads 'Generating Path...';
   * if it rejects the modal stays open (the caller reports its own failure).
   */
  onConfirmed: OnReviewConfirmed;
}

/** 'Review Extracted Skills' (spec sections 2, 4 and 5). */
export function ReviewSkillsModal({ open, draft, loadError, onCancel, onConfirmed }: ReviewSkillsModalProps) {
  const { t } = useTranslation('jobroles');
  let body;
  if (draft) {
    // A new draft starts a new review; the key drops the previous one's choices.
    const draftKey = draft.jobDescription ? `${draft.jobDescription.id}#${draft.jobDescription.reviewedSkills?.reviewedAt ?? ''}` : `sample#${draft.jobTitle}`;
    body = <SkillReview key={draftKey} draft={draft} onCancel={onCancel} onConfirmed={onConfirmed} />;
  } else if (loadError) {
    body = <Result status="error" title={t('review.loadFailed')} subTitle={loadError} />;
  } else {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  }
  return (
    <Modal open={open} title={t('review.title')} onCancel={onCancel} footer={null} width={760} destroyOnHidden>
      {body}
    </Modal>
  );
}

interface SkillReviewProps {
  draft: SkillDraft;
  onCancel: () => void;
  onConfirmed: OnReviewConfirmed;
}

function SkillReview({ draft, onCancel, onConfirmed }: SkillReviewProps) {
  const { t } = useTranslation('jobroles');
  const { percent, nameOf } = useSkillFormatting();
  const { jobDescription } = draft;
  const [state, dispatch] = useReducer(
    skillReviewReducer,
    draft,
    (initial) => initialSkillReview(initial.skills, initial.jobDescription?.reviewedSkills ?? null),
  );
  const [customName, setCustomName] = useState('');
  const [customCategory, setCustomCategory] = useState<SkillCategory>('functional');
  const [pending, setPending] = useState(false);
  const [saveReviewedSkills] = useSaveReviewedSkillsMutation();
  const approved = approvedCount(state);
  const categoryOptions = SKILL_CATEGORIES.map((category) => ({ value: category, label: t(`categories.${category}`) }));

  const addCustomSkill = () => {
    const outcome = classifyCustomSkill(state, customName);
    if (outcome === 'invalid') {
      showToast({ kind: 'error', title: t('toasts.invalidSkill.title'), description: t('toasts.invalidSkill.description') });
      return;
    }
    if (outcome === 'already-listed') {
      showToast({
        kind: 'info',
        title: t('toasts.skillAlreadyListed.title'),
        description: t('toasts.skillAlreadyListed.description', { name: customName.trim() }),
      });
    }
    dispatch({ type: 'add-custom', name: customName, category: customCategory });
    setCustomName('');
    setCustomCategory('functional');
  };

  const confirm = async () => {
    const body = saveBodyOf(state);
    if (!body) {
      showToast({ kind: 'error', title: t('toasts.noSkillsSelected.title'), description: t('toasts.noSkillsSelected.description') });
      return;
    }
    setPending(true);
    let handoff: ConfirmedSkillsHandoff;
    let savedJobDescription: JobDescriptionSummary | null = null;
    if (jobDescription) {
      try {
        const { jobDescription: saved } = await saveReviewedSkills({ id: jobDescription.id, ...body }).unwrap();
        savedJobDescription = saved;
        handoff = {
          jobDescriptionId: saved.id,
          jobTitle: saved.title,
          confirmedSkills: confirmedSkillsOfSaved(saved) ?? confirmedSkillsOf(state),
        };
      } catch (error) {
        const failure = toApiError(error);
        showToast({
          kind: 'error',
          title: t('toasts.saveFailed.title'),
          description: failure?.serverMessage ?? failure?.message ?? t('toasts.saveFailed.fallback'),
        });
        setPending(false);
        return;
      }
    } else {
      handoff = { jobDescriptionId: null, jobTitle: draft.jobTitle, confirmedSkills: confirmedSkillsOf(state) };
    }
    try {
      await onConfirmed(handoff, savedJobDescription);
    } catch (error) {
      // The caller has told the person what went wrong; the modal stays open for another try.
      console.error('The confirmed skills could not be handed on', error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Flex vertical gap="middle" data-testid="review-skills-modal">
      <div>
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="review-job-title">
          {draft.jobTitle}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('review.description', { threshold: percent(SKILL_APPROVAL_THRESHOLD) })}
        </Typography.Text>
      </div>
      {!jobDescription && <Alert type="warning" showIcon title={t('review.sampleNotice')} data-testid="sample-skills-notice" />}
      <Typography.Text strong data-testid="approved-count">
        {t('review.approvedCount', { approved, total: state.skills.length })}
      </Typography.Text>

      <div style={{ maxHeight: '45vh', overflowY: 'auto', paddingInlineEnd: 4 }}>
        {state.skills.length === 0 ? (
          <Empty description={t('review.empty')} />
        ) : (
          SKILL_CATEGORIES.map((category) => {
            const rows = state.skills.filter((row) => row.skill.category === category);
            if (rows.length === 0) return null;
            return (
              <section key={category} data-testid={`skill-category-${category}`} style={{ marginBottom: 12 }}>
                <Divider titlePlacement="start" plain style={{ margin: '4px 0 8px' }}>
                  <Typography.Text strong>{t(`categories.${category}`)}</Typography.Text>
                </Divider>
                <Flex vertical gap={6}>
                  {rows.map((row) => (
                    <ReviewedSkillRow
                      key={row.skill.name}
                      row={row}
                      posting={jobDescription}
                      disabled={pending}
                      onToggle={() => dispatch({ type: 'toggle', name: row.skill.name })}
                      onRemove={() => dispatch({ type: 'remove', name: row.skill.name })}
                      onLevelChange={(level) => dispatch({ type: 'set-level', name: row.skill.name, level })}
                    />
                  ))}
                </Flex>
              </section>
            );
          })
        )}
      </div>

      {state.removed.length > 0 && (
        <Typography.Text type="secondary" data-testid="removed-skills">
          {t('review.removed', { names: state.removed.map(nameOf).join(t('review.listSeparator')) })}
        </Typography.Text>
      )}

      <div>
        <Typography.Text strong>{t('review.addCustom.title')}</Typography.Text>
        {/* Wraps on a phone: the name gets a row of its own. */}
        <Flex gap="small" wrap style={{ marginTop: 6 }}>
          <Input
            aria-label={t('review.addCustom.nameLabel')}
            placeholder={t('review.addCustom.namePlaceholder')}
            value={customName}
            maxLength={CUSTOM_SKILL_NAME_MAX_LENGTH}
            disabled={pending}
            onChange={(event) => setCustomName(event.target.value)}
            onPressEnter={addCustomSkill}
            data-testid="custom-skill-name"
            style={{ flex: '1 1 220px' }}
          />
          <Select<SkillCategory>
            aria-label={t('review.addCustom.categoryLabel')}
            value={customCategory}
            onChange={setCustomCategory}
            options={categoryOptions}
            disabled={pending}
            style={{ flex: '0 0 150px' }}
            data-testid="custom-skill-category"
          />
          <Button icon={<PlusOutlined />} onClick={addCustomSkill} disabled={pending} data-testid="add-custom-skill">
            {t('review.addCustom.button')}
          </Button>
        </Flex>
      </div>

      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Text type="danger" data-testid="no-approved-hint">
          {approved === 0 ? t('toasts.noSkillsSelected.description') : ''}
        </Typography.Text>
        <Space>
          <Button onClick={onCancel} disabled={pending}>
            {t('review.cancel')}
          </Button>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={pending}
            disabled={approved === 0 || pending}
            onClick={() => void confirm()}
            data-testid="confirm-skills"
          >
            {pending ? t('review.generatingPath') : t('review.confirm')}
          </Button>
        </Space>
      </Flex>
    </Flex>
  );
}
