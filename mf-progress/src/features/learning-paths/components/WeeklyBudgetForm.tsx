import { ReloadOutlined } from '@ant-design/icons';
import { MAX_WEEKLY_HOURS, MIN_WEEKLY_HOURS, weeklyHoursSchema } from '@masar/contracts';
import { Button, Flex, Form, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface WeeklyBudgetFormProps {
  weeklyHours: number;
  pending: boolean;
  /** Resolves whether the path was re-planned. */
  onReplan: (weeklyHours: number) => Promise<boolean>;
}

/**
 * The hours a week the learner sets aside; Re-plan spreads the courses over them again. The input
 * does not clamp to 1–40 itself: a clamped 45 would silently re-plan at 40, so the contract's rule
 * checks the number and says what is wrong instead.
 */
export function WeeklyBudgetForm({ weeklyHours, pending, onReplan }: WeeklyBudgetFormProps) {
  const { t } = useTranslation('learningPaths');
  const [value, setValue] = useState<number | null>(weeklyHours);
  const [problem, setProblem] = useState<string>();

  const replan = async () => {
    const checked = weeklyHoursSchema.safeParse(value);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      // The contract's own words in English; the same rule in the learner's language otherwise.
      setProblem(t(`budget.invalid.${issue.code}`, { defaultValue: issue.message, min: MIN_WEEKLY_HOURS, max: MAX_WEEKLY_HOURS }));
      return;
    }
    await onReplan(checked.data);
  };

  return (
    <Form layout="vertical" onFinish={() => void replan()} data-testid="weekly-budget">
      <Form.Item
        label={t('budget.label')}
        extra={t('budget.hint', { min: MIN_WEEKLY_HOURS, max: MAX_WEEKLY_HOURS })}
        validateStatus={problem ? 'error' : undefined}
        help={problem}
        htmlFor="weekly-hours"
        style={{ marginBlockEnd: 0 }}
      >
        <Flex gap="small" wrap>
          <InputNumber
            id="weekly-hours"
            value={value}
            onChange={(next) => {
              setValue(typeof next === 'number' ? next : null);
              setProblem(undefined);
            }}
            step={1}
            suffix={t('budget.unit')}
            style={{ width: 180 }}
            data-testid="weekly-hours-input"
          />
          <Button type="primary" htmlType="submit" icon={<ReloadOutlined />} disabled={pending || value === weeklyHours}>
            {t('budget.replan')}
          </Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}
