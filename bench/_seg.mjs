import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const r = await build({ entryPoints: ['src/index.ts'], bundle: true, minify: false, format: 'esm', platform: 'neutral', mainFields: ['module','main'], write: false, logLevel: 'silent' });
const code = new TextDecoder().decode(r.outputFiles[0].contents);
const parts = code.split(/\n(?=\/\/ (?:src|node_modules)\/)/);
const rows = [];
for (const p of parts) { const name = p.split('\n')[0]; const min = (await build({ stdin: { contents: p, loader: 'js' }, minify: true, write: false, logLevel: 'silent' }).catch(() => null)); const bytes = min ? min.outputFiles[0].contents : new TextEncoder().encode(p); rows.push([name, bytes.length, gzipSync(bytes).length]); }
rows.sort((a, b) => b[2] - a[2]);
for (const r of rows.slice(0, 50)) console.log(r.join('\t'));
