export { ProgressPage as default } from '../remote-entry';
