export { AgentsPage as default } from '../remote-entry';
