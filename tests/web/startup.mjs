// The start-up bench of the web build (issue 34): where a first visit's start goes, on a phone's screen
// with the CPU as it is and slowed down (Lighthouse's mobile profile slows it 4x), for one site or two
// side by side (before and after a change), each load in a fresh browser context (no cache, no service
// worker: a first visit).
//
//   node tests/web/startup.mjs [--runs N] [--rates 1,4] [--floor] SITE [SITE ...]
//
// --floor also opens the last site with `?floor`: Bevy's start alone with a title's worth of drawing
// (`src/app/dev/floor.rs`), the most that cutting the game's own start can come to (a site built before
// the floor starts the game there).
//
// The page logs `toguz:start NAME MS` (`src/app/dev/startup.rs` and `assets/web/index.html`), in ms from
// the page's navigation: `module` (the module downloaded), `run` (compiled, instantiated and entered),
// `plugins`, `schedules` (the renderer made), `painted`, `startup`, `first frame` and `title drawn` (a
// frame drawn with the title and no pipeline left to compile; not reached on WebGL2 today). The bench
// prints the median of each over the runs. A bench, not a check: it fails only when a page never draws.

import path from 'node:path';

import { launchChromium, serveSite } from './site.mjs';

const args = process.argv.slice(2);
let runs = 3;
let rates = [1, 4];
let floor = false;
const sites = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--rates') rates = args[++i].split(',').map(Number);
  else if (args[i] === '--floor') floor = true;
  else sites.push(path.resolve(args[i]));
}
if (sites.length === 0 || !(runs >= 1) || rates.some((r) => !(r >= 1))) {
  console.error('usage: node tests/web/startup.mjs [--runs N] [--rates 1,4] [--floor] SITE [SITE ...]');
  process.exit(2);
}

const PHONE = { width: 390, height: 844 };
const ORDER = ['module', 'run', 'plugins', 'schedules', 'painted', 'startup', 'first frame', 'title drawn'];
const served = [];
for (const site of sites) served.push(await serveSite(site));
// What is visited: each site as a player opens it, and with `--floor` Bevy's start alone on the last.
const visits = [];
for (let i = 0; i < sites.length; i++) {
  visits.push({ label: path.basename(sites[i]), url: `${served[i].base}?test` });
  if (floor && i === sites.length - 1) visits.push({ label: `${path.basename(sites[i])} floor`, url: `${served[i].base}?test&floor` });
}
const browser = await launchChromium();

// One first visit: the marks the page logged, by name.
async function visit(url, rate) {
  const context = await browser.newContext({ viewport: PHONE, screen: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
  const page = await context.newPage();
  const marks = {};
  let drawn;
  const title = new Promise((resolve) => (drawn = resolve));
  page.on('console', (message) => {
    const m = /^toguz:start (.+) (\d+)$/.exec(message.text());
    if (!m) return;
    marks[m[1]] = Number(m[2]);
    if (m[1] === 'title drawn') drawn();
    // A site built before `title drawn` waited for the screens' pipelines alone never reports it on
    // WebGL2 (one of Bevy's 3D pipelines never compiles there): such a visit ends 20 s after its first frame.
    if (m[1] === 'first frame') setTimeout(drawn, 20000);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(url);
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 180000));
  const outcome = await Promise.race([title, timeout]);
  await context.close();
  if (outcome === 'timeout') throw new Error(`${url} at ${rate}x: no first frame in 180 s (marks: ${JSON.stringify(marks)})`);
  return marks;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

console.log(`start-up of the web build, ${PHONE.width}x${PHONE.height}, median of ${runs} first visits (ms from navigation)`);
for (const rate of rates) {
  // The visits take turns, so a slower minute of the machine falls on all alike.
  const all = visits.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (let i = 0; i < visits.length; i++) all[i].push(await visit(visits[i].url, rate));
  }
  console.log(`\nCPU slowed ${rate}x:`);
  console.log(['part'.padEnd(12), ...visits.map((v) => v.label.padStart(18))].join(' '));
  for (const name of ORDER) {
    const cells = all.map((marks) => {
      const xs = marks.map((m) => m[name]).filter((x) => x !== undefined);
      return (xs.length ? `${median(xs).toFixed(0)}` : '-').padStart(18);
    });
    console.log([name.padEnd(12), ...cells].join(' '));
  }
}
await browser.close();
for (const s of served) s.server.close();
