import { Card, Col, Row, Skeleton } from 'antd';

/** Spec section 9: six skeleton cards while the list loads. */
const SKELETON_COUNT = 6;

export function JobDescriptionSkeletons() {
  return (
    <Row gutter={[16, 16]} aria-busy="true">
      {Array.from({ length: SKELETON_COUNT }, (_, index) => (
        <Col key={index} xs={24} md={12} lg={8}>
          <Card data-testid="job-description-skeleton">
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
