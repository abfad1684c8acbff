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
// A sheet is kept as { name, text, profiles }: its TOML text, and the profile files of a
// club's rules that its `variant` names ([{ file, text }], sent with every request).
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
const recordOf = name => store('readonly', s => s.get(name));
const textOf = async name => { const r = await recordOf(name); return r ? r.text : null; };
const profilesOf = async name => { const r = await recordOf(name); return (r && r.profiles) || []; };
const all = async () => (await store('readonly', s => s.getAll())) || [];
async function keep(name, text, profiles) {
  const before = await recordOf(name);
  const kept = profiles || (before && before.profiles) || [];
  await store('readwrite', s => s.put({ name, text, profiles: kept }));
  localStorage.setItem('doko-last', name);
}
const remove = name => store('readwrite', s => s.delete(name));

// The most a file or a shared link may bring (a sheet is a few KB).
const MAX_FILE = 16 << 20;
const MAX_LINK = 64 << 10;
const MAX_SHARED = 1 << 20;

// Once the first sheet is kept: ask the browser to keep the storage; what it said is
// remembered for the start screen.
async function persist() {
  if (!navigator.storage || !navigator.storage.persist) { localStorage.setItem('doko-persist', 'refused'); return; }
  try {
    const kept = (await navigator.storage.persisted()) || (await navigator.storage.persist());
    localStorage.setItem('doko-persist', kept ? 'granted' : 'refused');
  } catch (e) {
    localStorage.setItem('doko-persist', 'refused');
  }
}

// ---- where we are: `?sheet=N&lang=xx` as the served page's links write it --------------------
const query = new URLSearchParams(location.search);
const lang = (() => {
  const asked = query.get('lang') || localStorage.getItem('doko-lang') || navigator.language || 'en';
  const code = asked.slice(0, 2).toLowerCase();
  return ['en', 'de', 'ja'].includes(code) ? code : 'en';
})();
localStorage.setItem('doko-lang', lang);
let W = {};
const say = (w, values) => Object.entries(values || {}).reduce((t, [k, v]) => t.split('{' + k + '}').join(v), w);

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

async function goSheet(name) {
  localStorage.setItem('doko-last', name);
  go(`?sheet=${(await names()).indexOf(name)}&lang=${lang}`);
}

// ---- files: a sheet, a paper sheet, every sheet at once, a profile --------------------------
// The text of a file, or null where it is not text (a photo: a NUL byte; a file too
// large). Not UTF-8, it is read as doko reads a person's file: UTF-16 after its byte order
// mark, else Windows-1252 (German Excel's CSV).
async function readText(f) {
  if (f.size > MAX_FILE) return null;
  const bytes = new Uint8Array(await f.arrayBuffer());
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (!utf16 && bytes.includes(0)) return null;
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start));
  } catch (e) {
    const a = ask({ op: 'decode', file: f.name, bytes: Array.from(bytes) });
    return a.text === undefined || a.text.includes('\u0000') ? null : a.text;
  }
}

const stem = file => file.replace(/\.[^.\/]*$/, '').split('/').pop();

// Every sheet at once: what `a#export-all` writes.
function exportAllText(records) {
  return JSON.stringify({ doko: 'sheets', version: 1, sheets: records.map(r => ({ name: r.name, text: r.text, profiles: r.profiles || [] })) }, null, 1) + '\n';
}

function exportedSheets(text) {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const v = JSON.parse(text);
    if (v && v.doko === 'sheets' && Array.isArray(v.sheets)) return v.sheets;
  } catch (e) { /* not JSON: not ours */ }
  return null;
}

const profileFile = p => p && typeof p.file === 'string' && typeof p.text === 'string';

// Keeps one sheet (never over a different sheet of the same name); what to say, or null.
async function keepChecked(name, text, profiles) {
  const a = ask({ op: 'check', file: name + '.toml', text, lang, profiles });
  if (a.errors.length) return { errors: a.errors, profile: a.profile };
  const there = await textOf(name);
  if (there !== null && there !== text) return { errors: [say(W.exists, { name })] };
  await keep(name, text, profiles);
  await persist();
  return null;
}

