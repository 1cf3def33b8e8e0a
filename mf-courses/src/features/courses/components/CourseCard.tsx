import type { CourseSummary } from '@masar/contracts';
import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { courseColorHex } from '../course-colors';

function CourseTile({ course }: { course: CourseSummary }) {
  if (course.imageUrl) {
    return <img src={course.imageUrl} alt="" style={{ width: '100%', height: 140, objectFit: 'cover' }} />;
  }
  return (
    <Flex
      align="center"
      justify="center"
      style={{ height: 140, background: courseColorHex(course.color), color: '#fff', fontSize: 36, fontWeight: 700 }}
      aria-hidden
    >
      {course.abbreviation}
    </Flex>
  );
}

export function CourseCard({ course }: { course: CourseSummary }) {
  const { t } = useTranslation('courses');
  return (
    <Card cover={<CourseTile course={course} />} style={{ height: '100%' }} data-testid="course-card">
      <Flex vertical gap="small">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {course.title}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('card.duration', { duration: course.duration })} · {t('card.format', { format: course.format })}
        </Typography.Text>
        <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ margin: 0 }}>
          {course.description}
        </Typography.Paragraph>
        <div>
          <Tag color="geekblue">{course.departmentOwner}</Tag>
        </div>
      </Flex>
    </Card>
  );
}
