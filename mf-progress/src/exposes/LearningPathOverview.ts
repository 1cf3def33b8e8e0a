export { LearningPathOverview as default } from '../remote-entry';
