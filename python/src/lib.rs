//! `doko._native`: the engine's calls for Python. Every rule, profile choice and report is
//! the `doko` library's (its `api` and `game` modules); this crate converts arguments and
//! results, and decides nothing.

use doko::Card;

/// The engine's heap through mimalloc, as the command line's (issue 64: a fifth of random
/// play's instructions went to the system allocator). Python's own objects are Python's.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;
use doko::engine::InputFormat;
use doko::engine::api::{ApiError, Input, ScoreAsk};
use doko::lang::Lang;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

mod arrow;
mod tape;

use pyo3::exceptions::PyException;
use pyo3::prelude::*;

pyo3::create_exception!(
    _native,
    NativeError,
    PyException,
    "An error of the engine: its JSON text."
);

/// An engine error as the package's `doko.Error` (its message and place), raised here so
/// that the package's hot calls go straight to the engine with no Python frame between
/// (issue 64); where the package is not loaded, a `NativeError` with the error's JSON.
fn raise(e: ApiError) -> PyErr {
    Python::attach(|py| {
        let error = || -> PyResult<PyErr> {
            let class = py.import("doko")?.getattr("Error")?;
            let kwargs = pyo3::types::PyDict::new(py);
            kwargs.set_item("file", &e.file)?;
            kwargs.set_item("line", e.line)?;
            kwargs.set_item("deal", e.deal)?;
            kwargs.set_item("trick", e.trick)?;
            kwargs.set_item("field", &e.field)?;
            let value = class.call((e.message.as_str(),), Some(&kwargs))?;
            Ok(PyErr::from_value(value))
        };
        error().unwrap_or_else(|_| {
            NativeError::new_err(serde_json::to_string(&e).unwrap_or_else(|_| e.message.clone()))
        })
    })
}

fn plain(message: String) -> PyErr {
    raise(ApiError::plain(message))
}

/// `Game.solve`'s answer: Re's eyes (None where the limit came first), the best cards'
/// ids, the bounds.
type Solved = (Option<u16>, Vec<usize>, (u16, u16));

fn lang_of(code: &str) -> PyResult<Lang> {
    Lang::from_code(code).ok_or_else(|| plain(format!("unknown language `{code}`: en, de or ja")))
}

fn format_of(format: Option<&str>, lang: Lang) -> PyResult<Option<InputFormat>> {
    format
        .map(|f| f.parse::<InputFormat>().map_err(|e| plain(e.render(lang))))
        .transpose()
}

fn sets_of(sets: Vec<String>, lang: Lang) -> PyResult<Vec<(String, String)>> {
    sets.iter()
        .map(|s| doko::variant::parse_set(s).map_err(|e| plain(format!("{s}: {}", e.render(lang)))))
        .collect()
}

/// The arguments every reading call takes: the language, the input format, the overrides.
type Common = (Lang, Option<InputFormat>, Vec<(String, String)>);

/// [`Common`] read from Python's values.
fn common(lang: &str, format: Option<&str>, sets: Vec<String>) -> PyResult<Common> {
    let lang = lang_of(lang)?;
    Ok((lang, format_of(format, lang)?, sets_of(sets, lang)?))
}

/// What a scoring call asks the engine: the command's JSON, without `--explain`.
fn ask<'a>(
    sets: &'a [(String, String)],
    variant: Option<&'a str>,
    (summary, jobs, lang, continues): (bool, usize, Lang, bool),
) -> ScoreAsk<'a> {
    ScoreAsk {
        variant,
        sets,
        summary,
        format: doko::render::Format::Json,
        explain: false,
        jobs,
        lang,
        continues,
    }
}

/// The input of a call: a path, or a text with its format.
fn input_of<'a>(
    path: Option<&'a str>,
    text: Option<&'a str>,
    name: &'a str,
    format: Option<InputFormat>,
) -> PyResult<Input<'a>> {
    match (path, text) {
        (Some(p), None) => Ok(Input::Path(p, format)),
        (None, Some(t)) => Ok(Input::Text(name, t, format.unwrap_or(InputFormat::Csv))),
        _ => Err(plain("give a path or a text".into())),
    }
}

/// `doko score --format json` (or `--summary`) of a file or a text: the JSON document.
#[pyfunction]
#[pyo3(signature = (path=None, text=None, name="<text>", format=None, variant=None, sets=Vec::new(), lang="en", summary=false, jobs=0, continues=false))]
#[allow(clippy::too_many_arguments)]
fn score(
    py: Python<'_>,
    path: Option<&str>,
    text: Option<&str>,
    name: &str,
    format: Option<&str>,
    variant: Option<&str>,
    sets: Vec<String>,
    lang: &str,
    summary: bool,
    jobs: usize,
    continues: bool,
) -> PyResult<String> {
    let (lang, format, sets) = common(lang, format, sets)?;
    let input = input_of(path, text, name, format)?;
    let ask = ask(&sets, variant, (summary, jobs, lang, continues));
    py.detach(|| doko::engine::api::score(input, ask))
        .map_err(raise)
}

