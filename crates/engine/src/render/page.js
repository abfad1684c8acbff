(() => {
'use strict';
const sheet = document.body.dataset.sheet;
const token = new URLSearchParams(location.search).get('t');
const lang = document.documentElement.lang;
const said = (w, n) => w.replace('{n}', n);
const form = document.getElementById('deal');
const check = document.getElementById('check');
const done = document.getElementById('done');
const title = document.getElementById('form-title');
const save = document.getElementById('save');
const cancel = document.getElementById('cancel');
const undo = document.getElementById('undo');
let stamp = null, next = null, editing = null, timer = null, busy = false, armed = null, asked = 0;
// The check refused the form; the series is over; the form holds something entered.
let refused = false, complete = false, dirty = false;
function gate() { save.disabled = busy || refused || (complete && !editing); }

function url(path, extra) {
  const q = new URLSearchParams(Object.assign({ sheet }, extra || {}));
  if (token) q.set('t', token);
  q.set('lang', lang);
  return path + '?' + q;
}
async function call(path, body, extra) {
  const init = body === undefined ? {} : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  try {
    // The offline app answers the page's calls itself (the engine in the browser).
    const r = window.dokoLocal ? await window.dokoLocal(path, extra || {}, body) : await fetch(url(path, extra), init);
    if (r.status === 204) return null;
    const type = r.headers.get('content-type') || '';
    if (type.includes('json')) return await r.json();
    return { ok: false, errors: [(await r.text()).trim() || r.statusText] };
  } catch (e) {
    return { ok: false, errors: [T.no_answer + ' ' + e.message] };
  }
}
function entry() {
  const e = { re: [...form.querySelectorAll('#re .chip[aria-pressed="true"]')].map(b => b.dataset.name) };
  for (const k of ['contract', 're_calls', 'kontra_calls', 'knock', 'note']) {
    const el = form.elements[k];
    if (el && el.value.trim()) e[k] = el.value.trim();
  }
  if (e.contract === 'normal') delete e.contract;
  for (const k of ['re_points', 'kontra_points', 're_tricks', 'kontra_tricks']) {
    const el = form.elements[k];
    if (el && el.value !== '') e[k] = Number(el.value);
  }
  const c = form.elements['compulsory'];
  if (c && c.checked) e.compulsory = true;
  for (const p of ['re', 'kontra']) {
    const words = [];
    form.querySelectorAll('[data-party="' + p + '"] .chip').forEach(b => {
      for (let i = 0; i < Number(b.dataset.count); i++) words.push(b.dataset.extra);
    });
    if (words.length) e[p + '_extras'] = words.join(' ');
  }
  return e;
}
function show(el, res) {
  el.className = res.ok ? 'ok' : 'err';
  el.textContent = res.ok ? res.message : res.errors.join('\n');
}
function count(b, n) {
  b.dataset.count = n;
  b.setAttribute('aria-pressed', n > 0 ? 'true' : 'false');
  b.querySelector('small').textContent = n > 1 ? ' \u00d7' + n : '';
}
function reset() {
  form.reset();
  form.querySelectorAll('#re .chip').forEach(b => b.setAttribute('aria-pressed', 'false'));
  form.querySelectorAll('.chip[data-extra]').forEach(b => count(b, 0));
  editing = null;
  cancel.hidden = true;
  check.textContent = '';
  check.className = '';
  refused = false;
  dirty = false;
  gate();
  titles();
}
function titles() {
  // A complete sheet takes no new deal: the form shows only while a deal is edited.
  const closed = complete && !editing;
  form.classList.toggle('done', closed);
  title.textContent = editing ? said(T.edit, editing) : closed ? T.complete : said(T.deal, next || '');
  save.textContent = editing ? said(T.save, editing) : T.add;
}
function apply(s) {
  if (!s) return;
  const box = document.getElementById('state');
  if (!s.ok) {
    box.innerHTML = '';
    const p = document.createElement('p');
    p.className = 'next';
    p.textContent = s.errors.join('\n');
    box.appendChild(p);
    document.getElementById('history').innerHTML = '';
    stamp = s.stamp || null;
    return;
  }
  box.innerHTML = s.html;
  document.getElementById('history').innerHTML = s.history;
  stamp = s.stamp;
  next = s.next;
  form.querySelectorAll('#re .chip').forEach(b => b.classList.toggle('out', (s.sitting_out || []).includes(b.dataset.name)));
  complete = s.complete;
  gate();
  titles();
  if (dirty || editing) {
    // The sheet changed under a half-entered deal: check it again.
    schedule();
  } else if (s.forced) {
    // A forced compulsory solo is due: the form opens on it.
    form.querySelectorAll('#re .chip').forEach(b => b.setAttribute('aria-pressed', b.dataset.name === s.forced ? 'true' : 'false'));
    if (form.elements['compulsory']) form.elements['compulsory'].checked = true;
  }
}
function schedule() {
  clearTimeout(timer);
  timer = setTimeout(validate, 200);
}
async function validate() {
  const mine = ++asked;
  const res = await call('/check', { entry: entry(), edit: editing });
  if (mine !== asked || !res) return;
  if (res.hint) {
    // The server says what the form still lacks (the Re players).
    check.className = '';
    check.textContent = res.hint;
    refused = false;
  } else {
    show(check, res);
    refused = !res.ok;
  }
  gate();
}
form.addEventListener('click', ev => {
  const b = ev.target.closest('.chip');
  if (!b) return;
  ev.preventDefault();
  if (b.dataset.extra) count(b, (Number(b.dataset.count) + 1) % (Number(b.dataset.max) + 1));
  else b.setAttribute('aria-pressed', b.getAttribute('aria-pressed') === 'true' ? 'false' : 'true');
  dirty = true;
  schedule();
});
form.addEventListener('input', () => { dirty = true; schedule(); });
form.addEventListener('change', () => { dirty = true; schedule(); });
form.addEventListener('submit', async ev => {
  ev.preventDefault();
  if (busy) return;
  busy = true;
  save.disabled = true;
  try {
    const res = editing ? await call('/edit', entry(), { deal: editing }) : await call('/add', entry());
    if (res.ok) {
      reset();
      done.textContent = res.message;
      apply(res.state);
    } else {
      show(check, res);
    }
  } finally {
    busy = false;
    gate();
  }
});
cancel.addEventListener('click', () => { reset(); done.textContent = ''; });
undo.addEventListener('click', async () => {
  if (!armed) {
    undo.textContent = said(T.again, (next || 1) - 1);
    armed = setTimeout(() => { armed = null; undo.textContent = T.undo; }, 4000);
    return;
  }
  clearTimeout(armed);
  armed = null;
  undo.textContent = T.undo;
  const res = await call('/undo', {});
  if (res.ok) { reset(); done.textContent = res.message; apply(res.state); } else show(check, res);
});
document.getElementById('penalize').addEventListener('click', async () => {
  const body = { player: form.elements['penalty_player'].value };
  const pts = form.elements['penalty_points'].value;
  if (pts !== '') body.points = Number(pts);
  const res = await call('/penalty', body);
  if (res.ok) { done.textContent = res.message; apply(res.state); form.elements['penalty_points'].value = ''; } else show(check, res);
});
const closeRound = document.getElementById('close');
if (closeRound) closeRound.addEventListener('click', async () => {
  const res = await call('/close', {});
  if (res.ok) { done.textContent = res.message; apply(res.state); closeRound.hidden = true; } else show(check, res);
});
// The money (`league settle`) of the sheet as it stands, at the price asked.
document.getElementById('settle').addEventListener('click', async () => {
  const out = document.getElementById('money-out');
  const cents = document.getElementById('cents').value;
  const res = await call('/settle', { cents_per_point: cents === '' ? 0 : Number(cents), model: document.getElementById('model').value });
  if (res && res.ok) out.innerHTML = res.money; else { out.textContent = ((res && res.errors) || []).join('\n'); }
});
document.getElementById('history').addEventListener('click', async ev => {
  const tr = ev.target.closest('tr[data-deal]');
  if (!tr) return;
  const n = Number(tr.dataset.deal);
  const res = await call('/deal', undefined, { deal: n });
  if (!res.ok) { show(check, res); return; }
  reset();
  const e = res.entry;
  form.querySelectorAll('#re .chip').forEach(b => b.setAttribute('aria-pressed', e.re.includes(b.dataset.name) ? 'true' : 'false'));
  for (const k of ['contract', 're_calls', 'kontra_calls', 'knock', 'note', 're_points', 'kontra_points', 're_tricks', 'kontra_tricks']) {
    const el = form.elements[k];
    if (el && e[k] !== null && e[k] !== undefined) el.value = e[k];
  }
  if (!e.contract && form.elements['contract']) form.elements['contract'].value = 'normal';
  if (form.elements['compulsory']) form.elements['compulsory'].checked = !!e.compulsory;
  for (const p of ['re', 'kontra']) {
    const words = (e[p + '_extras'] || '').split(' ').filter(w => w);
    form.querySelectorAll('[data-party="' + p + '"] .chip').forEach(b => count(b, words.filter(w => w === b.dataset.extra).length));
  }
  editing = n;
  cancel.hidden = false;
  done.textContent = '';
  titles();
  gate();
  form.scrollIntoView({ behavior: 'smooth', block: 'start' });
  schedule();
});
async function poll() {
  const a = await call('/state', undefined, stamp ? { since: stamp } : {});
  if (!a) return;
  if (a.state) apply(a.state);
  else if (a.stamp !== undefined) apply(a);
}
poll();
setInterval(poll, 2000);
})();
