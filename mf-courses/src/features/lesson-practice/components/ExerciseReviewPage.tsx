import { ArrowLeftOutlined, UserOutlined } from '@ant-design/icons';
import { toApiError, useCurrentUser } from '@masar/shell/runtime';
import { Button, Card, Empty, Flex, Pagination, Result, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { CourseUnavailable } from '../../courses/components/CourseUnavailable';
import { findLessonNeighbours, lessonPath } from '../../courses/course-presentation';
import { useCourse } from '../../courses/hooks/useCourse';
import { useReviewExerciseSubmissionsQuery } from '../lesson-practice.api';
import { practiceErrorMessage } from '../practice-messages';
import { ExerciseSubmissionView } from './ExerciseSubmissionView';

export const REVIEW_PAGE_SIZE = 10;

/** `/courses/:courseId/lessons/:lessonId/submissions` */
export function exerciseReviewPath(courseId: string, lessonId: string): string {
  return `${lessonPath(courseId, lessonId)}/submissions`;
}

/** One page of every learner's submissions, newest first, with loading, empty and failed states. */
function SubmissionsOfLesson({ lessonId, lang }: { lessonId: string; lang: string }) {
  const { t, i18n } = useTranslation('courses');
  const { t: tCommon } = useTranslation('common');
  const [page, setPage] = useState(1);
  const review = useReviewExerciseSubmissionsQuery({ lessonId, page, pageSize: REVIEW_PAGE_SIZE });
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage);

  if (review.isError) {
    return (
      <Result
        status={toApiError(review.error)?.status === 403 ? '403' : 'error'}
        title={t('practice.review.failed')}
        subTitle={practiceErrorMessage(review.error, t, 'practice.review.failedHint')}
        extra={
          <Button type="primary" onClick={() => void review.refetch()}>
            {tCommon('actions.retry')}
          </Button>
        }
        data-testid="exercise-review-error"
      />
    );
  }
  if (!review.data) {
    return (
      <Card aria-busy="true" data-testid="exercise-review-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  const { items, total } = review.data;
  if (total === 0) return <Empty description={t('practice.review.empty')} data-testid="exercise-review-empty" />;
  return (
    <Flex vertical gap="middle" aria-busy={review.isFetching} data-testid="exercise-review-list">
      <Typography.Text type="secondary" data-testid="exercise-review-total">
        {t('practice.review.total', { count: total, formatted: numbers.format(total) })}
      </Typography.Text>
      {items.map((submission) => (
        <ExerciseSubmissionView
          key={submission.submissionId}
          submission={submission}
          lang={lang}
          reader="reviewer"
          title={
            <Flex gap="small" align="baseline" wrap data-testid="exercise-review-learner">
              <UserOutlined />
              {/* A name is written in its own script whatever the screen's language. */}
              <bdi>{submission.userName ?? t('practice.review.unknownLearner')}</bdi>
              {submission.userEmail !== null && (
                <Typography.Text type="secondary">
                  <bdi>{submission.userEmail}</bdi>
                </Typography.Text>
              )}
            </Flex>
          }
        />
      ))}
      {total > REVIEW_PAGE_SIZE && (
        <Pagination
          current={page}
          pageSize={REVIEW_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={(next) => {
            setPage(next);
            window.scrollTo({ top: 0 });
          }}
          style={{ alignSelf: 'center' }}
          data-testid="exercise-review-pages"
        />
      )}
    </Flex>
  );
}

/**
 * An admin's review of an exercise: each learner's submissions (name, time, work, files to download,
 * the feedback they were given), reached from the lesson. Learners are shown that it is for admins;
 * the gateway refuses them (403) too.
 */
export function ExerciseReviewPage() {
  const { courseId = '', lessonId = '' } = useParams();
  const { t } = useTranslation('courses');
  const { isAdmin } = useCurrentUser();
  const { course, failure, notFound, refetch } = useCourse(courseId);

  const back = (
    <Link to={lessonPath(courseId, lessonId)} data-testid="back-to-lesson">
      <ArrowLeftOutlined className="masar-flip-rtl" /> {t('practice.review.backToLesson')}
    </Link>
  );
  const frame = (children: ReactNode) => (
    <Flex vertical gap="large" className="masar-page" style={{ maxWidth: 900, marginInline: 'auto' }} data-testid="exercise-review">
      {back}
      {children}
    </Flex>
  );

  if (!isAdmin) return frame(<Result status="403" title={t('practice.review.adminsOnly')} data-testid="exercise-review-forbidden" />);
  if (!course) return frame(<CourseUnavailable failure={failure} notFound={notFound} onRetry={refetch} />);
  const lesson = findLessonNeighbours(course, lessonId)?.current.lesson;
  if (lesson?.type !== 'exercise') {
    return frame(<Result status="404" title={t('lesson.notFound.title')} subTitle={t('practice.review.notAnExercise')} data-testid="exercise-review-not-found" />);
  }
  return frame(
    <>
      <Flex vertical gap="small">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('practice.review.title')}
        </Typography.Title>
        <Typography.Text type="secondary" dir="auto" lang={course.language ?? 'en'} data-testid="exercise-review-lesson">
          {lesson.title}
        </Typography.Text>
      </Flex>
      <SubmissionsOfLesson lessonId={lessonId} lang={course.language ?? 'en'} />
    </>,
  );
}
