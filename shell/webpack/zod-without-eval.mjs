// Every front end imports zod through this module (an alias in create-webpack-config.js). zod 4
// compiles a faster object parser with `new Function` and first probes whether it may by calling
// Function(''). The gateway's Content-Security-Policy allows no eval, so that probe would be a
// reported violation on every page: zod's own switch turns the compiler off before any schema is built.
import * as zod from 'masar-original-zod';

zod.config({ jitless: true });

export * from 'masar-original-zod';
export { default } from 'masar-original-zod';
