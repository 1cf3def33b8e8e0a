import { PlusOutlined, RobotOutlined, SearchOutlined } from '@ant-design/icons';
import { toApiError, useCurrentUser } from '@masar/shell/runtime';
import { Button, Empty, Flex, Pagination, Result, Space, theme, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CreateCourseDialog } from '../../course-authoring/components/CreateCourseDialog';
import { RecommendedCourses } from '../../course-recommendations/components/RecommendedCourses';
import { ReadyAiDialog } from '../../ready-ai/components/ReadyAiDialog';
import { FILTER_KEYS, hasActiveFilters, readCourseFilters, writeCourseFilters, type CourseFilters } from '../course-filters';
import { COURSES_PAGE_SIZE, useListCoursesQuery } from '../courses.api';
import { useDeleteCourse } from '../hooks/useDeleteCourse';
import { CourseFiltersBar } from './CourseFiltersBar';
import { CourseGrid, CourseSkeletons } from './CourseGrid';
import { DefaultCoursesButton } from './DefaultCoursesButton';

/** `/courses`: the course library with its filters, and `?jobId=` recommendations (spec document 2, section 2). */
export function CourseListPage() {
  const { token } = theme.useToken();
  const { t } = useTranslation('courses');
  const { t: tCommon } = useTranslation('common');
  const navigate = useNavigate();
  const { isAdmin } = useCurrentUser();
  const { confirmDelete } = useDeleteCourse();
  const [creating, setCreating] = useState(false);
  const [readyAiOpen, setReadyAiOpen] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readCourseFilters(searchParams);
  const jobId = searchParams.get('jobId');
  const filtering = hasActiveFilters(filters);

  const { currentData, error, refetch } = useListCoursesQuery({
    q: filters.q || undefined,
    skill: filters.skill || undefined,
    category: filters.category || undefined,
    level: filters.level,
    kind: filters.kind,
    status: isAdmin ? filters.status : undefined,
    page: filters.page,
    pageSize: COURSES_PAGE_SIZE,
  });
  const failure = toApiError(error);

  const changeFilters = useCallback(
    (changes: Partial<CourseFilters>) => setSearchParams((current) => writeCourseFilters(current, changes), { replace: true }),
    [setSearchParams],
  );
  const clearFilters = () =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of FILTER_KEYS) next.delete(key);
      return next;
    });
  const showAllCourses = () =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('jobId');
      return next;
    });

  let body;
  if (failure) {
    body = (
      <Result
        status="error"
        title={t('list.error')}
        subTitle={failure.message}
        extra={<Button onClick={() => void refetch()}>{tCommon('actions.retry')}</Button>}
        data-testid="courses-error"
      />
    );
  } else if (!currentData) {
    body = <CourseSkeletons />;
  } else if (currentData.items.length === 0) {
    body = (
      <Empty
        data-testid="courses-empty"
        description={
          <>
            <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}>{filtering ? t('list.noMatches.title') : t('list.empty.title')}</Typography.Title>
            <Typography.Text type="secondary">{filtering ? t('list.noMatches.hint') : t('list.empty.hint')}</Typography.Text>
          </>
        }
      >
        {filtering && (
          <Button onClick={clearFilters} data-testid="courses-empty-clear-filters">
            {t('filters.clear')}
          </Button>
        )}
        {!filtering && isAdmin && <DefaultCoursesButton />}
      </Empty>
    );
  } else {
    body = (
      <>
        <CourseGrid
          courses={currentData.items}
          onDelete={isAdmin ? (course) => confirmDelete(course) : undefined}
          onSkillSelect={(skill) => changeFilters({ skill })}
        />
        {currentData.total > currentData.pageSize && (
          <Flex justify="center">
            <Pagination
              current={currentData.page}
              pageSize={currentData.pageSize}
              total={currentData.total}
              showSizeChanger={false}
              onChange={(page) => changeFilters({ page })}
              data-testid="courses-pagination"
            />
          </Flex>
        )}
      </>
    );
  }

  return (
    <Flex vertical gap="large" className="masar-page" style={{ maxWidth: 1200, marginInline: 'auto' }} data-testid="courses-page">
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('list.title')}
          </Typography.Title>
          {currentData && (
            <Typography.Text type="secondary" data-testid="courses-count">
              {t('list.count', { count: currentData.total })}
            </Typography.Text>
          )}
        </div>
        <Space wrap>
          <Button icon={<SearchOutlined />} onClick={() => navigate('/course-search')}>
            {t('list.search')}
          </Button>
          {isAdmin && (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="courses-create">
                {t('list.create')}
              </Button>
              <Button icon={<RobotOutlined />} onClick={() => setReadyAiOpen(true)} data-testid="courses-ready-ai">
                {t('list.readyAi')}
              </Button>
            </>
          )}
        </Space>
      </Flex>
      {jobId && <RecommendedCourses jobId={jobId} onShowAll={showAllCourses} />}
      <CourseFiltersBar filters={filters} onChange={changeFilters} onClear={clearFilters} />
      {body}
      {isAdmin && <CreateCourseDialog open={creating} onClose={() => setCreating(false)} />}
      {isAdmin && <ReadyAiDialog open={readyAiOpen} onClose={() => setReadyAiOpen(false)} />}
    </Flex>
  );
}
