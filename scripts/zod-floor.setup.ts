/** Fails every test file unless the zod the SDK's modules load is the floor's (scripts/zod-floor.ts). */
import * as z from 'zod/mini';

const { major, minor, patch } = z.core.version;
const loaded = `${major}.${minor}.${patch}`;
if (loaded !== process.env.ZOD_FLOOR_VERSION)
  throw new Error(`the zod floor run loaded zod ${loaded}, not ${process.env.ZOD_FLOOR_VERSION}`);