// ---- the list of sheets, import and a new sheet ---------------------------------------------
async function home(told, shared) {
  document.documentElement.lang = lang;
  document.title = W.title;
  const list = await names();
  const body = document.body;
  body.innerHTML = '';
  body.append(el('style', { text: HOME_CSS }));
  body.append(el('h1', { text: W.title }));
  const langs = el('nav', { id: 'langs', 'aria-label': W.language });
  for (const [code, word] of [['en', 'English'], ['de', 'Deutsch'], ['ja', '日本語']]) {
    const a = el('a', { href: `./?lang=${code}`, hreflang: code, lang: code, text: word });
    if (code === lang) a.setAttribute('aria-current', 'true');
    langs.append(a);
  }
  body.append(langs);
  if (!window.isSecureContext) body.append(el('p', { id: 'insecure', class: 'warn', text: W.insecure }));
  if (localStorage.getItem('doko-persist') === 'refused') body.append(el('p', { id: 'persist', class: 'warn', text: W.persist_refused }));
  const said = el('p', { id: 'said', role: 'status' });
  if (told) said.textContent = told;
  if (shared) body.append(shared);

  const ul = el('ul', { id: 'sheets' });
  list.forEach((n, i) => {
    const rename = el('button', { type: 'button', class: 'rename', 'data-name': n, text: W.rename });
    const del = el('button', { type: 'button', class: 'delete', 'data-name': n, text: W.delete });
    rename.addEventListener('click', async () => {
      const to = (prompt(say(W.rename_to, { name: n }), n) || '').trim();
      if (!to || to === n) return;
      if ((await names()).includes(to)) { said.textContent = say(W.exists, { name: to }); return; }
      const r = await recordOf(n);
      await store('readwrite', s => { s.put({ name: to, text: r.text, profiles: r.profiles || [] }); return s.delete(n); });
      if (localStorage.getItem('doko-last') === n) localStorage.setItem('doko-last', to);
      await home();
    });
    del.addEventListener('click', async () => {
      if (!confirm(say(W.confirm_delete, { name: n }))) return;
      await remove(n);
      if (localStorage.getItem('doko-last') === n) localStorage.removeItem('doko-last');
      await home();
    });
    ul.append(el('li', {}, el('a', { href: `./?sheet=${i}&lang=${lang}`, text: n }), el('span', { class: 'acts' }, rename, del)));
  });
  body.append(el('h2', { text: W.sheets }), list.length ? ul : el('p', { text: W.none }));
  if (list.length) {
    const a = el('a', { id: 'export-all', class: 'big', text: W.export_all });
    a.href = URL.createObjectURL(new Blob([exportAllText(await all())], { type: 'application/json' }));
    a.download = 'doko-sheets.json';
    body.append(el('p', {}, a));
  }

  const file = el('input', { type: 'file', id: 'import', accept: '.toml,.csv,.json,application/toml,application/json,text/csv,text/plain' });
  const profileInput = el('input', { type: 'file', id: 'import-profile', accept: '.toml,application/toml,text/plain', multiple: '' });
  // A sheet waiting for its profile file, and profile files chosen before their sheet.
  let waiting = null;
  let chosen = [];
  const refuse = lines => { said.textContent = lines.join('\n'); file.value = ''; };
  const finish = async (name, text, profiles) => {
    const told = await keepChecked(name, text, profiles);
    if (!told) { await goSheet(name); return; }
    if (told.profile) {
      waiting = { name, text, profile: told.profile };
      said.textContent = say(W.needs_profile, { file: name + '.toml', profile: told.profile, label: W.import_profile });
      profileInput.focus();
      return;
    }
    refuse(told.errors);
  };
  // The profiles a sheet is kept with: the file its `variant` names is the one chosen
  // (whatever the chosen file is called); the others by their own names.
  const withProfiles = (wanted) => chosen.map((p, i) => ({ file: i === 0 && wanted ? wanted : p.file, text: p.text }));
  file.addEventListener('change', async () => {
    const f = file.files[0];
    if (!f) return;
    const text = await readText(f);
    if (text === null) { refuse([say(W.not_a_sheet, { file: f.name })]); return; }
    const many = exportedSheets(text);
    if (many) {
      let count = 0;
      const lines = [];
      for (const s of many) {
        if (!s || typeof s.name !== 'string' || typeof s.text !== 'string') { lines.push(say(W.not_a_sheet, { file: f.name })); continue; }
        const profiles = Array.isArray(s.profiles) ? s.profiles.filter(profileFile) : [];
        const told = await keepChecked(s.name.trim(), s.text, profiles);
        if (told) lines.push(...told.errors); else count += 1;
      }
      await home([say(W.imported_all, { count })].concat(lines).join('\n'));
      return;
    }
    const name = stem(f.name);
    const csv = /\.csv$/i.test(f.name);
    if (!csv) {
      const probe = ask({ op: 'check', file: name + '.toml', text, lang, profiles: [] });
      const wanted = probe.profile;
      if (!probe.errors.length || wanted || /\.toml$/i.test(f.name)) {
        await finish(name, text, wanted && chosen.length ? withProfiles(wanted) : []);
        return;
      }
    }
    // A paper sheet: its deals as `doko score` reads them, under the rules chosen below.
    const paper = ask({ op: 'paper', file: f.name, text, variant: select.value, name, lang });
    if (paper.errors) {
      refuse(csv ? paper.errors : [say(W.not_a_sheet, { file: f.name })].concat(paper.errors.slice(0, 3)));
      return;
    }
    await finish(name, paper.text, []);
  });
  profileInput.addEventListener('change', async () => {
    chosen = [];
    for (const f of profileInput.files) {
      const text = await readText(f);
      if (text === null) { said.textContent = say(W.not_a_sheet, { file: f.name }); profileInput.value = ''; return; }
      chosen.push({ file: f.name, text });
    }
    if (waiting && chosen.length) {
      const w = waiting;
      waiting = null;
      await finish(w.name, w.text, withProfiles(w.profile));
    }
  });
  body.append(el('label', { for: 'import', class: 'big', text: W.import }), file,
    el('label', { for: 'import-profile', text: W.import_profile }), profileInput, said);

  const profiles = ask({ op: 'profiles' }).profiles;
  const select = el('select', { name: 'profile', id: 'profile' });
  for (const p of profiles) {
    const o = el('option', { value: p, text: p });
    if (p === 'ddv') o.selected = true;
    select.append(o);
  }
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
    if ((await names()).includes(name)) { said.textContent = say(W.exists, { name }); return; }
    const players = form.elements.players.value.split(',').map(p => p.trim()).filter(p => p);
    const deals = form.elements.deals.value === '' ? null : Number(form.elements.deals.value);
    const made = ask({ op: 'new', file: name + '.toml', players, variant: select.value, deals, lang });
    if (made.error) { said.textContent = made.error; return; }
    await keep(name, made.text, []);
    await persist();
    await goSheet(name);
  });
  body.append(form);
}

