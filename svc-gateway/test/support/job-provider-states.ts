/**
 * Provider states about job descriptions, shared by the gateway's pact with svc-jobs (NATS) and by
 * the states the gateway itself honours for its HTTP consumers (mf-jobroles). `params` travel in the
 * pact with each state.
 */
export const JOB_PROVIDER_STATES = {
  /**
   * params: `{ id, title, content, extractedSkillNames?, createdBy? }`: a pasted posting, stored with
   * exactly these extracted skills (each with its evidence in `content`) and not reviewed yet.
   */
  JOB_DESCRIPTION_EXISTS: 'a job description exists',
  /**
   * params: `{ titles, createdBy? }`: `createdBy`'s pasted postings are exactly these, one per title,
   * created one after another, none reviewed (other people's postings stay as they are).
   */
  JOB_DESCRIPTIONS_EXIST: 'job descriptions with these titles exist',
  /** params: none. */
  NO_JOB_DESCRIPTIONS_EXIST: 'no job descriptions exist',
  /** params: `{ id }` */
  NO_JOB_DESCRIPTION_HAS_THE_ID: 'no job description has the given id',
  /** params: `{ objectName, fileName, text }`: the UTF-8 bytes of `text` are in JOB_UPLOADS_BUCKET under `objectName`. */
  TEXT_FILE_UPLOADED: 'a text file is in the job uploads bucket',
  /** params: `{ objectName, fileName }`: a PNG image is in JOB_UPLOADS_BUCKET under `objectName`. */
  IMAGE_FILE_UPLOADED: 'an image file is in the job uploads bucket',
} as const;

/**
 * States only the gateway's HTTP consumers use. params: `{ statusCode, message }`: svc-jobs reads the
 * next upload and refuses it with this error (how it judges a file is svc-jobs' own pact's business).
 */
export const UPLOAD_REFUSED_STATE = 'svc-jobs refuses the uploaded file';

/** States only the gateway's HTTP consumers use: a service behind the gateway does not answer. */
export const SERVICE_DOWN_STATES = {
  JOBS_UNAVAILABLE: 'svc-jobs is unavailable',
  AI_UNAVAILABLE: 'svc-ai is unavailable',
} as const;
