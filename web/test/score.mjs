// `doko score` through the WebAssembly build, byte for byte against the command: every
// example in every format (with and without --explain), and generated deals under every
// built-in profile. Usage: node web/test/score.mjs DOKO_BINARY [DEALS] (run from the
// project root, after web/build.sh). Exit 1 on any difference.
import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const [doko, dealsArg] = process.argv.slice(2);
const DEALS = Number(dealsArg || 10000);
const { instance } = await WebAssembly.instantiate(readFileSync('web/dist/doko.wasm'), {});
const e = instance.exports;

function ask(request) {
  const input = new TextEncoder().encode(JSON.stringify(request));
  const at = e.doko_alloc(input.length);
  new Uint8Array(e.memory.buffer, at, input.length).set(input);
  const out = e.doko_call(at, input.length);
  const len = e.doko_answer_len();
  const text = new TextDecoder().decode(new Uint8Array(e.memory.buffer, out, len).slice());
  e.doko_free(at, input.length);
  e.doko_free(out, len);
  return JSON.parse(text);
}

let checked = 0, differ = 0;
function same(path, name, text, format, explain, variant) {
  const args = ['--lang', 'en', 'score', path, '--format', format];
  if (explain) args.push('--explain');
  if (variant) args.push('--variant', variant);
  const run = spawnSync(doko, args, { maxBuffer: 1 << 30, env: { ...process.env, DOKO_COLUMNS: '' } });
  const want = run.stdout.toString();
  const got = ask({ op: 'score', file: name, text, format, explain, variant: variant || null, lang: 'en' });
  checked++;
  // A refused file: the command's errors are the engine's (each line of them), nothing written.
  const ok = run.status === 0
    ? got.out === want
    : got.out === undefined && want === '' && got.error.split('\n').every(l => run.stderr.toString().includes(l));
  if (!ok) {
    differ++;
    console.log(`DIFFERS: doko ${args.join(' ')} (exit ${run.status})`);
    console.log('  command:', JSON.stringify((want || run.stderr.toString()).slice(0, 300)));
    console.log('  wasm:   ', JSON.stringify((got.out ?? got.error ?? '').slice(0, 300)));
  }
}

// The profile each example is written for (`--variant`), as the README scores it.
const FOR = { 'kloepper.csv': 'kloepper' };
// The examples `doko score` reads (a FreeDoko party is for `doko import`).
for (const f of readdirSync('examples').sort().filter(f => /\.(csv|toml|json|jsonl)$/.test(f))) {
  const path = join('examples', f);
  const text = readFileSync(path, 'utf8');
  for (const format of ['table', 'markdown', 'csv', 'json']) {
    for (const explain of [false, true]) {
      same(path, path, text, format, explain);
      if (FOR[f]) same(path, path, text, format, explain, FOR[f]);
    }
  }
}

const dir = mkdtempSync(join(tmpdir(), 'doko-wasm-'));
const profiles = ask({ op: 'profiles' }).profiles;
let generated = 0;
for (const [i, p] of profiles.entries()) {
  // The deals shared among the profiles, as CSV and as JSON Lines in turn.
  const n = Math.ceil(DEALS / profiles.length);
  const format = i % 2 ? 'jsonl' : 'csv';
  const archive = execFileSync(doko, ['generate', '--deals', String(n), '--seed', String(i + 1), '--variant', p, '--format', format], { maxBuffer: 1 << 30 }).toString();
  const path = join(dir, `${p}.${format}`);
  writeFileSync(path, archive);
  generated += n;
  for (const out of ['csv', 'json']) same(path, path, archive, out, false, p);
}
// A document nested too deep (issue 65: it overflowed the stack) is refused as the command
// refuses it, with the same words: the line and "nested N deep (at most 64)".
const deep = [
  ['deep.toml', 'variant = "ddv"\nplayers = ["A", "B", "C", "D"]\nx = ' + '['.repeat(10000) + ']'.repeat(10000) + '\n'],
  ['deep-inline.toml', 'variant = "ddv"\nx = ' + '{a = '.repeat(50000) + '1' + '}'.repeat(50000) + '\n'],
  ['deep.json', '{"players": ["A", "B", "C", "D"], "x": ' + '['.repeat(10000) + ']'.repeat(10000) + '}\n'],
];
for (const [name, text] of deep) {
  const path = join(dir, name);
  writeFileSync(path, text);
  same(path, path, text, 'csv', false);
  const got = ask({ op: 'score', file: path, text, format: 'csv', explain: false, variant: null, lang: 'en' });
  if (!/:[0-9]+: nested [0-9]+ deep \(at most 64\)/.test(got.error || '')) {
    differ++;
    console.log(`NOT REFUSED AS TOO DEEP: ${name}: ${JSON.stringify((got.error || got.out || '').slice(0, 200))}`);
  }
}

console.log(`${checked} outputs compared (every example in 4 formats, with and without --explain; ${generated} generated deals under ${profiles.length} profiles as CSV and JSON; ${deep.length} documents nested too deep), ${differ} differ`);
process.exit(differ ? 1 : 0);
