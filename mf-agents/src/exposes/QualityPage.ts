export { QualityPage as default } from '../remote-entry';
