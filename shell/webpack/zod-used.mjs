// The zod that the portal shares as its one singleton (Module Federation key `zod`, an alias in
// create-webpack-config.js): a `z` holding exactly the functions the front ends and the contracts
// call, so webpack leaves out the rest of zod. Shared whole (`export *`), zod cost the signed-in home
// page 75 KB of compressed JavaScript, 35 KB of it the error messages of every language zod speaks
// (Masar shows its own). A shared module is never tree-shaken, so this file is the shaking.
// shell/webpack/shared-used.spec.ts fails when a source calls a `z.` function that is missing here.
//
// zod 4 also compiles a faster object parser with `new Function` and first probes whether it may by
// calling Function(''). The gateway's Content-Security-Policy allows no eval, so that probe would be
// a reported violation on every page: zod's own switch turns the compiler off before any schema is built.
import {
  NEVER,
  array,
  base64,
  boolean,
  coerce,
  config,
  custom,
  discriminatedUnion,
  email,
  enum as enumOf,
  intersection,
  iso,
  literal,
  number,
  object,
  preprocess,
  record,
  string,
  union,
  unknown,
  url,
  uuid,
} from 'masar-original-zod';

config({ jitless: true });

export const z = Object.freeze({
  NEVER,
  array,
  base64,
  boolean,
  coerce,
  custom,
  discriminatedUnion,
  email,
  enum: enumOf,
  intersection,
  iso,
  literal,
  number,
  object,
  preprocess,
  record,
  string,
  union,
  unknown,
  url,
  uuid,
});
