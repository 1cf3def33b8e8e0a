/**
 * The 15 predefined job roles of spec section 9, as translation keys under
 * `shell:jobRoles`; the English locale holds the names the spec gives.
 */
export const PREDEFINED_JOB_ROLES = [
  'softwareEngineer',
  'dataScientist',
  'productManager',
  'uxUiDesigner',
  'devOpsEngineer',
  'marketingManager',
  'salesRepresentative',
  'hrBusinessPartner',
  'financialAnalyst',
  'projectManager',
  'businessAnalyst',
  'qualityAssuranceEngineer',
  'customerSuccessManager',
  'digitalMarketingSpecialist',
  'operationsManager',
] as const;

export type PredefinedJobRole = (typeof PREDEFINED_JOB_ROLES)[number];
