// `@masar/contracts/service-kit`: the pieces every NestJS service is built from. Node only (it
// needs NestJS and the nats client), so it is never part of what the front ends bundle.
export * from './caller.decorator';
export * from './document-type';
export * from './work-file-type';
export * from './picture-type';
export * from './error-reply.filter';
export * from './events-publisher';
export * from './like-pattern';
export * from './logger';
export * from './nats-client.module';
export * from './nats-options';
export * from './request-context';
export * from './request-logging.nats-server';
export * from './rpc-error';
export * from './service-bootstrap';
export * from './service-config';
export * from './service-database';
export * from './service-health.module';
export * from './service-identity';
export * from './service-probes';
export * from './queue-shutdown';
export * from './uploads-store';
export * from './zod-payload.pipe';
export * from './deadline';
export * from './event-outbox';
