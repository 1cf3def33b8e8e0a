import { CloseOutlined, FileSearchOutlined } from '@ant-design/icons';
import { EXPECTED_SKILL_LEVELS, type ExpectedSkillLevel, type JobDescriptionSummary } from '@masar/contracts';
import { Button, Checkbox, Flex, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSkillFormatting } from '../hooks/useSkillFormatting';
import { expectedLevelOf, type ReviewedSkill } from '../skill-review-state';
import { EvidencePassage } from './EvidencePassage';

export interface ReviewedSkillRowProps {
  row: ReviewedSkill;
  /** The posting the evidence points into; absent for sample skills. */
  posting: Pick<JobDescriptionSummary, 'content' | 'detectedLanguage'> | null;
  disabled: boolean;
  onToggle: () => void;
  onRemove: () => void;
  onLevelChange: (level: ExpectedSkillLevel) => void;
}

export function ReviewedSkillRow({ row, posting, disabled, onToggle, onRemove, onLevelChange }: ReviewedSkillRowProps) {
  const { t } = useTranslation('jobroles');
  const { nameOf, percent } = useSkillFormatting();
  const [showEvidence, setShowEvidence] = useState(false);
  const { skill, origin, approved } = row;
  const name = nameOf(skill);
  const hasEvidence = posting !== null && skill.evidence.length > 0;

  return (
    <div data-testid="review-skill" data-skill-name={skill.name} data-approved={approved}>
      <Flex align="center" gap="small" wrap>
        <Checkbox
          checked={approved}
          disabled={disabled}
          onChange={onToggle}
          aria-label={t('review.approveSkill', { name })}
          style={{ flex: 1, minWidth: 160 }}
        >
          <Typography.Text strong={approved} type={approved ? undefined : 'secondary'}>
            {name}
          </Typography.Text>
        </Checkbox>
        {origin === 'custom' ? (
          <Tag color="purple">{t('review.customTag')}</Tag>
        ) : (
          <Typography.Text type="secondary" data-testid="skill-confidence">
            {t('review.confidence', { value: percent(skill.confidence) })}
          </Typography.Text>
        )}
        {skill.importance === 'nice-to-have' && <Tag>{t('review.niceToHave')}</Tag>}
        {/* The level the job expects: the learning path's target for this skill. */}
        <Select<ExpectedSkillLevel>
          size="small"
          value={expectedLevelOf(skill)}
          onChange={onLevelChange}
          disabled={disabled}
          options={EXPECTED_SKILL_LEVELS.map((level) => ({ value: level, label: t(`levels.${level}`) }))}
          aria-label={t('review.expectedLevel', { name })}
          title={t('review.expectedLevel', { name })}
          popupMatchSelectWidth={false}
          style={{ width: 110 }}
          data-testid="skill-level"
        />
        {hasEvidence && (
          <Button
            size="small"
            type="link"
            icon={<FileSearchOutlined />}
            aria-expanded={showEvidence}
            onClick={() => setShowEvidence((shown) => !shown)}
          >
            {showEvidence ? t('review.hideEvidence') : t('review.showEvidence')}
          </Button>
        )}
        <Button
          size="small"
          type="text"
          icon={<CloseOutlined />}
          disabled={disabled}
          onClick={onRemove}
          aria-label={t('review.removeSkill', { name })}
          title={t('review.removeSkill', { name })}
        />
      </Flex>
      {hasEvidence && showEvidence && (
        <EvidencePassage
          content={posting.content}
          language={posting.detectedLanguage}
          evidence={skill.evidence}
          label={t('review.evidenceLabel', { name })}
        />
      )}
    </div>
  );
}