/// Why a merge refuses part `part` (from 1) of an archive under `variant`, whose Bock
/// rounds cross deals: it was summarised as a first part, in `lang`.
#[pyfunction]
fn merge_refusal(variant: &str, part: usize, lang: &str) -> PyResult<String> {
    let lang = lang_of(lang)?;
    Ok(doko::tr!(
        lang,
        "error.merge_part",
        profile = variant,
        part = part
    ))
}

/// `doko compare --format json` (or `--summary`): the JSON document.
#[pyfunction]
#[pyo3(signature = (variants, path=None, text=None, name="<text>", format=None, sets=Vec::new(), lang="en", summary=false, jobs=0))]
#[allow(clippy::too_many_arguments)]
fn compare(
    py: Python<'_>,
    variants: Vec<String>,
    path: Option<&str>,
    text: Option<&str>,
    name: &str,
    format: Option<&str>,
    sets: Vec<String>,
    lang: &str,
    summary: bool,
    jobs: usize,
) -> PyResult<String> {
    let (lang, format, sets) = common(lang, format, sets)?;
    let input = input_of(path, text, name, format)?;
    py.detach(|| doko::engine::api::compare(input, &variants, &sets, (summary, jobs, lang)))
        .map_err(raise)
}

/// The built-in profiles' names.
#[pyfunction]
fn profile_names() -> Vec<&'static str> {
    doko::engine::api::profile_names()
}

/// A profile's name, title and keys as JSON.
#[pyfunction]
#[pyo3(signature = (name, sets=Vec::new(), lang="en"))]
fn profile(name: &str, sets: Vec<String>, lang: &str) -> PyResult<String> {
    let lang = lang_of(lang)?;
    let sets = sets_of(sets, lang)?;
    let info = doko::engine::api::profile(name, &sets, lang).map_err(raise)?;
    serde_json::to_string(&info).map_err(|e| plain(e.to_string()))
}

/// What a scoring thread hands over, or its error.
type Handed<T> = Option<Mutex<std::sync::mpsc::Receiver<Result<T, ApiError>>>>;

/// The next thing a scoring thread hands over, waited for without the GIL: None once the
/// thread is done (and from then on); its error raised (and nothing after it).
fn receive<T: Send>(py: Python<'_>, from: &mut Handed<T>) -> PyResult<Option<T>> {
    let Some(rx) = from.as_ref() else {
        return Ok(None);
    };
    let got = py.detach(|| match rx.lock() {
        Ok(rx) => rx.recv().map_err(|_| ()),
        Err(_) => Err(()),
    });
    match got {
        Ok(Ok(value)) => Ok(Some(value)),
        Ok(Err(e)) => {
            *from = None;
            Err(raise(e))
        }
        Err(()) => {
            *from = None;
            Ok(None)
        }
    }
}

/// `doko score`'s deals one at a time: a thread scores and records each deal's report on a
/// tape ([`tape::Tape`]), a bounded queue hands the tapes over (memory flat however long
/// the archive), and this thread builds the dicts; dropping the iterator stops the thread.
#[pyclass(module = "doko._native")]
struct ScoreIter {
    deals: Handed<tape::Tape>,
    texts: tape::Texts,
}

#[pymethods]
impl ScoreIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next batch of deals: a list of dicts.
    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<pyo3::types::PyList>>> {
        let Some(tape) = receive(py, &mut self.deals)? else {
            return Ok(None);
        };
        let out = pyo3::types::PyList::empty(py);
        tape::build(py, &tape, &mut self.texts, &out)?;
        Ok(Some(out.unbind()))
    }
}

/// The deals of `doko score --format json` as they are scored: lists of up to 256 dicts.
#[pyfunction]
#[pyo3(signature = (path=None, text=None, name="<text>".to_string(), format=None, variant=None, sets=Vec::new(), lang="en", rules=false, jobs=1, continues=false))]
#[allow(clippy::too_many_arguments)]
fn iter_scores(
    path: Option<String>,
    text: Option<String>,
    name: String,
    format: Option<&str>,
    variant: Option<String>,
    sets: Vec<String>,
    lang: &str,
    rules: bool,
    jobs: usize,
    continues: bool,
) -> PyResult<ScoreIter> {
    let (lang, format, sets) = common(lang, format, sets)?;
    // Checked here, before the thread starts: a bad argument raises at the call.
    input_of(path.as_deref(), text.as_deref(), &name, format)?;
    if let Some(v) = variant.as_deref() {
        doko::variant::Profile::load(v, &sets).map_err(|e| plain(e.render(lang)))?;
    }
    let (tx, rx) = std::sync::mpsc::sync_channel::<Result<tape::Tape, ApiError>>(4);
    std::thread::spawn(move || {
        let Ok(input) = input_of(path.as_deref(), text.as_deref(), &name, format) else {
            return;
        };
        let ask = ask(&sets, variant.as_deref(), (false, jobs, lang, continues));
        // Deals go over in batches of up to 256: one hand-over a batch, not a deal.
        let sender = tx.clone();
        let mut batch = tape::Tape::default();
        let mut open = true;
        let mut in_batch = 0;
        let mut failed = None;
        let done = doko::engine::api::score_reports(input, ask, rules, &mut |report| {
            if let Err(e) = batch.record(report) {
                failed = Some(ApiError::plain(e.to_string()));
                return false;
            }
            in_batch += 1;
            if in_batch == 256 {
                open = sender.send(Ok(std::mem::take(&mut batch))).is_ok();
                in_batch = 0;
            }
            open
        });
        if in_batch > 0 && open {
            let _ = tx.send(Ok(batch));
        }
        if let Some(e) = failed.map_or(done, Err).err() {
            let _ = tx.send(Err(e));
        }
    });
    Ok(ScoreIter {
        deals: Some(Mutex::new(rx)),
        texts: tape::Texts::default(),
    })
}

