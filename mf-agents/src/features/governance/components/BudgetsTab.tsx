import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_MONTHLY_TOKEN_BUDGET, type AiBudgets } from '@masar/contracts';
import { readableErrorMessage, showToast, useLanguage } from '@masar/shell/runtime';
import { Alert, Button, Card, Empty, Flex, InputNumber, Progress, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAiBudgetsQuery, useUpdateAiBudgetsMutation } from '../governance.api';
import { formatCount, formatDay, personLabel } from '../governance-format';
import { PersonSelect } from './PersonSelect';

interface OverrideDraft {
  key: number;
  userId: string | undefined;
  monthlyTokens: number | null;
  label?: string;
}

type Usage = AiBudgets['usage'][number];

let nextRowKey = 0;

/** The problem that keeps the draft from being saved, as a locale key; null when it can be saved. */
function draftProblem(overrides: OverrideDraft[]): string | null {
  if (overrides.some((row) => !row.userId)) return 'budgets.personRequired';
  if (overrides.some((row) => row.monthlyTokens === null)) return 'budgets.tokensRequired';
  if (new Set(overrides.map((row) => row.userId)).size !== overrides.length) return 'budgets.duplicate';
  return null;
}

function BudgetsForm({ budgets }: { budgets: AiBudgets }) {
  const { t } = useTranslation('governance');
  const [defaultTokens, setDefaultTokens] = useState<number | null>(budgets.defaultMonthlyTokens);
  const [overrides, setOverrides] = useState<OverrideDraft[]>(() =>
    budgets.overrides.map((override) => ({
      key: nextRowKey++,
      userId: override.userId,
      monthlyTokens: override.monthlyTokens,
      label: personLabel(override) ?? undefined,
    })),
  );
  const [attempted, setAttempted] = useState(false);
  const [update, state] = useUpdateAiBudgetsMutation();
  const problem = draftProblem(overrides);

  const changeRow = (key: number, change: Partial<OverrideDraft>) =>
    setOverrides((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const save = async () => {
    setAttempted(true);
    if (problem) return;
    const result = await update({
      defaultMonthlyTokens: defaultTokens,
      overrides: overrides.map((row) => ({ userId: row.userId!, monthlyTokens: row.monthlyTokens! })),
    });
    if ('error' in result) showToast({ kind: 'error', title: t('budgets.saveFailed'), description: readableErrorMessage(result.error) });
    else showToast({ kind: 'success', title: t('budgets.saved') });
  };

  return (
    <Card size="small" data-testid="budgets-form">
      <Flex vertical gap="middle">
        <label style={{ maxWidth: 360 }}>
          <Typography.Text strong>{t('budgets.default')}</Typography.Text>
          <InputNumber<number>
            value={defaultTokens}
            min={0}
            max={MAX_MONTHLY_TOKEN_BUDGET}
            precision={0}
            placeholder={t('budgets.defaultPlaceholder')}
            onChange={(value) => setDefaultTokens(value ?? null)}
            style={{ width: '100%' }}
            data-testid="budgets-default"
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('budgets.defaultHelp')}
          </Typography.Text>
        </label>
        <Typography.Text strong>{t('budgets.overrides')}</Typography.Text>
        {overrides.length === 0 && <Typography.Text type="secondary">{t('budgets.noOverrides')}</Typography.Text>}
        {overrides.map((row, index) => (
          <Flex key={row.key} gap="small" wrap align="center" data-testid="budget-override">
            <PersonSelect
              value={row.userId}
              knownLabel={row.label}
              onChange={(userId) => changeRow(row.key, { userId, label: undefined })}
              ariaLabel={`${t('budgets.choosePerson')} ${index + 1}`}
              testId="budget-override-person"
              style={{ flex: 1 }}
            />
            <InputNumber<number>
              aria-label={`${t('budgets.tokens')} ${index + 1}`}
              value={row.monthlyTokens}
              min={0}
              max={MAX_MONTHLY_TOKEN_BUDGET}
              precision={0}
              placeholder={t('budgets.tokens')}
              onChange={(value) => changeRow(row.key, { monthlyTokens: value ?? null })}
              style={{ width: 200 }}
              data-testid="budget-override-tokens"
            />
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('budgets.removePersonLabel', { name: row.label ?? row.userId ?? index + 1 })}
              onClick={() => setOverrides((rows) => rows.filter((candidate) => candidate.key !== row.key))}
              data-testid="budget-override-remove"
            >
              {t('budgets.removePerson')}
            </Button>
          </Flex>
        ))}
        <Flex gap="small" wrap>
          <Button
            icon={<PlusOutlined />}
            onClick={() => setOverrides((rows) => [...rows, { key: nextRowKey++, userId: undefined, monthlyTokens: null }])}
            data-testid="budgets-add-person"
          >
            {t('budgets.addPerson')}
          </Button>
          <Button type="primary" loading={state.isLoading} onClick={() => void save()} data-testid="budgets-save">
            {t('budgets.save')}
          </Button>
        </Flex>
        {attempted && problem && <Alert type="error" showIcon title={t(problem)} data-testid="budgets-problem" />}
      </Flex>
    </Card>
  );
}

