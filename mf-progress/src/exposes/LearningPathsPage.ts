export { LearningPathsPage as default } from '../remote-entry';