/// The engine's reader of an Arrow stream: `data.__arrow_c_stream__()`'s capsule taken.
fn arrow_input(data: &Bound<'_, PyAny>) -> PyResult<(Vec<String>, arrow::Reader)> {
    use pyo3::types::PyCapsuleMethods;
    if !data.hasattr("__arrow_c_stream__")? {
        return Err(plain(
            "give an Arrow stream: an object with __arrow_c_stream__ (a pyarrow Table or \
             RecordBatchReader, a polars DataFrame, a DuckDB result)"
                .into(),
        ));
    }
    let capsule = data.call_method0("__arrow_c_stream__")?;
    let capsule = capsule.cast::<pyo3::types::PyCapsule>()?;
    let pointer = capsule.pointer_checked(Some(c"arrow_array_stream"))?;
    // SAFETY: a capsule named `arrow_array_stream` holds a live ArrowArrayStream, ours to
    // take (the interface's rule: the consumer moves it out and leaves it released).
    unsafe { arrow::Reader::take(pointer.as_ptr().cast()) }.map_err(plain)
}

/// One part of [`score_arrow`]'s output: its rows, and each column as `(name, "int",
/// values)` or `(name, "text", offsets, data, validity or None)`, the buffers as bytes.
type ArrowPart = (usize, Vec<Py<PyAny>>);

fn part_to_python(
    py: Python<'_>,
    columns: Vec<(String, doko::render::columns::Column)>,
) -> PyResult<ArrowPart> {
    use doko::render::columns::Column;
    use pyo3::types::PyBytes;
    let bytes_of = |v: &[i64]| -> Vec<u8> { v.iter().flat_map(|x| x.to_ne_bytes()).collect() };
    let mut rows = 0;
    let mut out = Vec::with_capacity(columns.len());
    for (name, column) in columns {
        let item = match column {
            Column::Int(values) => {
                rows = values.len();
                (name, "int", PyBytes::new(py, &bytes_of(&values)))
                    .into_pyobject(py)?
                    .into_any()
                    .unbind()
            }
            Column::Text(t) => {
                let valid = t.valid.as_ref().map(|v| PyBytes::new(py, v));
                (
                    name,
                    "text",
                    PyBytes::new(py, &bytes_of(&t.offsets)),
                    PyBytes::new(py, &t.data),
                    valid,
                )
                    .into_pyobject(py)?
                    .into_any()
                    .unbind()
            }
        };
        out.push(item);
    }
    Ok((rows, out))
}

/// [`score_arrow`]'s parts as the scoring thread hands them over.
#[pyclass(module = "doko._native")]
struct ArrowParts {
    parts: Handed<Vec<(String, doko::render::columns::Column)>>,
}

#[pymethods]
impl ArrowParts {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<ArrowPart>> {
        match receive(py, &mut self.parts)? {
            Some(part) => part_to_python(py, part).map(Some),
            None => Ok(None),
        }
    }
}

/// Scores an Arrow stream with an archive's columns, read from Arrow's buffers: `doko
/// score --format csv`'s columns in parts of up to `rows` deals ([`ArrowParts`]), or with
/// `summary` the summary's JSON text.
#[pyfunction]
#[pyo3(signature = (data, name="<arrow>".to_string(), variant=None, sets=Vec::new(), lang="en", summary=false, rows=65536, jobs=1, continues=false))]
#[allow(clippy::too_many_arguments)]
fn score_arrow(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    name: String,
    variant: Option<String>,
    sets: Vec<String>,
    lang: &str,
    summary: bool,
    rows: usize,
    jobs: usize,
    continues: bool,
) -> PyResult<Py<PyAny>> {
    let lang = lang_of(lang)?;
    let sets = sets_of(sets, lang)?;
    if let Some(v) = variant.as_deref() {
        doko::variant::Profile::load(v, &sets).map_err(|e| plain(e.render(lang)))?;
    }
    let (names, reader) = arrow_input(data)?;
    let how = (summary, jobs, lang, continues);
    if summary {
        let text = py
            .detach(|| {
                let input = Input::Columns(&name, names, Box::new(reader));
                doko::engine::api::score(input, ask(&sets, variant.as_deref(), how))
            })
            .map_err(raise)?;
        return Ok(text.into_pyobject(py)?.into_any().unbind());
    }
    let (tx, rx) = std::sync::mpsc::sync_channel(2);
    std::thread::spawn(move || {
        let input = Input::Columns(&name, names, Box::new(reader));
        let sender = tx.clone();
        let done = doko::engine::api::score_columns(
            input,
            ask(&sets, variant.as_deref(), how),
            rows,
            &mut |part| sender.send(Ok(part)).is_ok(),
        );
        if let Err(e) = done {
            let _ = tx.send(Err(e));
        }
    });
    let parts = ArrowParts {
        parts: Some(Mutex::new(rx)),
    };
    Ok(parts.into_pyobject(py)?.into_any().unbind())
}

