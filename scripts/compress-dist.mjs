#!/usr/bin/env node
// After `vite build` (and scripts/prerender.mjs): writes a .br and a .gz beside every text asset
// of apps/web/dist, so the server sends them compressed without spending CPU per request
// (@fastify/static preCompressed). Usage: node scripts/compress-dist.mjs [distDir]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// A build elsewhere (vite build --outDir) is named as the argument.
const dist = process.argv[2] ? resolve(process.argv[2]) : join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const TEXT = /\.(js|css|html|svg|json|txt|map)$/;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (TEXT.test(entry.name) && !entry.name.endsWith('.map') && statSync(path).size > 512) {
      const data = readFileSync(path);
      const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      files++;
      before += data.length;
      after += br.length;
    }
  }
}
walk(dist);
console.log(`compressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
