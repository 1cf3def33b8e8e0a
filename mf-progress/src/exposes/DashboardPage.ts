export { DashboardPage as default } from '../remote-entry';