/// `doko generate`'s deals, one JSON Lines row at a time.
#[pyclass(module = "doko._native")]
struct Generated {
    deals: doko::game::generate::Deals,
    left: u64,
}

#[pymethods]
impl Generated {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<String> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let record = self.deals.next()?;
        let mut line = Vec::new();
        doko::deal::archive::write_jsonl(&mut line, &record).ok()?;
        String::from_utf8(line).ok()
    }
}

/// Random legal deals as `doko generate --format jsonl` writes them.
#[pyfunction]
#[pyo3(signature = (n, seed=0, variant=None, sets=Vec::new(), players=None, lang="en"))]
fn generate(
    n: u64,
    seed: u64,
    variant: Option<&str>,
    sets: Vec<String>,
    players: Option<Vec<String>>,
    lang: &str,
) -> PyResult<Generated> {
    let lang = lang_of(lang)?;
    let sets = sets_of(sets, lang)?;
    let variant = variant.unwrap_or(doko::variant::DEFAULT_PROFILE);
    let profile =
        doko::variant::Profile::load(variant, &sets).map_err(|e| plain(e.render(lang)))?;
    let players = players.unwrap_or_else(|| doko::game::generate::default_players(&profile));
    let deals = doko::game::generate::Deals::new(&profile, players, seed)
        .map_err(|e| plain(e.render(lang)))?;
    Ok(Generated { deals, left: n })
}

type TableKey = (String, Vec<(String, String)>, Option<Vec<String>>);

/// The tables made so far: a profile is read and a table's statements are worked out once,
/// not for every deal.
fn table(
    variant: &str,
    sets: Vec<(String, String)>,
    players: Option<Vec<String>>,
    lang: Lang,
) -> PyResult<Arc<doko::game::Table>> {
    static TABLES: OnceLock<Mutex<HashMap<TableKey, Arc<doko::game::Table>>>> = OnceLock::new();
    let key = (variant.to_string(), sets, players);
    let tables = TABLES.get_or_init(Default::default);
    if let Some(t) = tables.lock().ok().and_then(|m| m.get(&key).cloned()) {
        return Ok(t);
    }
    let profile =
        doko::variant::Profile::load(variant, &key.1).map_err(|e| plain(e.render(lang)))?;
    let table = Arc::new(
        doko::game::Table::new(profile, key.2.clone()).map_err(|e| plain(e.render(lang)))?,
    );
    if let Ok(mut m) = tables.lock() {
        // A few profiles and tables at most; a program making many keeps the last 64.
        if m.len() >= 64 {
            m.clear();
        }
        m.insert(key, table.clone());
    }
    Ok(table)
}

/// A deal played step by step ([`doko::game::Game`]).
#[pyclass(module = "doko._native")]
#[derive(Clone)]
struct Game {
    game: doko::game::Game,
    variant: String,
    /// The language of its errors, as the game was made.
    lang: Lang,
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (variant=None, sets=Vec::new(), seed=0, dealer=0, hands=None, players=None, lang="en"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        variant: Option<&str>,
        sets: Vec<String>,
        seed: u64,
        dealer: usize,
        hands: Option<Vec<Vec<String>>>,
        players: Option<Vec<String>>,
        lang: &str,
    ) -> PyResult<Game> {
        let lang = lang_of(lang)?;
        let sets = sets_of(sets, lang)?;
        let variant = variant.unwrap_or(doko::variant::DEFAULT_PROFILE);
        let table = table(variant, sets, players, lang)?;
        let hands = hands
            .map(|hs| {
                hs.iter()
                    .map(|h| {
                        h.iter()
                            .map(|t| {
                                Card::parse_token(t).map_err(|e| plain(e.message().render(lang)))
                            })
                            .collect::<PyResult<Vec<Card>>>()
                    })
                    .collect::<PyResult<Vec<_>>>()
            })
            .transpose()?;
        let game = doko::game::Game::deal(&table, dealer, seed, hands)
            .map_err(|e| plain(e.render(lang)))?;
        Ok(Game {
            game,
            variant: variant.to_string(),
            lang,
        })
    }

    /// The seat to act, or None once the deal is over.
    #[getter]
    fn current_player(&self) -> Option<usize> {
        self.game.current_player()
    }

    /// The seat names.
    #[getter]
    fn players(&self) -> Vec<String> {
        self.game.players().to_vec()
    }

    /// The profile's name.
    #[getter]
    fn variant(&self) -> String {
        self.variant.clone()
    }

