import type { CourseSummary } from '@masar/contracts';
import { Flex } from 'antd';
import { courseColorHex } from '../course-colors';

export interface CourseTileProps {
  course: Pick<CourseSummary, 'imageUrl' | 'color' | 'abbreviation'>;
  height?: number;
  width?: number | string;
  fontSize?: number;
}

/** The course's image, or its abbreviation on the course colour (grey for an unknown colour). */
export function CourseTile({ course, height = 140, width = '100%', fontSize = 32 }: CourseTileProps) {
  if (course.imageUrl) {
    return <img src={course.imageUrl} alt="" style={{ width, height, objectFit: 'cover', display: 'block' }} />;
  }
  return (
    <Flex
      align="center"
      justify="center"
      style={{
        width,
        height,
        background: courseColorHex(course.color),
        color: '#fff',
        fontSize,
        fontWeight: 700,
        letterSpacing: 1,
        borderRadius: 8,
        flexShrink: 0,
      }}
      // Codes such as "DSC-201" read left to right in either language.
      dir="ltr"
      data-testid="course-abbreviation"
      data-color={courseColorHex(course.color)}
    >
      {course.abbreviation}
    </Flex>
  );
}
