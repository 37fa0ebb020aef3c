// Pre-compresses the built web app (gzip and brotli beside each file), so the server sends compressed files
// without compressing on every request (@fastify/static with preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist');
let count = 0;
const walk = (d) => {
  for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, entry.name);
    if (entry.isDirectory()) walk(p);
    else if (/\.(js|css|html|svg|json|txt)$/.test(entry.name)) {
      const data = fs.readFileSync(p);
      if (data.length < 1024) continue;
      fs.writeFileSync(`${p}.gz`, zlib.gzipSync(data, { level: 9 }));
      fs.writeFileSync(
        `${p}.br`,
        zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      count++;
    }
  }
};
walk(dir);
console.log(`compressed ${count} files in ${path.relative(process.cwd(), dir) || '.'}`);