    /// The language of its errors (`en`, `de`, `ja`), as it was made.
    #[getter]
    fn lang(&self) -> &'static str {
        self.lang.code()
    }

    /// `bidding`, `exchange` (a poverty's), `playing` or `over`.
    #[getter]
    fn phase(&self) -> &'static str {
        match self.game.phase() {
            doko::game::Phase::Bidding => "bidding",
            doko::game::Phase::Playing => "playing",
            doko::game::Phase::Over => "over",
            doko::game::Phase::Exchange => "exchange",
        }
    }

    /// How many action ids the profile has.
    #[getter]
    fn num_actions(&self) -> usize {
        self.game.action_count()
    }

    /// The ids of the actions the player to act may take.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyList>> {
        // The actions go into one vector kept for the thread and straight into the list:
        // nothing is allocated on the Rust side per call (issue 64).
        thread_local! {
            static LEGAL: std::cell::RefCell<Vec<doko::game::Action>> =
                std::cell::RefCell::new(Vec::with_capacity(64));
        }
        LEGAL.with_borrow_mut(|legal| {
            self.game.legal_actions_into(legal);
            pyo3::types::PyList::new(py, legal.iter().map(|&a| self.game.action_id(a)))
        })
    }

    /// An action id's name (`CQ`, `call no90`, `voluntary solo-queens`).
    fn action_name(&self, id: usize) -> PyResult<String> {
        self.game
            .action_of(id)
            .map(|a| self.game.action_name(a))
            .ok_or_else(|| plain(format!("no action {id}")))
    }

    /// Takes an action; an illegal one raises the rule it breaks and changes nothing.
    /// Its errors are in `lang`, else in the game's language.
    #[pyo3(signature = (action, lang=None))]
    fn apply(&mut self, action: usize, lang: Option<&str>) -> PyResult<()> {
        let lang = match lang {
            Some(code) => lang_of(code)?,
            None => self.lang,
        };
        let a = self.game.action_of(action).ok_or_else(|| {
            plain(format!(
                "no action {action} under {}",
                self.game.profile().name
            ))
        })?;
        self.game.apply(a).map_err(|e| plain(e.render(lang)))
    }

    /// Takes back the last action.
    fn undo(&mut self) -> bool {
        self.game.undo()
    }

    /// The deal is over.
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Each seat's game points, once over (None before).
    fn returns(&self) -> PyResult<Option<Vec<i64>>> {
        match self.game.returns() {
            None => Ok(None),
            Some(Ok(r)) => Ok(Some(r)),
            Some(Err(e)) => Err(plain(e.render(Lang::En))),
        }
    }

    /// What `player` may know, as JSON.
    fn observation_json(&self, player: usize) -> PyResult<String> {
        self.check_seat(player)?;
        serde_json::to_string(&self.game.observation(player)).map_err(|e| plain(e.to_string()))
    }

    /// What `player` may know, as numbers (see the package's README).
    fn observation_vector(&self, player: usize) -> PyResult<Vec<f32>> {
        self.check_seat(player)?;
        Ok(self.game.observation_vector(player))
    }

    /// What `player` may know, as the bytes of little-endian 32-bit floats (numpy reads
    /// them without a copy per number).
    fn observation_bytes<'py>(
        &self,
        py: Python<'py>,
        player: usize,
    ) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        self.check_seat(player)?;
        let v = self.game.observation_vector(player);
        pyo3::types::PyBytes::new_with(py, 4 * v.len(), |out: &mut [u8]| {
            for (chunk, x) in out.chunks_exact_mut(4).zip(&v) {
                chunk.copy_from_slice(&x.to_le_bytes());
            }
            Ok(())
        })
    }

    /// What an environment hands `player` at once: the observation's bytes (little-endian
    /// 32-bit floats) and the action mask's (one byte an action id, 1 where legal for her).
    fn observe<'py>(
        &self,
        py: Python<'py>,
        player: usize,
    ) -> PyResult<(
        Bound<'py, pyo3::types::PyBytes>,
        Bound<'py, pyo3::types::PyBytes>,
    )> {
        let obs = self.observation_bytes(py, player)?;
        let mut mask = vec![0u8; self.game.action_count()];
        if self.game.current_player() == Some(player) {
            for a in self.game.legal_actions() {
                mask[self.game.action_id(a)] = 1;
            }
        }
        Ok((obs, pyo3::types::PyBytes::new(py, &mask)))
    }

    /// The named slices `(name, start, stop)` of the observation vector.
    fn observation_layout(&self) -> Vec<(&'static str, usize, usize)> {
        self.game.observation_layout()
    }

    /// The length of the observation vector.
    #[getter]
    fn observation_size(&self) -> usize {
        self.game.observation_size()
    }

    /// The seat that would take the trick in play if it ended now (None before its first
    /// card).
    fn trick_taker_now(&self) -> Option<usize> {
        self.game.trick_taker_now()
    }

    /// Who took each trick so far.
    fn trick_winners(&self) -> Vec<usize> {
        self.game.trick_winners()
    }

    /// A card's eyes (`H10`: 10).
    fn eyes(&self, card: &str) -> PyResult<u16> {
        let c = Card::parse_token(card).map_err(|e| plain(e.message().render(Lang::En)))?;
        Ok(c.eyes())
    }

    /// Whether the card (`CQ`, `H10`) is a trump in the game as chosen so far.
    fn is_trump(&self, card: &str) -> PyResult<bool> {
        let c = Card::parse_token(card).map_err(|e| plain(e.message().render(Lang::En)))?;
        Ok(self.game.is_trump(c))
    }

    /// A full deal that `seat` cannot tell from this one, the other hands dealt anew from
    /// what she has not seen (determinization); the same seed, the same deal.
    fn sample_world(&self, seat: usize, seed: u64) -> PyResult<Game> {
        self.check_seat(seat)?;
        let game = self
            .game
            .sample_world(seat, seed)
            .map_err(|e| plain(e.render(self.lang)))?;
        Ok(Game {
            game,
            variant: self.variant.clone(),
            lang: self.lang,
        })
    }

    /// The cards the seat to act may play, each with its mean points for her over
    /// `worlds` sampled deals of `rollouts` random play-outs a card, best first (the
    /// library's determinized search); empty where she has no card to play now.
    #[pyo3(signature = (worlds, rollouts, seed))]
    fn search_cards(
        &self,
        py: Python<'_>,
        worlds: usize,
        rollouts: usize,
        seed: u64,
    ) -> PyResult<Vec<(usize, f64)>> {
        let budget = doko::game::Budget { worlds, rollouts };
        let weighed = py
            .detach(|| self.game.search_cards(budget, seed))
            .map_err(|e| plain(e.render(self.lang)))?;
        Ok(weighed
            .into_iter()
            .map(|(a, v)| (self.game.action_id(a), v))
            .collect())
    }

    /// The deal double dummy from here (every hand open, both parties playing
    /// perfectly, the parties as known now): Re's eyes at the end, the ids of the cards the
    /// player to play may play that reach them, and the bounds found. `limit`: the
    /// positions the search may visit (None: none; an early position of a 48-card deal
    /// may take minutes); where it stops first, the eyes are None, the cards empty and
    /// the bounds what it found. Refused before the play, or where the parties are not
    /// known yet.
    #[pyo3(signature = (limit=None))]
    fn solve(&self, py: Python<'_>, limit: Option<u64>) -> PyResult<Solved> {
        let (value, best) = py
            .detach(|| self.game.solve(limit))
            .map_err(|e| plain(e.render(self.lang)))?;
        let best = best
            .unwrap_or_default()
            .into_iter()
            .map(|a| self.game.action_id(a))
            .collect();
        Ok((value.exact(), best, (value.lo, value.hi)))
    }

    /// Each seat's hand now (what no single player sees: for tests and worlds).
    fn hands(&self) -> Vec<Vec<String>> {
        (0..self.game.players().len())
            .map(|s| self.game.hand(s).iter().map(ToString::to_string).collect())
            .collect()
    }

    /// Each seat's hand as dealt, before a poverty's exchange (a seat that sits out:
    /// none).
    fn dealt(&self) -> Vec<Vec<String>> {
        self.game
            .dealt()
            .iter()
            .map(|h| h.iter().map(ToString::to_string).collect())
            .collect()
    }

    /// The ids of the actions taken so far, in order.
    fn history(&self) -> Vec<usize> {
        self.game
            .history()
            .iter()
            .map(|a| self.game.action_id(*a))
            .collect()
    }

    /// `zero-sum` where every deal's points add up to 0 under the profile (the sheet's
    /// winners +, losers -), else `general-sum` (Kloepper: only the side that scores
    /// writes; FreeDoko's `counting = minus`).
    #[getter]
    fn utility(&self) -> &'static str {
        match self.game.profile().scoring.sheet {
            doko::variant::Counting::ZeroSum => "zero-sum",
            _ => "general-sum",
        }
    }

    /// The dealer's seat.
    #[getter]
    fn dealer(&self) -> usize {
        self.game.dealer()
    }

    /// An independent copy.
    fn clone(&self) -> Game {
        Clone::clone(self)
    }

    /// The finished deal as a TOML record file, once over.
    fn to_toml(&self) -> Option<String> {
        self.game.record_toml(&self.variant)
    }

    /// The finished deal as the record file's data (JSON text), once over.
    fn to_record_json(&self) -> PyResult<Option<String>> {
        let Some(text) = self.game.record_toml(&self.variant) else {
            return Ok(None);
        };
        let value: toml::Table = toml::from_str(&text).map_err(|e| plain(e.to_string()))?;
        serde_json::to_string(&value)
            .map(Some)
            .map_err(|e| plain(e.to_string()))
    }
}

