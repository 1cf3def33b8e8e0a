export { JobRolesPage as default } from '../remote-entry';
