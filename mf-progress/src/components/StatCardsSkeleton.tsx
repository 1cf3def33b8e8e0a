import { Card, Col, Row, Skeleton } from 'antd';

/** The row of four stat cards (see StatCard) while their figures load. */
export function StatCardsSkeleton() {
  return (
    <Row gutter={[16, 16]}>
      {[0, 1, 2, 3].map((card) => (
        <Col key={card} xs={12} lg={6}>
          <Card>
            <Skeleton active paragraph={{ rows: 1 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
