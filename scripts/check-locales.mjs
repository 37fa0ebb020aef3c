// Locale parity: every web locale file exists in zh-CN and en with the same keys and the same {{parameters}}.
// A missing key fails the build (HospitalRun's Chinese drifted to half of English because its check only warned).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../packages/web/src/locales');
const locales = ['zh-CN', 'en'];
const problems = [];

const flatten = (obj, prefix = '') =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );
const params = (s) =>
  [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

const files = new Set(locales.flatMap((l) => fs.readdirSync(path.join(root, l)).filter((f) => f.endsWith('.json'))));
for (const file of [...files].sort()) {
  const maps = {};
  for (const locale of locales) {
    const p = path.join(root, locale, file);
    if (!fs.existsSync(p)) {
      problems.push(`${locale}/${file} is missing`);
      continue;
    }
    try {
      maps[locale] = new Map(flatten(JSON.parse(fs.readFileSync(p, 'utf8'))));
    } catch (err) {
      problems.push(`${locale}/${file} is not valid JSON: ${err.message}`);
    }
  }
  if (Object.keys(maps).length !== locales.length) continue;
  for (const [a, b] of [locales, [...locales].reverse()]) {
    for (const [key, value] of maps[a]) {
      if (!maps[b].has(key)) problems.push(`${b}/${file}: missing key ${key}`);
      else if (params(value) !== params(maps[b].get(key)))
        problems.push(
          `${file}: ${key} has parameters {${params(value)}} in ${a} but {${params(maps[b].get(key))}} in ${b}`,
        );
      else if (value.trim() === '') problems.push(`${a}/${file}: ${key} is empty`);
    }
  }
}

// every t('ns:key') / t('key') literal used in the code must exist (namespace from useTranslation or the ns: prefix)
const src = path.resolve(root, '..');
const used = [];
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) used.push(p);
  }
};
walk(src);
const zh = {};
for (const file of files) {
  const p = path.join(root, 'zh-CN', file);
  if (fs.existsSync(p)) zh[file.replace('.json', '')] = new Map(flatten(JSON.parse(fs.readFileSync(p, 'utf8'))));
}
for (const file of used) {
  const text = fs.readFileSync(file, 'utf8');
  const nsMatch = text.match(/useTranslation\(\s*['"]([\w-]+)['"]/);
  const defaultNs = nsMatch ? nsMatch[1] : 'common';
  for (const m of text.matchAll(/\bt\(\s*'([\w.:-]+)'/g)) {
    let [ns, key] = m[1].includes(':') ? m[1].split(':') : [defaultNs, m[1]];
    if (!zh[ns]) continue;
    if (!zh[ns].has(key) && !zh.common?.has(key) && !zh[ns].has(`${key}_one`)) {
      problems.push(`${path.relative(src, file)}: t('${m[1]}') has no entry in ${ns}.json`);
    }
  }
}

if (problems.length) {
  console.error(`Locale check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Locale check: ${files.size} namespaces, zh-CN and en in parity.`);
