import { RobotOutlined } from '@ant-design/icons';
import type { CategoryCourse } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { skipToken } from '@reduxjs/toolkit/query';
import { Button, Empty, Flex, Modal, Result, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCourseText } from '../../courses/hooks/useCourseText';
import { categoriesWithCourses, categoryLabel, isSelected, remainingSlots } from '../ready-ai-selection';
import { useReadyAiCategoriesQuery } from '../ready-ai.api';
import { CategoryCourseCard } from './CategoryCourseCard';
import { SelectedCourses } from './SelectedCourses';

export interface ReadyAiSelectionDialogProps {
  open: boolean;
  selection: readonly CategoryCourse[];
  /** The start call is out: nothing can change until it answers. */
  creating: boolean;
  onToggle: (course: CategoryCourse) => void;
  onCancel: () => void;
  onCreate: () => void;
}

const CARD_GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))', gap: 12 } as const;

function useSelectionHint(selection: readonly CategoryCourse[]): string {
  const { t } = useTranslation('courses');
  if (selection.length === 0) return t('readyAi.hints.selectOne');
  const remaining = remainingSlots(selection);
  return remaining === 0 ? t('readyAi.hints.maximum') : t('readyAi.hints.remaining', { count: remaining });
}

/**
 * The Ready AI dialog (spec 001 section 2): the catalog's courses by category, up to 3 picked,
 * the count and hints in the footer, and Create n Course(s).
 */
export function ReadyAiSelectionDialog({ open, selection, creating, onToggle, onCancel, onCreate }: ReadyAiSelectionDialogProps) {
  const { t } = useTranslation('courses');
  const { t: tCommon } = useTranslation('common');
  const { categoryName } = useCourseText();
  const { currentData, error, isFetching, refetch } = useReadyAiCategoriesQuery(open ? undefined : skipToken, {
    // Each opening shows the catalog as it is now (a course may have left it, or Ready AI added one).
    refetchOnMountOrArgChange: true,
  });
  const failure = toApiError(error);
  const hint = useSelectionHint(selection);
  const full = remainingSlots(selection) === 0;

  useEffect(() => {
    if (error) {
      showToast({ kind: 'error', title: t('readyAi.toasts.categoriesFailed.title'), description: t('readyAi.toasts.categoriesFailed.description') });
    }
  }, [error, t]);

  let body;
  if (failure) {
    body = (
      <Result
        status="error"
        title={t('readyAi.categoriesError')}
        subTitle={failure.message}
        extra={
          <Button onClick={() => void refetch()} loading={isFetching} data-testid="ready-ai-retry">
            {tCommon('actions.retry')}
          </Button>
        }
        data-testid="ready-ai-categories-error"
      />
    );
  } else if (!currentData) {
    body = <Skeleton active paragraph={{ rows: 6 }} data-testid="ready-ai-loading" />;
  } else {
    const categories = categoriesWithCourses(currentData.categories);
    body =
      categories.length === 0 ? (
        <Empty description={t('readyAi.noCourses')} data-testid="ready-ai-empty" />
      ) : (
        categories.map((category) => {
          const label = categoryName(categoryLabel(category.name));
          return (
            <section key={category.name} aria-label={label} data-testid="ready-ai-category">
              <Typography.Title level={5} data-testid="ready-ai-category-name">
                {label}
              </Typography.Title>
              <div style={CARD_GRID}>
                {category.courses.map((course) => {
                  const selected = isSelected(selection, course.id);
                  return (
                    <CategoryCourseCard
                      key={course.id}
                      course={course}
                      selected={selected}
                      disabled={creating || (full && !selected)}
                      onToggle={onToggle}
                    />
                  );
                })}
              </div>
            </section>
          );
        })
      );
  }

  return (
    <Modal
      open={open}
      title={t('readyAi.title')}
      onCancel={creating ? undefined : onCancel}
      closable={!creating}
      keyboard={!creating}
      mask={{ closable: false }}
      width={980}
      styles={{ body: { maxHeight: '65vh', overflowY: 'auto' } }}
      footer={
        <Flex justify="space-between" align="center" gap="middle" wrap>
          <Flex vertical align="start" aria-live="polite">
            <Typography.Text strong data-testid="ready-ai-count">
              {t('readyAi.count', { count: selection.length })}
            </Typography.Text>
            <Typography.Text type="secondary" data-testid="ready-ai-hint">
              {hint}
            </Typography.Text>
          </Flex>
          <Space>
            <Button onClick={onCancel} disabled={creating} data-testid="ready-ai-cancel">
              {t('readyAi.cancel')}
            </Button>
            <Button
              type="primary"
              icon={<RobotOutlined />}
              onClick={onCreate}
              disabled={selection.length === 0 || creating}
              loading={creating}
              data-testid="ready-ai-create"
            >
              {t('readyAi.create', { count: selection.length })}
            </Button>
          </Space>
        </Flex>
      }
    >
      <Flex vertical gap="large" data-testid="ready-ai-dialog">
        <Typography.Text type="secondary">{t('readyAi.intro')}</Typography.Text>
        {selection.length > 0 && <SelectedCourses selection={selection} onRemove={onToggle} disabled={creating} />}
        {body}
      </Flex>
    </Modal>
  );
}
