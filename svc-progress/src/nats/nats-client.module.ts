// The kit's NATS client, here only for src/courses (the svc-courses client), which others are editing:
// import it from '@masar/contracts/service-kit' and delete this file once they do.
export { NATS_CLIENT, NatsClientModule } from '@masar/contracts/service-kit';
