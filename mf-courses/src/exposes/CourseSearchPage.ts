export { CourseSearchPage as default } from '../remote-entry';