impl Game {
    fn check_seat(&self, player: usize) -> PyResult<()> {
        if player < self.game.players().len() {
            Ok(())
        } else {
            Err(plain(format!("no seat {player}")))
        }
    }
}

/// `n` deals stepped together: one native call steps them all and writes what a learner
/// reads into buffers made once (Python's `bytearray`s, which the package shows as numpy
/// arrays without a copy): the observation of the seat to act, her legal actions, the seat,
/// and the finished deals' returns. No Python object is made per deal or per step. Deal `i`
/// is the deal of `Game(variant, seed=seed + i)`; a finished deal is dealt again at once
/// (slot `i`'s `k`-th deal from seed `seed + i + k * n`), its returns kept for that step.
#[pyclass(module = "doko._native")]
struct VecGame {
    table: Arc<doko::game::Table>,
    games: Vec<doko::game::Game>,
    /// How many deals each slot has finished.
    dealt: Vec<u64>,
    seed: u64,
    dealer: usize,
    seats: usize,
    size: usize,
    actions: usize,
    /// The legal actions of each deal now (`[n][actions]`), as the mask buffer shows them:
    /// what a step is checked against.
    legal: Vec<u8>,
    /// The draws of [`VecGame::random_actions`].
    rng: doko::game::generate::Rng,
    /// A deal's observation and legal actions, reused.
    scratch: Vec<f32>,
    moves: Vec<doko::game::Action>,
    /// `[n][size]` little-endian f32: each deal's observation for the seat to act.
    obs: Py<PyByteArray>,
    /// `[n][actions]` bytes of 0 and 1: each deal's legal actions.
    mask: Py<PyByteArray>,
    /// `[n]` little-endian i64: the seat to act in each deal.
    players: Py<PyByteArray>,
    /// `[n]` bytes of 0 and 1: the deals the last step finished (and dealt again).
    dones: Py<PyByteArray>,
    /// `[n][seats]` little-endian i64: the returns of the deals the last step finished.
    returns: Py<PyByteArray>,
    /// `[n]` little-endian i64: the actions of the next step, written by the package.
    chosen: Py<PyByteArray>,
}

