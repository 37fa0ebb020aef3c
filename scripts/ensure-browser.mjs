// Makes sure the browser tests can run: Debian's Chromium, the Noto CJK fonts (Chinese renders as boxes without
// them) and ffmpeg (the camera wall's test makes a short HLS stream with it). Installs them with apt-get when running as root; otherwise fails with one line saying what to install.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].some((p) => fs.existsSync(p));
const fonts = (() => {
  try {
    return execSync('fc-list', { encoding: 'utf8' }).includes('Noto Sans CJK');
  } catch {
    return fs.existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc');
  }
})();
const ffmpeg = ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg'].some((p) => fs.existsSync(p));
const missing = [
  ...(chromium ? [] : ['chromium']),
  ...(fonts ? [] : ['fonts-noto-cjk']),
  ...(ffmpeg ? [] : ['ffmpeg']),
];
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = fs.existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    `Browser tests need Debian packages: run 'sudo apt-get install -y ${missing.join(' ')}' and try again.`,
  );
  process.exit(1);
}
console.log(`Installing ${missing.join(', ')} for the browser tests (apt-get) ...`);
try {
  execSync('apt-get update -qq', { stdio: 'inherit' });
  execSync(`apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
} catch {
  console.error(`Could not install ${missing.join(' ')}: install them with apt-get and run the tests again.`);
  process.exit(1);
}
