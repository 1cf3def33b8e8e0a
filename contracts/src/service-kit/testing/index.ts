// `@masar/contracts/service-kit/testing`: what the services' integration tests share (a database of
// their own, a NATS connection signed in as a given process, a plain NATS requester, captured log
// lines, polling background work until it shows a result, recording a passed pact verification). Node and tests only.
export * from './fresh-database';
export * from './log-capture';
export * from './nats-connection';
export * from './nats-requester';
export * from './pact-caller';
export * from './poll-until';
export * from './video-file.factory';
export { recordPactVerification } from '../../releases/pact-releases';
