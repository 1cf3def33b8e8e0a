import type { CourseSummary } from '@masar/contracts';
import { Card, Col, Row, Skeleton } from 'antd';
import { CourseCard, type CourseCardProps } from './CourseCard';

/** Spec document 2: six skeleton cards while courses load. */
const SKELETON_COUNT = 6;

export interface CourseGridProps extends Omit<CourseCardProps, 'course' | 'footer'> {
  courses: CourseSummary[];
}

export function CourseGrid({ courses, ...cardProps }: CourseGridProps) {
  return (
    <Row gutter={[16, 16]}>
      {courses.map((course) => (
        <Col key={course.id} xs={24} md={12} lg={8}>
          <CourseCard course={course} {...cardProps} />
        </Col>
      ))}
    </Row>
  );
}

export function CourseSkeletons({ count = SKELETON_COUNT }: { count?: number }) {
  return (
    <Row gutter={[16, 16]} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <Col key={index} xs={24} md={12} lg={8}>
          <Card data-testid="course-skeleton">
            <Skeleton.Node active style={{ width: '100%', height: 140 }} />
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
