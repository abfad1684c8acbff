// The offline app: doko's engine as WebAssembly (doko.wasm), the sheets in the browser's
// storage (IndexedDB), and the page of `doko serve`, whose calls the engine answers here.
// Every rule is the engine's: this file only stores texts, shows pages and moves bytes.
(() => {
'use strict';

// ---- the engine ---------------------------------------------------------------------------
let engine = null;

async function load() {
  const bytes = await (await fetch('doko.wasm')).arrayBuffer();
  const { instance } = await WebAssembly.instantiate(bytes, {});
  engine = instance.exports;
}

// One request to the engine: JSON in, JSON out.
function ask(request) {
  const input = new TextEncoder().encode(JSON.stringify(request));
  const at = engine.doko_alloc(input.length);
  new Uint8Array(engine.memory.buffer, at, input.length).set(input);
  const out = engine.doko_call(at, input.length);
  const len = engine.doko_answer_len();
  const text = new TextDecoder().decode(new Uint8Array(engine.memory.buffer, out, len).slice());
  engine.doko_free(at, input.length);
  engine.doko_free(out, len);
  return JSON.parse(text);
}

// ---- the sheets, kept in the browser --------------------------------------------------------
function db() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('doko', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('sheets', { keyPath: 'name' });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

async function store(mode, work) {
  const d = await db();
  return new Promise((resolve, reject) => {
    const tx = d.transaction('sheets', mode);
    const req = work(tx.objectStore('sheets'));
    tx.oncomplete = () => { d.close(); resolve(req && req.result); };
    tx.onerror = () => { d.close(); reject(tx.error); };
  });
}

const names = async () => ((await store('readonly', s => s.getAllKeys())) || []).map(String).sort();
const textOf = async name => { const r = await store('readonly', s => s.get(name)); return r ? r.text : null; };
const keep = (name, text) => store('readwrite', s => s.put({ name, text }));

// ---- where we are: `?sheet=N&lang=xx` as the served page's links write it --------------------
const query = new URLSearchParams(location.search);
const lang = (() => {
  const asked = query.get('lang') || localStorage.getItem('doko-lang') || navigator.language || 'en';
  const code = asked.slice(0, 2).toLowerCase();
  return ['en', 'de', 'ja'].includes(code) ? code : 'en';
})();
localStorage.setItem('doko-lang', lang);
let W = {};

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'text') e.textContent = v; else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

function go(search) {
  location.href = './' + search;
}

// ---- the list of sheets, import and a new sheet ---------------------------------------------
async function home() {
  document.documentElement.lang = lang;
  document.title = W.title;
  const list = await names();
  const body = document.body;
  body.innerHTML = '';
  body.append(el('style', { text: HOME_CSS }));
  body.append(el('h1', { text: W.title }));
  const ul = el('ul', { id: 'sheets' });
  list.forEach((n, i) => ul.append(el('li', {}, el('a', { href: `./?sheet=${i}&lang=${lang}`, text: n }))));
  body.append(el('h2', { text: W.sheets }), list.length ? ul : el('p', { text: W.none }));

  const file = el('input', { type: 'file', id: 'import', accept: '.toml,application/toml,text/plain' });
  const said = el('p', { id: 'said', role: 'status' });
  file.addEventListener('change', async () => {
    const f = file.files[0];
    if (!f) return;
    const name = f.name.replace(/\.toml$/i, '');
    const text = await f.text();
    // A file that is not a sheet doko reads is refused with its errors (file, line, field);
    // a sheet of the same name is never overwritten.
    const errors = ask({ op: 'check', file: f.name, text, lang }).errors;
    if (errors.length) { said.textContent = errors.join('\n'); file.value = ''; return; }
    const there = await textOf(name);
    if (there !== null && there !== text) { said.textContent = W.exists.replace('{name}', name); file.value = ''; return; }
    await keep(name, text);
    const i = (await names()).indexOf(name);
    go(`?sheet=${i}&lang=${lang}`);
  });
  body.append(el('label', { for: 'import', class: 'big', text: W.import }), file, said);

  const profiles = ask({ op: 'profiles' }).profiles;
  const select = el('select', { name: 'profile', id: 'profile' });
  for (const p of profiles) select.append(el('option', { value: p, text: p }));
  const form = el('form', { id: 'new' },
    el('h2', { text: W.new_sheet }),
    el('label', { for: 'name', text: W.name }), el('input', { id: 'name', name: 'name', required: '' }),
    el('label', { for: 'players', text: W.players }), el('input', { id: 'players', name: 'players', required: '' }),
    el('label', { for: 'profile', text: W.profile }), select,
    el('label', { for: 'deals', text: W.deals }), el('input', { id: 'deals', name: 'deals', type: 'number', min: '1', max: '999', inputmode: 'numeric' }),
    el('button', { type: 'submit', text: W.create }));
  form.addEventListener('submit', async ev => {
    ev.preventDefault();
    const name = form.elements.name.value.trim();
    if ((await names()).includes(name)) { said.textContent = W.exists.replace('{name}', name); return; }
    const players = form.elements.players.value.split(',').map(p => p.trim()).filter(p => p);
    const deals = form.elements.deals.value === '' ? null : Number(form.elements.deals.value);
    const made = ask({ op: 'new', file: name + '.toml', players, variant: select.value, deals, lang });
    if (made.error) { said.textContent = made.error; return; }
    await keep(name, made.text);
    go(`?sheet=${(await names()).indexOf(name)}&lang=${lang}`);
  });
  body.append(form);
}

// ---- one sheet: the served page, answered here ----------------------------------------------
let exportUrl = null;

function exportLink(a, name, text) {
  if (exportUrl) URL.revokeObjectURL(exportUrl);
  exportUrl = URL.createObjectURL(new Blob([text], { type: 'application/toml' }));
  a.href = exportUrl;
  a.download = name + '.toml';
}

async function sheet(i) {
  const list = await names();
  const name = list[i];
  if (name === undefined) { go(`?lang=${lang}`); return; }
  const file = name + '.toml';
  const text = await textOf(name);
  const html = ask({ op: 'page', file, text, lang, sheets: list, current: i }).html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  document.documentElement.lang = doc.documentElement.lang;
  document.title = doc.title;
  for (const s of doc.head.querySelectorAll('style')) document.head.append(s);
  const body = document.body;
  body.innerHTML = '';
  for (const a of doc.body.attributes) body.setAttribute(a.name, a.value);
  const script = doc.body.querySelector('script');
  if (script) script.remove();
  // The app's bar: back to the list, the sheet's file, sharing where the browser can.
  const back = el('a', { href: `./?lang=${lang}`, id: 'sheets', text: '\u2190 ' + W.sheets });
  const out = el('a', { id: 'export', text: W.export.replace('{file}', file) });
  exportLink(out, name, text);
  const bar = el('nav', { id: 'app' }, back, out);
  if (navigator.canShare && navigator.canShare({ files: [new File([text], file, { type: 'text/plain' })] })) {
    const share = el('button', { type: 'button', id: 'share', text: W.share });
    share.addEventListener('click', async () => {
      const now = await textOf(name);
      navigator.share({ files: [new File([now], file, { type: 'text/plain' })], title: file }).catch(() => {});
    });
    bar.append(share);
  }
  body.append(el('style', { text: BAR_CSS }), bar);
  body.append(...doc.body.childNodes);
  body.append(el('p', { class: 'foot', text: W.saved_here }));
  // The served page's links go to `/?sheet=…`: here, to this app's page.
  for (const a of body.querySelectorAll('a[href^="/?"]')) a.setAttribute('href', '.' + a.getAttribute('href'));

  // The page's calls, answered by the engine on the stored text.
  window.dokoLocal = async (path, params, sent) => {
    const before = await textOf(name);
    const a = ask({
      op: 'call', file, text: before, lang, now: Math.floor(Date.now() / 1000), path,
      deal: params.deal === undefined ? null : Number(params.deal),
      since: params.since === undefined ? null : params.since,
      body: sent === undefined ? null : sent,
    });
    if (a.text !== null && a.text !== undefined) {
      await keep(name, a.text);
      exportLink(out, name, a.text);
    }
    if (!a.page) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(a.page), { headers: { 'content-type': 'application/json' } });
  };
  if (script) body.append(el('script', { text: script.textContent }));
}

const HOME_CSS = `
body { font: 16px/1.4 system-ui, sans-serif; margin: 0 auto; padding: 12px; max-width: 40em; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.4em; }
#sheets a { display: inline-block; padding: 10px 0; min-height: 24px; }
label { display: block; margin-top: 12px; }
input, select, button { font: inherit; box-sizing: border-box; width: 100%; min-height: 44px; margin-top: 4px; }
button { margin-top: 16px; background: #1d4e89; color: #fff; border: 0; border-radius: 6px; }
.big { font-weight: 600; }
#said { color: #b3261e; white-space: pre-wrap; }
`;
const BAR_CSS = `
#app { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin-bottom: 8px; }
#app a, #app button { min-height: 44px; display: inline-flex; align-items: center; }
#app button { font: inherit; padding: 0 12px; }
`;

async function main() {
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
  await load();
  W = ask({ op: 'words', lang }).words;
  const i = query.get('sheet');
  if (i === null) await home(); else await sheet(Number(i));
}

main().catch(e => {
  document.body.textContent = 'doko: ' + e.message;
});
})();
