// The app is CommonJS: its zod and the SDK by `require` (scripts/zod-floor.ts).
const sdk = require('pix-payments');
const z = require('zod');
const zm = require('zod/mini');
const checkWithAppZod = require('./checks.cjs');

console.log(
  `CommonJS with the app's zod ${checkWithAppZod({ z, zm, sdk })} on Node ${process.versions.node}: ok`,
);
