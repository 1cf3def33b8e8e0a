export { PromptsPage as default } from '../remote-entry';
