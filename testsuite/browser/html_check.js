#!/usr/bin/env node
/* Opens an HTML report of measuretool/perfmodel in headless Chromium and checks it as a
 * user would use it: the loop table sorts by a column and filters by file or function, a
 * click on a roofline point shows that loop's source line, and the page logs no error and
 * makes no network request.  It speaks Chrome's DevTools protocol over the pipe Chromium
 * opens with --remote-debugging-pipe (file descriptors 3 and 4, messages ended by NUL), so
 * it needs nothing but node and Chromium.
 *
 *   node html_check.js PAGE.html [-filter TEXT] [-screenshot FILE.png] [-expect-measured]
 *                      [-pages] [-expect-text TEXT] [-load-ms N] [-chromium PATH]
 *
 * -pages: the page is the index of a project written as a page per file; a loop's row
 * then shows a link to its file's page, which is followed and checked too.
 * -expect-text: the first file's source view shows TEXT as text (markup in a source must
 * not become elements).
 *
 * Prints one line per check and exits 0 when all pass, 1 when one fails, 77 (CTest's
 * skip) when Chromium is not installed, 2 on a usage error. */
'use strict';
const {spawn, spawnSync} = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

function usage(msg) {
  process.stderr.write('html_check: ' + msg + '\n');
  process.exit(2);
}

const opt = {filter: null, screenshot: null, measured: false, pages: false, loadMs: 0,
             chromium: null, text: null};
const argv = process.argv.slice(2);
let page = null;
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const value = () => (i + 1 < argv.length ? argv[++i] : usage(a + ' needs a value'));
  if (a === '-filter') opt.filter = value();
  else if (a === '-screenshot') opt.screenshot = value();
  else if (a === '-expect-measured') opt.measured = true;
  else if (a === '-pages') opt.pages = true;
  else if (a === '-expect-text') opt.text = value();
  else if (a === '-load-ms') opt.loadMs = Number(value());
  else if (a === '-chromium') opt.chromium = value();
  else if (a.startsWith('-')) usage('unknown option ' + a);
  else if (page) usage('one page at a time');
  else page = path.resolve(a);
}
if (!page) usage('give the page to check');
if (!fs.existsSync(page)) usage(page + ': no such file');

function findChromium() {
  const names = opt.chromium ? [opt.chromium] : ['chromium', 'chromium-browser'];
  for (const n of names) {
    const r = spawnSync('sh', ['-c', 'command -v "$0"', n], {encoding: 'utf8'});
    if (r.status === 0 && r.stdout.trim()) return r.stdout.trim();
  }
  return null;
}

const exe = findChromium();
if (!exe) {
  console.log('SKIP: Chromium is not installed (Debian: apt-get install chromium); ' +
              'the browser checks of the HTML report did not run');
  process.exit(77);
}

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'aitool-chromium-'));
const browser = spawn(exe, ['--headless=new', '--remote-debugging-pipe', '--no-sandbox',
                            '--disable-gpu', '--no-first-run', '--no-default-browser-check',
                            '--disable-extensions', '--disable-background-networking',
                            '--disable-component-update', '--disable-sync',
                            '--window-size=1280,900', '--user-data-dir=' + profile,
                            'about:blank'],
                      {stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true});
let stderrText = '';
browser.stdio[2].on('data', (d) => { stderrText += d; });

/* ---- the protocol: commands by id, events to listeners ---- */
let nextId = 1;
const pending = new Map();
const listeners = [];
let inbuf = '';
browser.stdio[4].on('data', (chunk) => {
  inbuf += chunk.toString('utf8');
  let end;
  while ((end = inbuf.indexOf('\0')) >= 0) {
    const msg = JSON.parse(inbuf.slice(0, end));
    inbuf = inbuf.slice(end + 1);
    if (msg.id && pending.has(msg.id)) {
      const {resolve, reject} = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) reject(new Error(msg.error.message));
      else resolve(msg.result);
    } else if (msg.method) {
      for (const l of listeners) l(msg);
    }
  }
});

function send(method, params, sessionId) {
  const id = nextId++;
  const msg = {id, method, params: params || {}};
  if (sessionId) msg.sessionId = sessionId;
  browser.stdio[3].write(JSON.stringify(msg) + '\0');
  return new Promise((resolve, reject) => pending.set(id, {resolve, reject}));
}

function waitFor(pred, ms, what) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out waiting for ' + what)), ms);
    listeners.push((msg) => {
      if (pred(msg)) {
        clearTimeout(timer);
        resolve(msg);
      }
    });
  });
}

