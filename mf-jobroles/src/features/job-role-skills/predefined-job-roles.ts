import { PREDEFINED_JOB_ROLES, type PredefinedJobRole } from '@masar/contracts';

/**
 * The translation key of each predefined role's label under `jobroles:roles`. The roles
 * themselves (their English titles, which the API takes) come from the contracts.
 */
export const JOB_ROLE_LABEL_KEYS: Record<PredefinedJobRole, string> = {
  'Software Engineer': 'roles.softwareEngineer',
  'Data Scientist': 'roles.dataScientist',
  'Product Manager': 'roles.productManager',
  'UX/UI Designer': 'roles.uxUiDesigner',
  'DevOps Engineer': 'roles.devOpsEngineer',
  'Marketing Manager': 'roles.marketingManager',
  'Sales Representative': 'roles.salesRepresentative',
  'HR Business Partner': 'roles.hrBusinessPartner',
  'Financial Analyst': 'roles.financialAnalyst',
  'Project Manager': 'roles.projectManager',
  'Business Analyst': 'roles.businessAnalyst',
  'Quality Assurance Engineer': 'roles.qualityAssuranceEngineer',
  'Customer Success Manager': 'roles.customerSuccessManager',
  'Digital Marketing Specialist': 'roles.digitalMarketingSpecialist',
  'Operations Manager': 'roles.operationsManager',
};

export { PREDEFINED_JOB_ROLES, type PredefinedJobRole };