// ---- a shared link: the sheet itself in the address's fragment ------------------------------
// `#doko=` and the sheet ({ v: 1, name, text, profiles }) as JSON, compressed (raw
// DEFLATE) and written in base64url: no server sees it.
function base64url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function unbase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('base64url');
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4));
  return Uint8Array.from(s, c => c.charCodeAt(0));
}

async function squeeze(bytes, how, most) {
  const stream = new Blob([bytes]).stream().pipeThrough(how);
  const reader = stream.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (most && size > most) { reader.cancel(); throw new RangeError('too large'); }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

async function shareLink(name) {
  const r = await recordOf(name);
  const json = JSON.stringify({ v: 1, name, text: r.text, profiles: r.profiles || [] });
  const packed = await squeeze(new TextEncoder().encode(json), new CompressionStream('deflate-raw'));
  return location.origin + location.pathname + '#doko=' + base64url(packed);
}

// The sheet a fragment carries, or why it carries none.
async function sharedSheet(fragment) {
  const bad = why => ({ error: say(W.link_bad, { why }) });
  if (!fragment.startsWith('#doko=')) return bad(fragment.slice(0, 40));
  const payload = fragment.slice('#doko='.length);
  if (payload.length > MAX_LINK) return { error: say(W.link_too_large, { most: '64 KiB' }) };
  let bytes;
  try { bytes = unbase64url(payload); } catch (e) { return bad('base64url'); }
  let json;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(await squeeze(bytes, new DecompressionStream('deflate-raw'), MAX_SHARED));
  } catch (e) {
    if (e instanceof RangeError) return { error: say(W.link_too_large, { most: '1 MiB' }) };
    return bad('deflate');
  }
  let v;
  try { v = JSON.parse(json); } catch (e) { return bad('JSON'); }
  if (!v || v.v !== 1 || typeof v.name !== 'string' || typeof v.text !== 'string' || !v.name.trim()) return bad('v1');
  const profiles = Array.isArray(v.profiles) ? v.profiles.filter(profileFile) : [];
  const a = ask({ op: 'check', file: v.name + '.toml', text: v.text, lang, profiles });
  if (a.errors.length) return bad(a.errors.join('; '));
  return { name: v.name.trim(), text: v.text, profiles };
}