/* ---- the checks ---- */
let failed = 0;
function check(ok, what) {
  console.log((ok ? 'PASS: ' : 'FAIL: ') + what);
  if (!ok) failed++;
}

async function main() {
  const {targetId} = await send('Target.createTarget', {url: 'about:blank'});
  const {sessionId} = await send('Target.attachToTarget', {targetId, flatten: true});
  const s = (method, params) => send(method, params, sessionId);
  const errors = [];
  const requests = [];
  const url = 'file://' + page;
  listeners.push((msg) => {
    if (msg.sessionId !== sessionId) return;
    const p = msg.params;
    if (msg.method === 'Runtime.exceptionThrown')
      errors.push('exception: ' + (p.exceptionDetails.exception || {}).description ||
                  p.exceptionDetails.text);
    else if (msg.method === 'Runtime.consoleAPICalled' && (p.type === 'error' || p.type === 'warning'))
      errors.push('console.' + p.type + ': ' + p.args.map((a) => a.value).join(' '));
    else if (msg.method === 'Log.entryAdded' && (p.entry.level === 'error' || p.entry.level === 'warning'))
      errors.push('log: ' + p.entry.text);
    else if (msg.method === 'Network.requestWillBeSent' &&
             !(p.request.url.startsWith('file://' + path.dirname(page) + '/')))
      requests.push(p.request.url);
  });
  await s('Runtime.enable');
  await s('Log.enable');
  await s('Network.enable');
  await s('Page.enable');
  const evaluate = async (expr) => {
    const r = await s('Runtime.evaluate', {expression: expr, returnByValue: true, awaitPromise: true});
    if (r.exceptionDetails) throw new Error('in the page: ' + r.exceptionDetails.text + ' ' + expr);
    return r.result.value;
  };

  const loaded = waitFor((m) => m.method === 'Page.loadEventFired' && m.sessionId === sessionId,
                         30000, 'the page to load');
  const t0 = Date.now();
  await s('Page.navigate', {url});
  await loaded;
  let ready = false;
  while (!ready && Date.now() - t0 < 30000) {
    ready = await evaluate("document.body && document.body.dataset.ready === 'yes'");
    if (!ready) await new Promise((r) => setTimeout(r, 20));
  }
  const loadMs = Date.now() - t0;
  check(ready, 'the page shows its table and source (' + loadMs + ' ms from navigation)');
  if (opt.loadMs > 0)
    check(loadMs <= opt.loadMs, 'shown within ' + opt.loadMs + ' ms (' + loadMs + ' ms)');
  const size = fs.statSync(page).size;
  console.log('INFO: page ' + size + ' bytes, shown in ' + loadMs + ' ms');

  const info = await evaluate(`(() => {
    const d = JSON.parse(document.getElementById('aitool-data').textContent);
    return {loops: d.loops.length, files: d.files.map((f) => f.name),
            rows: document.querySelectorAll('#looptable tbody tr').length,
            matches: Number(document.querySelector('#looptable tbody').dataset.matches)};
  })()`);
  check(info.matches === info.loops && info.rows === Math.min(info.loops, 500),
        'the table lists every loop (' + info.matches + ' of ' + info.loops + ', ' + info.rows +
        ' rows on its first page)');

  const scripts = await evaluate("document.scripts.length");
  check(scripts === 2, 'the page has its two script elements, no more (' + scripts + ')');
  if (opt.text !== null) {
    const shownText = await evaluate(`document.getElementById('srcview').textContent.includes(${JSON.stringify(opt.text)})`);
    check(shownText, 'the source shows ' + JSON.stringify(opt.text) + ' as text');
  }

  /* Sorting: the FP-operations column ascending, then descending. */
  const column = async (k) => evaluate(`(() => {
    const vals = [];
    for (const tr of document.querySelectorAll('#looptable tbody tr'))
      vals.push(tr.cells[${k}].textContent);
    return vals;
  })()`);
  const numbers = (v) => v.filter((x) => x !== '').map((x) => Number(x.replace(/[+%]$/, '')));
  const sorted = (v, dir) => v.every((x, i) => i === 0 || dir * (x - v[i - 1]) >= 0);
  await evaluate("document.querySelector('#looptable th[data-col=\"2\"]').click()");
  const up = numbers(await column(2));
  check(up.length > 1 && sorted(up, 1), 'sorted by FP ops/iter, ascending (' + up.length + ' rows)');
  await evaluate("document.querySelector('#looptable th[data-col=\"2\"]').click()");
  const down = numbers(await column(2));
  check(down.length > 1 && sorted(down, -1) && down[0] >= up[up.length - 1],
        'sorted by FP ops/iter, descending');
  await evaluate("document.querySelector('#looptable th[data-col=\"0\"]').click()");
  const names = await column(0);
  check(names.length > 1, 'sorted by file:line (' + names.length + ' rows)');

  /* Filtering by a file or function name. */
  const filter = opt.filter || info.files[0];
  const filtered = await evaluate(`(() => {
    const f = document.getElementById('filter');
    f.value = ${JSON.stringify(filter)};
    f.dispatchEvent(new Event('input'));
    const d = JSON.parse(document.getElementById('aitool-data').textContent);
    const want = ${JSON.stringify(filter)}.toLowerCase();
    const expect = d.loops.filter((l) => d.files[l.f].name.toLowerCase().includes(want) ||
      d.files[l.f].path.toLowerCase().includes(want) || l.fn.toLowerCase().includes(want)).length;
    let wrong = 0;
    for (const tr of document.querySelectorAll('#looptable tbody tr')) {
      const l = d.loops[Number(tr.dataset.loop)];
      wrong += d.files[l.f].name.toLowerCase().includes(want) ||
        d.files[l.f].path.toLowerCase().includes(want) || l.fn.toLowerCase().includes(want) ? 0 : 1;
    }
    const shown = wrong ? -1 : Number(document.querySelector('#looptable tbody').dataset.matches);
    return {shown, expect, label: document.getElementById('shown').textContent};
  })()`);
  check(filtered.expect > 0 && filtered.shown === filtered.expect && filtered.expect < info.loops,
        'filtered by "' + filter + '": ' + filtered.shown + ' rows (' + filtered.label + ')');
  await evaluate("(() => { const f = document.getElementById('filter'); f.value = '';" +
                 " f.dispatchEvent(new Event('input')); })()");

  /* A real click on a roofline point: the view shows its loop's line. */
  const points = await evaluate(`(() => {
    const out = [];
    for (const c of document.querySelectorAll('#roofchart circle[data-loop]'))
      out.push({loop: Number(c.dataset.loop), cls: c.getAttribute('class'),
                title: c.querySelector('title').textContent});
    return out;
  })()`);
  const hasChart = await evaluate("!!document.getElementById('roofchart')");
  if (hasChart) {
    /* A nest without FP operations has no point (zlib has none): a point for each
     * predicted nest that has them, and as many as the legend says. */
    const want = await evaluate(`(() => {
      const d = JSON.parse(document.getElementById('aitool-data').textContent);
      const legend = document.querySelector('#roofline .legend').textContent;
      return {fpNests: d.loops.filter((l) => l.top === l.id && l.fp > 0 && l.pred_s > 0).length,
              legend: Number(legend.split(' ')[0])};
    })()`);
    check(points.length === want.legend && (points.length > 0 || want.fpNests === 0),
          'the roofline has ' + points.length + ' points (' + want.fpNests +
          ' predicted nests with FP operations)');
  }
  else
    check(await evaluate("document.getElementById('roofline').textContent.includes('No machine was given')"),
          'without a machine the page says there is no roofline');
  if (opt.measured)
    check(points.some((p) => p.cls === 'meas'), 'the roofline has measured points');
  if (points.length) {
    /* The point of a loop in another file than the one shown, when there is one. */
    const shownFile = await evaluate("Number(document.getElementById('filesel').value)");
    const loopsData = await evaluate(`JSON.parse(document.getElementById('aitool-data').textContent).loops.map((l) => [l.f, l.line])`);
    const target = points.find((p) => loopsData[p.loop][0] !== shownFile) || points[0];
    const box = await evaluate(`(() => {
      const c = document.querySelector('#roofchart circle[data-loop="${target.loop}"].${target.cls}');
      c.scrollIntoView({block: 'center'});
      const r = c.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      /* Points may overlap: the click goes to the one on top. */
      const hit = document.elementFromPoint(x, y).closest('[data-loop]');
      return {x, y, loop: hit ? Number(hit.dataset.loop) : -1,
              title: hit ? hit.querySelector('title').textContent : ''};
    })()`);
    check(box.loop >= 0, 'a roofline point is under the mouse at (' + box.x + ', ' + box.y + ')');
    target.loop = Math.max(box.loop, 0);
    target.title = box.title;
    for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased'])
      await s('Input.dispatchMouseEvent', {type, x: box.x, y: box.y, button: 'left', clickCount: 1});
    const [f, line] = loopsData[target.loop];
    const shown = await evaluate(`(() => {
      const cur = document.querySelector('#srcview .line.current');
      const r = cur ? cur.getBoundingClientRect() : null;
      const v = document.getElementById('srcview').getBoundingClientRect();
      const a = document.querySelector('#srcnote a');
      return {id: cur ? cur.id : null, file: Number(document.getElementById('filesel').value),
              visible: !!r && r.top >= v.top && r.bottom <= v.bottom,
              text: cur ? cur.textContent : '', link: a ? a.href : ''};
    })()`);
    if (opt.pages)
      check(shown.file === f && shown.link.endsWith('.files/' + f + '.html'),
            'a click on the point of ' + target.title.split(' (')[0] + ' shows the link to ' +
            'its file page (' + shown.link + ')');
    else
      check(shown.id === 'L' + f + '-' + line && shown.file === f && shown.visible,
          'a click on the point of ' + target.title.split(' (')[0] + ' shows line ' + line +
          ' of ' + info.files[f] + ' (' + (shown.id || 'nothing shown') + ')');
  }

  if (opt.pages) {
    /* The index holds no source: a loop's row shows the link to its file's page. */
    const link = await evaluate(`(() => {
      const tr = document.querySelector('#looptable tbody tr');
      tr.click();
      const a = document.querySelector('#srcnote a');
      return a ? {href: a.href, shownLines: document.querySelectorAll('#srcview .line').length}
               : null;
    })()`);
    check(link && link.shownLines === 0 && /\.files\/\d+\.html$/.test(link.href),
          'the index shows a link to the file page (' + (link ? link.href : 'none') + ')');
    if (link) {
      const again = waitFor((m) => m.method === 'Page.loadEventFired' && m.sessionId === sessionId,
                            30000, 'the file page to load');
      await evaluate("document.querySelector('#srcnote a').click()");
      await again;
      let fileReady = false;
      for (let k = 0; k < 500 && !fileReady; k++) {
        fileReady = await evaluate("document.body && document.body.dataset.ready === 'yes'");
        if (!fileReady) await new Promise((r) => setTimeout(r, 20));
      }
      const filePage = await evaluate(`({lines: document.querySelectorAll('#srcview .line').length,
        notes: document.querySelectorAll('#srcview .loopnote').length,
        back: (document.getElementById('indexlink') || {}).href || ''})`);
      check(fileReady && filePage.lines > 0 && filePage.notes > 0 &&
            filePage.back.endsWith('/' + path.basename(page)),
            'the file page shows ' + filePage.lines + ' lines with ' + filePage.notes +
            ' loop notes and links back to the index');
    }
  }

  if (opt.screenshot) {
    await evaluate("window.scrollTo(0, 0)");
    const shot = await s('Page.captureScreenshot', {format: 'png', captureBeyondViewport: false});
    fs.writeFileSync(opt.screenshot, Buffer.from(shot.data, 'base64'));
    console.log('INFO: screenshot ' + opt.screenshot);
  }
  /* Events of the last actions arrive before this answer. */
  await evaluate('0');
  check(errors.length === 0, 'no console error or warning' + (errors.length ? ': ' + errors.join(' | ') : ''));
  check(requests.length === 0, 'no network request' + (requests.length ? ': ' + requests.join(' ') : ''));
}

main().then(() => 0, (e) => {
  console.log('FAIL: ' + e.message);
  if (stderrText) console.log(stderrText.split('\n').slice(-5).join('\n'));
  return 1;
}).then((status) => {
  /* Chromium and its helper processes (its own process group) go, then the profile; a
   * helper still closing a file there gets a few tries more. */
  browser.on('exit', () => {
    let tries = 0;
    const remove = () => {
      try {
        fs.rmSync(profile, {recursive: true, force: true});
      } catch (e) {
        if (++tries < 20) return setTimeout(remove, 100);
        process.stderr.write('html_check: could not remove ' + profile + ': ' + e.message + '\n');
      }
      process.exit(failed || status ? 1 : 0);
    };
    remove();
  });
  try {
    process.kill(-browser.pid, 'SIGKILL');
  } catch (e) {
    browser.kill('SIGKILL');
  }
});
