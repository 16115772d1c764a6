/* The HTML report's script (report_html.c embeds it and allows it, and only it, by its
 * SHA-256 in the page's Content-Security-Policy).  It reads the page's data block, a JSON
 * document the C side wrote, and builds the loop table and the source view from it.
 * Every text it shows goes in through textContent, never through markup, so a source line
 * or a file name is shown as the text it is. */
'use strict';
(function () {
  const data = JSON.parse(document.getElementById('aitool-data').textContent);
  const loops = data.loops;
  const files = data.files;

  /* The columns of the loop table: the heading, the value a row sorts by, its text. */
  const num = (v, digits) => (v === null || v === undefined) ? '' :
    (typeof v === 'number' ? fmt(v, digits) : String(v));
  function fmt(v, digits) {
    if (!isFinite(v)) return String(v);
    if (Number.isInteger(v) && Math.abs(v) < 1e12) return String(v);
    const a = Math.abs(v);
    if (a !== 0 && (a < 1e-3 || a >= 1e7)) return v.toExponential(digits || 3);
    return String(Number(v.toPrecision(digits || 4)));
  }
  const where = (l) => files[l.f].name + ':' + l.line;
  const columns = [
    ['file:line', (l) => [files[l.f].name, l.line], where, 'file name, then line'],
    ['function', (l) => l.fn, (l) => l.fn, 'the function the loop is in'],
    ['FP ops/iter', (l) => l.fp, (l) => num(l.fp), 'FP operations of one iteration'],
    ['bytes/iter', (l) => l.bytes, (l) => num(l.bytes) + (l.complete ? '' : '+'),
     'bytes of arrays loaded and stored in one iteration (+: some not known)'],
    ['AI', (l) => l.ai, (l) => num(l.ai, 3), 'FP operations per byte'],
    ['trips', (l) => l.trips, (l) => num(l.trips), 'iterations per entry'],
    ['predicted s', (l) => l.pred_s, (l) => l.reason ? 'unpredicted' : num(l.pred_s, 3),
     'the model\'s time of the nest'],
    ['bound', (l) => l.bound, (l) => l.bound || '', 'what bounds the nest in the model'],
    ['entries', (l) => l.m_entries, (l) => num(l.m_entries), 'measured entries'],
    ['iterations', (l) => l.m_iters, (l) => num(l.m_iters), 'measured iterations'],
    ['FP ops', (l) => l.m_fp, (l) => num(l.m_fp), 'measured FP operations'],
    ['measured s', (l) => l.m_s, (l) => num(l.m_s, 3), 'measured time of the nest'],
    ['share', (l) => l.share, (l) => l.share === null ? '' : (100 * l.share).toFixed(1) + '%',
     'share of the total time'],
  ];

  /* ---- the loop table: sorted by a column, filtered by file or function, shown a page
   * of rows at a time (a row is made when first shown, so 10,000 loops load at once) ---- */
  const table = document.getElementById('looptable');
  const tbody = table.tBodies[0];
  const rows = new Array(loops.length);
  const pageRows = 500;
  let sortCol = -1, sortDir = 1, page = 0, order = [];

  function makeRow(l) {
    const tr = document.createElement('tr');
    tr.dataset.loop = String(l.id);
    if (l.depth > 1) tr.className = 'inner';
    for (const c of columns) {
      const td = document.createElement('td');
      td.textContent = c[2](l);
      tr.appendChild(td);
    }
    tr.addEventListener('click', () => showLoop(l.id));
    return tr;
  }

  function compare(a, b) {
    if (a === b) return 0;
    const an = a === null || a === undefined, bn = b === null || b === undefined;
    if (an || bn) return an && bn ? 0 : an ? 1 : -1; /* blanks last either way */
    if (Array.isArray(a)) {
      for (let i = 0; i < a.length; i++) {
        const c = compare(a[i], b[i]);
        if (c) return c;
      }
      return 0;
    }
    return a < b ? -1 : 1;
  }

  /* The loops that pass the filter, in the chosen order. */
  function selectRows() {
    const filter = document.getElementById('filter').value.trim().toLowerCase();
    order = [];
    for (let i = 0; i < loops.length; i++) {
      const l = loops[i];
      if (!filter || files[l.f].name.toLowerCase().includes(filter) ||
          files[l.f].path.toLowerCase().includes(filter) || l.fn.toLowerCase().includes(filter))
        order.push(i);
    }
    if (sortCol >= 0) {
      const key = columns[sortCol][1];
      const blank = (k) => k === null || k === undefined;
      const keys = loops.map(key);
      order.sort((i, j) => {
        const ki = keys[i], kj = keys[j];
        if (blank(ki) || blank(kj)) return compare(ki, kj) || i - j;
        return sortDir * compare(ki, kj) || i - j;
      });
    }
    page = 0;
    renderPage();
  }

  function renderPage() {
    const pages = Math.max(1, Math.ceil(order.length / pageRows));
    page = Math.min(Math.max(page, 0), pages - 1);
    const first = page * pageRows, last = Math.min(order.length, first + pageRows);
    const frag = document.createDocumentFragment();
    for (let k = first; k < last; k++) {
      const i = order[k];
      if (!rows[i]) rows[i] = makeRow(loops[i]);
      frag.appendChild(rows[i]);
    }
    tbody.textContent = '';
    tbody.appendChild(frag);
    tbody.dataset.matches = String(order.length);
    const of = order.length === loops.length ? '' : ' (filtered from ' + loops.length + ')';
    document.getElementById('shown').textContent = order.length === 0 ? 'no loops' + of :
      'loops ' + (first + 1) + '-' + last + ' of ' + order.length + of;
    document.getElementById('prevpage').disabled = page === 0;
    document.getElementById('nextpage').disabled = page >= pages - 1;
  }
  document.getElementById('prevpage').addEventListener('click', () => { page--; renderPage(); });
  document.getElementById('nextpage').addEventListener('click', () => { page++; renderPage(); });

  const head = table.tHead.rows[0];
  columns.forEach((c, k) => {
    const th = document.createElement('th');
    th.textContent = c[0];
    th.title = c[3] + ' (click to sort)';
    th.dataset.col = String(k);
    th.addEventListener('click', () => {
      sortDir = sortCol === k ? -sortDir : 1;
      sortCol = k;
      for (const h of head.cells) h.removeAttribute('aria-sort');
      th.setAttribute('aria-sort', sortDir > 0 ? 'ascending' : 'descending');
      selectRows();
    });
    head.appendChild(th);
  });
  document.getElementById('filter').addEventListener('input', selectRows);

  /* ---- the source view: one file at a time, highlighted, loops marked ---- */
  const keywords = new Set(('auto break case char const continue default do double else enum ' +
    'extern float for goto if inline int long register restrict return short signed sizeof ' +
    'static struct switch typedef union unsigned void volatile while _Bool _Complex bool ' +
    'class namespace template typename public private protected virtual operator new delete ' +
    'this nullptr constexpr using try catch throw').split(' '));

  /* One line into spans; `state.comment` carries a block comment across lines. */
  function highlight(line, parent, state) {
    let i = 0;
    const add = (cls, text) => {
      if (!text) return;
      const s = document.createElement('span');
      if (cls) s.className = cls;
      s.textContent = text;
      parent.appendChild(s);
    };
    if (!state.comment && /^\s*#/.test(line)) {
      add('pp', line);
      return;
    }
    while (i < line.length) {
      if (state.comment) {
        const end = line.indexOf('*/', i);
        const stop = end < 0 ? line.length : end + 2;
        add('cm', line.slice(i, stop));
        state.comment = end < 0;
        i = stop;
        continue;
      }
      const rest = line.slice(i);
      let m;
      if (rest.startsWith('//')) {
        add('cm', rest);
        break;
      } else if (rest.startsWith('/*')) {
        state.comment = true;
        add('cm', '/*');
        i += 2;
      } else if ((m = /^("(\\.|[^"\\])*"?|'(\\.|[^'\\])*'?)/.exec(rest))) {
        add('st', m[0]);
        i += m[0].length;
      } else if ((m = /^[A-Za-z_]\w*/.exec(rest))) {
        add(keywords.has(m[0]) ? 'kw' : '', m[0]);
        i += m[0].length;
      } else if ((m = /^(\d+\.?\d*([eE][-+]?\d+)?|\.\d+([eE][-+]?\d+)?)\w*/.exec(rest))) {
        add('nu', m[0]);
        i += m[0].length;
      } else {
        m = /^[^A-Za-z_0-9"'\/]+|^./.exec(rest);
        add('', m[0]);
        i += m[0].length;
      }
    }
  }

  const byLine = files.map(() => new Map());
  for (const l of loops) {
    const at = byLine[l.f];
    if (!at.has(l.line)) at.set(l.line, []);
    at.get(l.line).push({loop: l});
  }
  for (const c of data.checks) {
    const at = byLine[c.f];
    if (!at.has(c.line)) at.set(c.line, []);
    at.get(c.line).push({check: c});
  }

  function loopNote(l) {
    const parts = [l.kind + ' loop: ' + num(l.fp) + ' FP ops, ' + num(l.bytes) +
                   (l.complete ? '' : '+') + ' bytes, AI ' + num(l.ai, 3) + ' per iteration'];
    if (l.trips !== null) parts.push(num(l.trips) + ' trips');
    if (l.reason) parts.push('unpredicted: ' + l.reason);
    else if (l.pred_s !== null) parts.push('predicted ' + num(l.pred_s, 3) + ' s, ' + l.bound);
    if (l.m_iters !== null) parts.push('measured ' + num(l.m_iters) + ' iterations' +
                                       (l.m_s !== null ? ', ' + num(l.m_s, 3) + ' s' : ''));
    return parts.join('; ');
  }

  const view = document.getElementById('srcview');
  const select = document.getElementById('filesel');
  let shownFile = -1;
  files.forEach((f, k) => {
    const o = document.createElement('option');
    o.value = String(k);
    o.textContent = f.name;
    select.appendChild(o);
  });
  select.addEventListener('change', () => showFile(Number(select.value)));

  /* A file's lines are laid out a block at a time: the first at once, the rest while the
   * page is idle, or at once up to a line that is asked for. */
  const blockLines = 1500;
  let lines = [], laidOut = 0, hlState = null, timer = 0;

  function layOut(upto) {
    const frag = document.createDocumentFragment();
    const k = shownFile;
    for (; laidOut < Math.min(upto, lines.length); laidOut++) {
      const n = laidOut;
      const row = document.createElement('div');
      row.className = 'line';
      row.id = 'L' + k + '-' + (n + 1);
      const no = document.createElement('span');
      no.className = 'no';
      no.textContent = String(n + 1);
      const code = document.createElement('code');
      highlight(lines[n], code, hlState);
      row.append(no, code);
      const marks = byLine[k].get(n + 1);
      if (marks) {
        row.classList.add('marked');
        for (const m of marks) {
          const box = document.createElement('div');
          if (m.loop) {
            box.className = 'note loopnote' + (m.loop.reason ? ' unpredicted' : '');
            box.dataset.loop = String(m.loop.id);
            box.textContent = loopNote(m.loop);
          } else {
            box.className = 'note ' + (m.check.ok ? 'match' : 'mismatch');
            box.textContent = '#pragma aitool: ' + m.check.text;
          }
          row.appendChild(box);
        }
      }
      frag.appendChild(row);
    }
    view.appendChild(frag);
    clearTimeout(timer);
    if (laidOut < lines.length)
      timer = setTimeout(() => layOut(laidOut + blockLines), 0);
  }

  function showFile(k) {
    if (k === shownFile) return;
    shownFile = k;
    select.value = String(k);
    const f = files[k];
    view.textContent = '';
    const note = document.getElementById('srcnote');
    note.textContent = f.note || '';
    if (f.page) {
      /* A large project: this file's source is on a page of its own. */
      note.textContent = 'The source of ' + f.name + ' is on a page of its own: ';
      const a = document.createElement('a');
      a.href = f.page;
      a.textContent = 'open ' + f.name;
      note.appendChild(a);
    }
    note.hidden = !note.textContent;
    lines = f.text === null ? [] : f.text.split('\n');
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    laidOut = 0;
    hlState = {comment: false};
    layOut(blockLines);
  }

  function showLoop(id) {
    const l = loops[id];
    showFile(l.f);
    if (l.line > laidOut) layOut(l.line);
    for (const old of view.querySelectorAll('.current')) old.classList.remove('current');
    const row = document.getElementById('L' + l.f + '-' + l.line);
    if (!row) return;
    row.classList.add('current');
    row.scrollIntoView({block: 'center'});
  }

  for (const pt of document.querySelectorAll('svg [data-loop]'))
    pt.addEventListener('click', () => showLoop(Number(pt.dataset.loop)));

  if (data.index) {
    const a = document.createElement('a');
    a.href = data.index;
    a.id = 'indexlink';
    a.textContent = 'the whole project';
    document.getElementById('srcbar').appendChild(a);
  }
  selectRows();
  if (files.length) showFile(data.first);
  document.body.dataset.ready = 'yes';
})();
