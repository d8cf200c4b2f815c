// The app is an ES module: its zod and the SDK by `import` (scripts/zod-floor.ts).
import { createRequire } from 'node:module';
import * as sdk from 'pix-payments';
import * as z from 'zod';
import * as zm from 'zod/mini';

const checkWithAppZod = createRequire(import.meta.url)('./checks.cjs');
console.log(`ESM with the app's zod ${checkWithAppZod({ z, zm, sdk })} on Node ${process.versions.node}: ok`);
