export { GovernancePage as default } from '../remote-entry';