// Opens a shared link: a new sheet is kept, the same sheet opened; a sheet of the same
// name that differs is replaced only when the user says so, after being told which deals.
async function openShared(fragment) {
  history.replaceState(null, '', location.pathname + location.search);
  const s = await sharedSheet(fragment);
  if (s.error) { await home(s.error); return; }
  const here = await textOf(s.name);
  if (here === null || here === s.text) {
    if (here === null) { await keep(s.name, s.text, s.profiles); await persist(); }
    await goSheet(s.name);
    return;
  }
  const d = ask({ op: 'differ', file: s.name + '.toml', here, there: s.text, lang, profiles: s.profiles });
  const what = [];
  if (d.differ && d.differ.deals.length) what.push(say(W.differ_deals, { deals: d.differ.deals.join(', '), here: d.differ.here, there: d.differ.there }));
  if (!d.differ || d.differ.other || !what.length) what.push(W.differ_other);
  const replace = el('button', { type: 'button', id: 'replace', text: W.replace });
  const mine = el('button', { type: 'button', id: 'keep-mine', class: 'second', text: W.keep_mine });
  const box = el('section', { id: 'shared' }, el('p', { id: 'differs', text: say(W.shared_differs, { name: s.name, what: what.join('; ') }) }), replace, mine);
  replace.addEventListener('click', async () => { await keep(s.name, s.text, s.profiles); await goSheet(s.name); });
  mine.addEventListener('click', async () => goSheet(s.name));
  await home('', box);
}

// ---- one sheet: the served page, answered here ----------------------------------------------
let exportUrl = null;

function exportLink(a, name, text) {
  if (exportUrl) URL.revokeObjectURL(exportUrl);
  exportUrl = URL.createObjectURL(new Blob([text], { type: 'application/toml' }));
  a.href = exportUrl;
  a.download = name + '.toml';
}

// The sheet's link for another phone (`a#share`) and its QR code, as the sheet is now.
async function showShare(a, qr, name) {
  const link = await shareLink(name);
  a.href = link;
  const code = ask({ op: 'qr', text: link }).svg;
  qr.innerHTML = '';
  if (code) qr.innerHTML = code.replace(/^<\?xml[^>]*>/, '');
  else qr.append(el('p', { text: W.share_no_qr }));
}

async function sheet(i) {
  const list = await names();
  const name = list[i];
  if (name === undefined) { go(`?lang=${lang}`); return; }
  localStorage.setItem('doko-last', name);
  const file = name + '.toml';
  const text = await textOf(name);
  const profiles = await profilesOf(name);
  const html = ask({ op: 'page', file, text, lang, sheets: list, current: i, profiles }).html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  document.documentElement.lang = doc.documentElement.lang;
  document.title = doc.title;
  for (const s of doc.head.querySelectorAll('style')) document.head.append(s);
  const body = document.body;
  body.innerHTML = '';
  for (const a of doc.body.attributes) body.setAttribute(a.name, a.value);
  const script = doc.body.querySelector('script');
  if (script) script.remove();
  // The app's bar: back to the list, the sheet's file, its link for another phone.
  const back = el('a', { href: `./?lang=${lang}`, id: 'sheets', text: '\u2190 ' + W.sheets });
  const out = el('a', { id: 'export', text: W.export.replace('{file}', file) });
  exportLink(out, name, text);
  const share = el('a', { id: 'share', text: W.share_link });
  const bar = el('nav', { id: 'app' }, back, out, share);
  if (navigator.canShare && navigator.canShare({ files: [new File([text], file, { type: 'text/plain' })] })) {
    const send = el('button', { type: 'button', id: 'send', text: W.share });
    send.addEventListener('click', async () => {
      const now = await textOf(name);
      navigator.share({ files: [new File([now], file, { type: 'text/plain' })], title: file }).catch(() => {});
    });
    bar.append(send);
  }
  const qr = el('div', { id: 'share-qr' });
  const panel = el('details', { id: 'share-panel' }, el('summary', { text: W.share_link }), el('p', { class: 'hint', text: W.share_hint }), qr);
  body.append(el('style', { text: BAR_CSS }), bar);
  body.append(...doc.body.childNodes);
  body.append(panel);
  body.append(el('p', { class: 'foot', text: W.saved_here }));
  share.addEventListener('click', ev => { if (!ev.ctrlKey && !ev.metaKey) { ev.preventDefault(); panel.open = true; panel.scrollIntoView(); } });
  showShare(share, qr, name).catch(() => {});
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
      profiles,
    });
    if (a.text !== null && a.text !== undefined) {
      await keep(name, a.text);
      exportLink(out, name, a.text);
      showShare(share, qr, name).catch(() => {});
    }
    if (!a.page) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(a.page), { headers: { 'content-type': 'application/json' } });
  };
  if (script) body.append(el('script', { text: script.textContent }));
}