use pyo3::types::PyByteArray;

/// The bytes of a buffer of the batch, to write.
///
/// # Safety
///
/// The caller holds the GIL and runs no Python code while the slice lives, so nothing
/// else reads, writes or resizes the `bytearray` meanwhile (numpy's views of it pin its
/// size: a `bytearray` with exported buffers cannot be resized).
// The mutable bytes of a shared handle: what `PyByteArray::as_bytes_mut` is, under the
// contract above.
#[allow(clippy::mut_from_ref)]
unsafe fn bytes_of<'a>(buffer: &'a Bound<'_, PyByteArray>) -> &'a mut [u8] {
    // SAFETY: as the function's contract says.
    unsafe { buffer.as_bytes_mut() }
}

impl VecGame {
    fn deal(&self, slot: usize) -> PyResult<doko::game::Game> {
        let n = self.dealt.len().max(1) as u64;
        let seed = self
            .seed
            .wrapping_add(slot as u64)
            .wrapping_add(self.dealt.get(slot).copied().unwrap_or(0).wrapping_mul(n));
        doko::game::Game::deal(&self.table, self.dealer, seed, None)
            .map_err(|e| plain(e.render(Lang::En)))
    }

    /// Writes deal `i`'s observation, legal actions and seat to act into the buffers.
    fn fill(&mut self, py: Python<'_>, i: usize) {
        let g = &self.games[i];
        let seat = g.current_player().unwrap_or(0);
        g.observation_into(seat, &mut self.scratch);
        g.legal_actions_into(&mut self.moves);
        let k = self.actions;
        let legal = &mut self.legal[i * k..(i + 1) * k];
        legal.fill(0);
        for &a in &self.moves {
            legal[g.action_id(a)] = 1;
        }
        let (obs, mask, players) = (self.obs.bind(py), self.mask.bind(py), self.players.bind(py));
        // SAFETY: the GIL is held and no Python code runs until these slices are gone.
        let (obs, mask, players) = unsafe { (bytes_of(obs), bytes_of(mask), bytes_of(players)) };
        let row = &mut obs[4 * self.size * i..4 * self.size * (i + 1)];
        for (chunk, x) in row.chunks_exact_mut(4).zip(&self.scratch) {
            chunk.copy_from_slice(&x.to_le_bytes());
        }
        mask[i * k..(i + 1) * k].copy_from_slice(legal);
        players[8 * i..8 * (i + 1)].copy_from_slice(&(seat as i64).to_le_bytes());
    }
}

