import type { CourseSummary } from '@masar/contracts';
import { Card, Col, Row, Skeleton } from 'antd';
import { CourseCard } from './CourseCard';

/** Spec document 2: six skeleton cards while courses load. */
const SKELETON_COUNT = 6;

export function CourseGrid({ courses }: { courses: CourseSummary[] }) {
  return (
    <Row gutter={[16, 16]}>
      {courses.map((course) => (
        <Col key={course.id} xs={24} md={12} lg={8}>
          <CourseCard course={course} />
        </Col>
      ))}
    </Row>
  );
}

export function CourseSkeletons() {
  return (
    <Row gutter={[16, 16]} aria-busy="true">
      {Array.from({ length: SKELETON_COUNT }, (_, index) => (
        <Col key={index} xs={24} md={12} lg={8}>
          <Card data-testid="course-skeleton">
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
