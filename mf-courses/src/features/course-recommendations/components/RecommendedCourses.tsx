import { BulbOutlined, CheckCircleOutlined } from '@ant-design/icons';
import type { RecommendedCourse } from '@masar/contracts';
import { toApiError, useLanguage } from '@masar/shell/runtime';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Button, Card, Col, Empty, Flex, Result, Row, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CourseCard } from '../../courses/components/CourseCard';
import { CourseSkeletons } from '../../courses/components/CourseGrid';
import { useGetJobDescriptionForCoursesQuery, useRecommendCoursesQuery } from '../../courses/courses.api';
import { skillsForRecommendation } from '../job-skills';

/** Recommendations are a short list to start from, not the whole catalog. */
const RECOMMENDATIONS_SHOWN = 6;

function CoveredSkills({ course }: { course: RecommendedCourse }) {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(course.coverage);
  return (
    <Flex vertical gap={4} data-testid="covered-skills">
      <Typography.Text type="success">
        <CheckCircleOutlined /> {t('recommended.coverage', { percent })}
      </Typography.Text>
      <Flex gap={4} wrap>
        {course.coveredSkills.map((skill) => (
          <Tag key={skill} color="success">
            {skill}
          </Tag>
        ))}
      </Flex>
    </Flex>
  );
}

export interface RecommendedCoursesProps {
  jobId: string;
  onShowAll: () => void;
}

/** `/courses?jobId=…`: the courses that best cover the skills of one job description. */
export function RecommendedCourses({ jobId, onShowAll }: RecommendedCoursesProps) {
  const { t } = useTranslation('courses');
  const { t: tCommon } = useTranslation('common');
  const job = useGetJobDescriptionForCoursesQuery(jobId);
  const jobDescription = job.currentData?.jobDescription;
  const { skills, basis } = useMemo(
    () => (jobDescription ? skillsForRecommendation(jobDescription) : { skills: [], basis: 'extracted' as const }),
    [jobDescription],
  );
  const recommendations = useRecommendCoursesQuery(skills.length > 0 ? { skills } : skipToken);
  const failure = toApiError(job.error) ?? toApiError(recommendations.error);

  let body;
  if (failure) {
    body = (
      <Result
        status="warning"
        title={job.error ? t('recommended.jobError') : t('recommended.error')}
        subTitle={failure.serverMessage ?? failure.message}
        extra={
          <Button onClick={() => void (job.error ? job.refetch() : recommendations.refetch())}>{tCommon('actions.retry')}</Button>
        }
        data-testid="recommendations-error"
      />
    );
  } else if (!jobDescription || (skills.length > 0 && !recommendations.currentData)) {
    body = <CourseSkeletons count={3} />;
  } else if (skills.length === 0) {
    body = (
      <Empty
        data-testid="recommendations-no-skills"
        description={
          <>
            <Typography.Text strong>{t('recommended.noSkills.title')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('recommended.noSkills.hint')}</Typography.Text>
          </>
        }
      />
    );
  } else if (recommendations.currentData?.courses.length === 0) {
    body = <Empty data-testid="recommendations-empty" description={t('recommended.empty')} />;
  } else {
    body = (
      <Row gutter={[16, 16]}>
        {recommendations.currentData?.courses.slice(0, RECOMMENDATIONS_SHOWN).map((course) => (
          <Col key={course.id} xs={24} md={12} lg={8}>
            <CourseCard course={course} footer={<CoveredSkills course={course} />} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <Card
      data-testid="recommended-courses"
      title={
        <Flex gap="small" align="center">
          <BulbOutlined />
          <span dir="auto">{jobDescription ? t('recommended.title', { title: jobDescription.title }) : t('recommended.loadingTitle')}</span>
        </Flex>
      }
      extra={
        <Button type="link" onClick={onShowAll} data-testid="recommendations-show-all">
          {t('recommended.showAll')}
        </Button>
      }
    >
      <Flex vertical gap="middle">
        {jobDescription && skills.length > 0 && (
          <Alert
            type="info"
            showIcon
            title={basis === 'reviewed' ? t('recommended.basisReviewed', { total: skills.length }) : t('recommended.basisExtracted', { total: skills.length })}
            data-testid="recommendations-basis"
          />
        )}
        {body}
      </Flex>
    </Card>
  );
}
