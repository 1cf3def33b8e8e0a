import { jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { CoursesPage } from '../../courses/components/CoursesPage';
import { buildCourseDetail, buildLesson, buildModule } from '../../courses/course.factory';

const video = buildLesson({
  title: 'Why Preparation Wins',
  type: 'video',
  duration: '10 min',
  content: 'Most deals are decided by what each side knows before the meeting.\n\nThis video walks through two real renewals.',
  keyPoints: ['Preparation decides most outcomes'],
  activities: ['List what you know about the other side.'],
});
const reading = buildLesson({
  title: 'Preparing Your Position',
  type: 'reading',
  content: 'Write down your target.\n\nThen your walk-away point.\nAnd your best alternative.',
  keyPoints: ['Know your walk-away point', 'Prepare alternatives'],
  activities: ['Write a one-page preparation sheet.'],
});
const quiz = buildLesson({ title: 'Check Your Understanding', type: 'quiz', content: 'Q1. What is a walk-away point?\nAnswer: The least you accept.', keyPoints: [], activities: [] });
const exercise = buildLesson({ title: 'Role-play a Renewal', type: 'exercise', content: 'Pair up and run a ten-minute renewal conversation.', keyPoints: [], activities: [] });

const course = buildCourseDetail({
  modules: [
    buildModule({ title: 'Preparation', lessons: [video, reading] }),
    buildModule({ title: 'At the Table', lessons: [quiz, exercise] }),
  ],
});

function renderLesson(lessonId: string) {
  stubGateway({ 'GET /api/courses/:id': () => jsonResponse({ course }) });
  return renderWithMasar(
    <Routes>
      <Route path="/courses/*" element={<CoursesPage />} />
    </Routes>,
    { route: `/courses/${course.id}/lessons/${lessonId}` },
  );
}

describe('the lesson view', () => {
  it('shows a video lesson with its placeholder, paragraphs, Key Learning Points and Interactive Activities', async () => {
    renderLesson(video.id);
    const view = await screen.findByTestId('lesson-view');
    expect(screen.getByTestId('back-to-course').getAttribute('href')).toBe(`/courses/${course.id}`);
    expect(screen.getByTestId('back-to-course').textContent).toContain('Back to Course');
    expect(screen.getByTestId('lesson-module').textContent).toBe('Module 1');
    expect(view.textContent).toContain('Why Preparation Wins');
    expect(view.textContent).toContain('10 min');
    expect(screen.getByTestId('lesson-type').textContent).toBe('Video');
    expect(screen.getByTestId('lesson-video-placeholder').textContent).toContain('Video content would be displayed here');
    const paragraphs = screen.getByTestId('lesson-content').querySelectorAll('.ant-typography');
    expect([...paragraphs].map((paragraph) => paragraph.textContent)).toEqual([
      'Most deals are decided by what each side knows before the meeting.',
      'This video walks through two real renewals.',
    ]);
    expect(screen.getByTestId('lesson-key-points').textContent).toBe('Key Learning PointsPreparation decides most outcomes');
    expect(screen.getByTestId('lesson-activities').textContent).toBe('Interactive ActivitiesList what you know about the other side.');
    expect(screen.getByTestId('lesson-position').textContent).toBe('Lesson 1 of 4');
  });

  it('shows a reading lesson as Reading Material, keeping line breaks inside a paragraph', async () => {
    renderLesson(reading.id);
    await screen.findByTestId('lesson-view');
    expect(screen.getByText('Reading Material')).toBeTruthy();
    const paragraphs = screen.getByTestId('lesson-content').querySelectorAll('.ant-typography');
    expect([...paragraphs].map((paragraph) => paragraph.textContent)).toEqual([
      'Write down your target.',
      'Then your walk-away point.\nAnd your best alternative.',
    ]);
    expect(screen.queryByTestId('lesson-video-placeholder')).toBeNull();
  });

  it('shows a quiz as Knowledge Check with Start Quiz, and no empty point lists', async () => {
    renderLesson(quiz.id);
    await screen.findByTestId('lesson-view');
    expect(screen.getByText('Knowledge Check')).toBeTruthy();
    expect(screen.getByTestId('start-quiz').textContent).toBe('Start Quiz');
    expect(screen.getByTestId('lesson-module').textContent).toBe('Module 2');
    expect(screen.queryByTestId('lesson-key-points')).toBeNull();
    expect(screen.queryByTestId('lesson-activities')).toBeNull();
  });

  it('shows an exercise as Practical Exercise with its instructions and Start Exercise', async () => {
    renderLesson(exercise.id);
    const view = await screen.findByTestId('lesson-view');
    expect(view.textContent).toContain('Practical Exercise');
    expect(view.textContent).toContain('Instructions');
    expect(view.textContent).toContain('Pair up and run a ten-minute renewal conversation.');
    expect(screen.getByTestId('start-exercise').textContent).toBe('Start Exercise');
  });

  it('moves through all lessons of the course in order, across modules, disabled at the ends', async () => {
    renderLesson(video.id);
    await screen.findByTestId('lesson-view');
    const previous = () => screen.getByTestId('previous-lesson') as HTMLButtonElement;
    const next = () => screen.getByTestId('next-lesson') as HTMLButtonElement;
    const title = () => within(screen.getByTestId('lesson-view')).getByRole('heading', { level: 2 }).textContent;

    expect(previous().disabled).toBe(true);
    expect(next().disabled).toBe(false);
    fireEvent.click(next());
    expect(title()).toBe('Preparing Your Position');
    fireEvent.click(next());
    expect(title()).toBe('Check Your Understanding');
    expect(screen.getByTestId('lesson-module').textContent).toBe('Module 2');
    fireEvent.click(next());
    expect(title()).toBe('Role-play a Renewal');
    expect(next().disabled).toBe(true);
    expect(screen.getByText('Next Lesson')).toBeTruthy();
    fireEvent.click(previous());
    expect(title()).toBe('Check Your Understanding');
    expect(screen.getByText('Previous Lesson')).toBeTruthy();
  });

  it('says so when the course has no lesson with that id', async () => {
    renderLesson('30000000-0000-4000-8000-000000000404');
    expect((await screen.findByTestId('lesson-not-found')).textContent).toContain('Lesson not found');
  });
});