#[pymethods]
impl VecGame {
    #[new]
    #[pyo3(signature = (variant=None, n=1, seed=0, sets=Vec::new(), dealer=0))]
    fn new(
        py: Python<'_>,
        variant: Option<&str>,
        n: usize,
        seed: u64,
        sets: Vec<String>,
        dealer: usize,
    ) -> PyResult<VecGame> {
        if n == 0 || n > 1 << 20 {
            return Err(plain(format!("n {n}: from 1 to {}", 1 << 20)));
        }
        let sets = sets_of(sets, Lang::En)?;
        let variant = variant.unwrap_or(doko::variant::DEFAULT_PROFILE);
        let table = table(variant, sets, None, Lang::En)?;
        let probe = doko::game::Game::deal(&table, dealer, seed, None)
            .map_err(|e| plain(e.render(Lang::En)))?;
        let (seats, size, actions) = (
            probe.players().len(),
            probe.observation_size(),
            probe.action_count(),
        );
        let buffer = |len: usize| PyByteArray::new_with(py, len, |_| Ok(())).map(Bound::unbind);
        let mut v = VecGame {
            table,
            games: Vec::with_capacity(n),
            dealt: vec![0; n],
            seed,
            dealer,
            seats,
            size,
            actions,
            legal: vec![0; n * actions],
            rng: doko::game::generate::Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15),
            scratch: Vec::with_capacity(size),
            moves: Vec::with_capacity(64),
            obs: buffer(4 * size * n)?,
            mask: buffer(actions * n)?,
            players: buffer(8 * n)?,
            dones: buffer(n)?,
            returns: buffer(8 * seats * n)?,
            chosen: buffer(8 * n)?,
        };
        for i in 0..n {
            let g = v.deal(i)?;
            v.games.push(g);
            v.fill(py, i);
        }
        Ok(v)
    }

    /// How many deals are stepped together.
    #[getter]
    fn n(&self) -> usize {
        self.games.len()
    }

    /// Seats at the table.
    #[getter]
    fn seats(&self) -> usize {
        self.seats
    }

    /// The length of an observation.
    #[getter]
    fn observation_size(&self) -> usize {
        self.size
    }

    /// How many action ids the profile has.
    #[getter]
    fn num_actions(&self) -> usize {
        self.actions
    }

    /// The buffers, in this order: observations, masks, seats to act, dones, returns, and
    /// the actions of the next step (the only one the package writes).
    fn buffers<'py>(&self, py: Python<'py>) -> [Bound<'py, PyByteArray>; 6] {
        [
            &self.obs,
            &self.mask,
            &self.players,
            &self.dones,
            &self.returns,
            &self.chosen,
        ]
        .map(|b| b.bind(py).clone())
    }

    /// Writes a legal action of each deal, drawn uniformly, into the actions buffer (the
    /// draws start from the batch's seed): random players for a whole batch in one call.
    fn random_actions(&mut self, py: Python<'_>) {
        let k = self.actions;
        // SAFETY: the GIL is held and no Python code runs while the slice lives.
        let chosen = unsafe { bytes_of(self.chosen.bind(py)) };
        for (legal, out) in self.legal.chunks_exact(k).zip(chosen.chunks_exact_mut(8)) {
            let count = legal.iter().filter(|&&x| x == 1).count();
            let pick = self.rng.below(count.max(1));
            let id = legal
                .iter()
                .enumerate()
                .filter(|(_, x)| **x == 1)
                .nth(pick)
                .map_or(0, |(a, _)| a);
            out.copy_from_slice(&(id as i64).to_le_bytes());
        }
    }

    /// Takes one action in every deal, the actions buffer's (`[i]` in deal `i`, by the seat
    /// to act), and writes the buffers anew. All are checked first: an illegal one raises
    /// and no deal moves. A deal that ends is marked done, its returns kept, and dealt
    /// again.
    fn step(&mut self, py: Python<'_>) -> PyResult<()> {
        let n = self.games.len();
        let k = self.actions;
        let mut taken = Vec::with_capacity(n);
        {
            // SAFETY: the GIL is held and no Python code runs while the slice lives.
            let chosen = unsafe { bytes_of(self.chosen.bind(py)) };
            for (i, (g, raw)) in self.games.iter().zip(chosen.chunks_exact(8)).enumerate() {
                let id = i64::from_le_bytes(raw.try_into().unwrap_or_default());
                let legal = usize::try_from(id)
                    .ok()
                    .filter(|&a| a < k && self.legal[i * k + a] == 1)
                    .and_then(|a| g.action_of(a));
                match legal {
                    Some(a) => taken.push(a),
                    None => return Err(plain(format!("deal {i}: action {id} is not legal now"))),
                }
            }
        }
        let seats = self.seats;
        for (i, a) in taken.into_iter().enumerate() {
            self.games[i]
                .apply(a)
                .map_err(|e| plain(format!("deal {i}: {}", e.render(Lang::En))))?;
            let over = self.games[i].is_over();
            let points = if over {
                match self.games[i].returns() {
                    Some(Ok(r)) => r,
                    Some(Err(e)) => return Err(plain(e.render(Lang::En))),
                    None => vec![0; seats],
                }
            } else {
                Vec::new()
            };
            {
                // SAFETY: the GIL is held and no Python code runs while the slices live.
                let (dones, returns) = unsafe {
                    (
                        bytes_of(self.dones.bind(py)),
                        bytes_of(self.returns.bind(py)),
                    )
                };
                dones[i] = u8::from(over);
                let row = &mut returns[8 * seats * i..8 * seats * (i + 1)];
                row.fill(0);
                for (chunk, x) in row.chunks_exact_mut(8).zip(&points) {
                    chunk.copy_from_slice(&x.to_le_bytes());
                }
            }
            if over {
                self.dealt[i] += 1;
                self.games[i] = self.deal(i)?;
            }
            self.fill(py, i);
        }
        Ok(())
    }
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("NativeError", m.py().get_type::<NativeError>())?;
    m.add("DEFAULT_PROFILE", doko::variant::DEFAULT_PROFILE)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(iter_scores, m)?)?;
    m.add_class::<ScoreIter>()?;
    m.add_function(wrap_pyfunction!(score_arrow, m)?)?;
    m.add_class::<ArrowParts>()?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(profile_names, m)?)?;
    m.add_function(wrap_pyfunction!(profile, m)?)?;
    m.add_function(wrap_pyfunction!(merge_refusal, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_class::<Generated>()?;
    m.add_class::<Game>()?;
    m.add_class::<VecGame>()?;
    Ok(())
}