const HOME_CSS = `
body { font: 16px/1.4 system-ui, sans-serif; margin: 0 auto; padding: 12px; max-width: 40em; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.4em; }
#sheets { padding-left: 1.2em; } #sheets li { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; }
#sheets a { display: inline-block; padding: 10px 0; min-height: 24px; flex: 1 1 auto; overflow-wrap: anywhere; }
#sheets .acts { display: flex; gap: 6px; }
#sheets .acts button { width: auto; min-width: 44px; margin: 0; padding: 0 10px; background: #fff; color: #1d4e89; border: 1px solid #1d4e89; }
#langs { display: flex; flex-wrap: wrap; gap: 4px 14px; }
#langs a { display: inline-flex; align-items: center; min-height: 44px; min-width: 44px; }
#langs a[aria-current] { font-weight: 600; }
#export-all { display: inline-flex; align-items: center; min-height: 44px; }
label { display: block; margin-top: 12px; }
input, select, button { font: inherit; box-sizing: border-box; width: 100%; min-height: 44px; margin-top: 4px; }
button { margin-top: 16px; background: #1d4e89; color: #fff; border: 0; border-radius: 6px; }
button.second { background: #fff; color: #1d4e89; border: 1px solid #1d4e89; }
.big { font-weight: 600; }
.warn { background: #fff4e5; border-left: 4px solid #e08a00; padding: 8px 10px; }
#said { color: #b3261e; white-space: pre-wrap; overflow-wrap: anywhere; }
#shared { border: 1px solid #e08a00; border-radius: 6px; padding: 8px 10px; }
`;
const BAR_CSS = `
#app { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin-bottom: 8px; }
#app a, #app button { min-height: 44px; display: inline-flex; align-items: center; }
#app button { font: inherit; padding: 0 12px; }
#share-panel summary { min-height: 44px; line-height: 44px; cursor: pointer; }
#share-qr svg { width: min(100%, 320px); height: auto; display: block; }
`;

async function main() {
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
  await load();
  W = ask({ op: 'words', lang }).words;
  // A shared link opened while the app is open changes only the address's fragment.
  window.addEventListener('hashchange', () => {
    if (location.hash.length > 1) openShared(location.hash).catch(e => { document.body.textContent = 'doko: ' + e.message; });
  });
  if (location.hash.length > 1) { await openShared(location.hash); return; }
  const i = query.get('sheet');
  if (i !== null) { await sheet(Number(i)); return; }
  // The start address (no query: the app's icon, index.html) opens the sheet of the
  // evening: the last one used. `?lang=…` shows the list.
  const last = localStorage.getItem('doko-last');
  if (location.search === '' && last !== null) {
    const at = (await names()).indexOf(last);
    if (at >= 0) {
      history.replaceState(null, '', `./?sheet=${at}&lang=${lang}`);
      await sheet(at);
      return;
    }
  }
  await home();
}

main().catch(e => {
  document.body.textContent = 'doko: ' + e.message;
});
})();
