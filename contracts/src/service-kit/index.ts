// `@masar/contracts/service-kit`: the pieces every NestJS service is built from. Node only (it
// needs NestJS and the nats client), so it is never part of what the front ends bundle.
export * from './caller.decorator';
