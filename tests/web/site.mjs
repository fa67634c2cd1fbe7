// What the browser checks share: a static server for the site `bash .ci/web` made, on 127.0.0.1, and
// Debian's Chromium, headless, drawing WebGL2 in software (ANGLE on SwiftShader).
//
// The server sends each file as a static server that serves precompressed files does (docs/web.md,
// "Serving it"): the `.br` or `.gz` beside it when the browser accepts it, the file itself otherwise;
// nothing is cached, so every page load fetches the module again. It also answers `/__blank.html`, a
// page of the same origin without the game (a check writes localStorage from it).

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

// Serves `site`; `sentFiles` maps each file to how it was first sent, `missing` lists the 404s.
export async function serveSite(site) {
  const types = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.wasm': 'application/wasm',
    '.webmanifest': 'application/manifest+json',
    '.json': 'application/json',
    '.png': 'image/png',
    '.ogg': 'audio/ogg',
    '.ron': 'text/plain; charset=utf-8',
    '.txt': 'text/plain; charset=utf-8',
  };
  const missing = [];
  // The first time each file was sent: how it was encoded and how many bytes went over the wire.
  const sentFiles = new Map();
  const server = http.createServer((req, res) => {
    // A page of the same origin without the game: the test writes localStorage from it.
    if (req.url === '/__blank.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>blank</title>');
      return;
    }
    let file;
    try {
      let name = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
      if (name.endsWith('/')) name += 'index.html';
      file = path.join(site, path.normalize(name));
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (file !== site && !file.startsWith(site + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    fs.stat(file, (err, stat) => {
      if (err || !stat.isFile()) {
        missing.push(req.url);
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      // As a static server that serves precompressed files does (docs/web.md, "Serving it"): the `.br` or
      // `.gz` beside the file when the browser accepts it, the file itself otherwise.
      const accepts = (req.headers['accept-encoding'] || '').split(',').map((e) => e.trim().split(';')[0]);
      const encoded = [['br', '.br'], ['gzip', '.gz']].find(([e, ext]) => accepts.includes(e) && fs.existsSync(file + ext));
      const sent = encoded ? file + encoded[1] : file;
      const size = encoded ? fs.statSync(sent).size : stat.size;
      const headers = {
        'content-type': types[path.extname(file)] || 'application/octet-stream',
        'content-length': size,
        'cache-control': 'no-store',
        vary: 'accept-encoding',
      };
      if (encoded) headers['content-encoding'] = encoded[0];
      const name = path.relative(site, file);
      if (!sentFiles.has(name)) sentFiles.set(name, { encoding: encoded ? encoded[0] : 'identity', bytes: size });
      res.writeHead(200, headers);
      fs.createReadStream(sent).pipe(res);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${server.address().port}/`, sentFiles, missing };
}

// Chromium from TOGUZ_CHROMIUM (default Debian's), through playwright-core in TOGUZ_NODE_DIR.
export async function launchChromium() {
  const nodeDir = process.env.TOGUZ_NODE_DIR || path.join(os.homedir(), '.cache/toguz-node');
  const require = createRequire(path.join(nodeDir, 'index.js'));
  const { chromium } = require('playwright-core');
  return chromium.launch({
    executablePath: process.env.TOGUZ_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
        // WebGL2 in software: ANGLE on SwiftShader.
        '--use-gl=angle',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
        '--ignore-gpu-blocklist',
        // Browsers keep sound off until a gesture: the page must unlock it on the first tap.
        '--autoplay-policy=user-gesture-required',
        // Root, a closed network, a small /dev/shm.
        '--no-sandbox',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
    ],
  });
}
