export { CoursesPage as default } from '../remote-entry';