function UsageTable({ budgets }: { budgets: AiBudgets }) {
  const { t } = useTranslation('governance');
  const { language } = useLanguage();
  const count = (value: number) => formatCount(value, language);
  return (
    <Card size="small" title={t('budgets.usageTitle')} extra={<Typography.Text type="secondary">{t('budgets.resets', { date: formatDay(budgets.resetsAt, language) })}</Typography.Text>}>
      <Table<Usage>
        rowKey="userId"
        size="small"
        dataSource={budgets.usage}
        pagination={false}
        locale={{ emptyText: <Empty description={t('budgets.usageEmpty')} /> }}
        columns={[
          { key: 'person', title: t('budgets.columns.person'), render: (_, row) => <Typography.Text dir="auto">{personLabel(row) ?? t('usage.unknownPerson')}</Typography.Text> },
          {
            key: 'use',
            title: t('budgets.columns.use'),
            render: (_, row) => {
              const name = personLabel(row) ?? row.userId;
              if (row.monthlyTokens === null) return t('budgets.usedNoLimit', { used: count(row.usedTokens) });
              const percent = row.monthlyTokens === 0 ? 100 : Math.min(100, Math.round((row.usedTokens / row.monthlyTokens) * 100));
              return (
                <Flex vertical style={{ minWidth: 200 }}>
                  <Typography.Text>{t('budgets.used', { used: count(row.usedTokens), budget: count(row.monthlyTokens) })}</Typography.Text>
                  <Progress
                    percent={percent}
                    size="small"
                    status={row.usedTokens >= row.monthlyTokens ? 'exception' : undefined}
                    aria-label={t('budgets.usageOf', { name })}
                    data-testid="budget-usage-bar"
                  />
                </Flex>
              );
            },
          },
          { key: 'calls', title: t('budgets.columns.calls'), render: (_, row) => t('budgets.calls', { count: row.calls }) },
        ]}
        data-testid="budgets-usage"
      />
    </Card>
  );
}

/** Monthly token budgets: the default, people with their own, and this month's use. */
export function BudgetsTab() {
  const { t } = useTranslation('governance');
  const budgets = useGetAiBudgetsQuery();
  if (budgets.isLoading) return <Skeleton active />;
  if (!budgets.data) return <Alert type="error" showIcon title={t('budgets.loadFailed')} description={readableErrorMessage(budgets.error)} />;
  return (
    <Flex vertical gap="middle" data-testid="governance-budgets">
      <Alert type="info" showIcon title={t('budgets.explain')} />
      {/* A save starts the form again from what the server now holds. */}
      <BudgetsForm key={budgets.data.updatedAt ?? 'never'} budgets={budgets.data} />
      <UsageTable budgets={budgets.data} />
    </Flex>
  );
}
