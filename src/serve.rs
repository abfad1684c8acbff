//! `doko serve`: the league sheets as a page for phones at the card table.
//!
//! Every change goes through the library's `league::file` (`append`, `replace`, `undo`):
//! the same checks, lock and atomic write as `league add`, so the page and the command
//! line can change a sheet at the same moment without losing a deal. The page asks for
//! the sheet's state every two seconds and redraws when the file changed, whoever
//! changed it. It loads nothing from elsewhere: its style and script are in the page.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result};
use axum::Json;
use axum::extract::{Query, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use doko::engine::page::{self, Call};
use doko::league::file::{self, DealEntry, FileError};
use doko::render::PageAnswer;
use serde::Deserialize;

use crate::cli::ServeArgs;
use doko::render::html::{self, esc};

/// The sheets served and the token every request must carry (`--lan`).
struct App {
    files: Vec<String>,
    names: Vec<String>,
    /// Tournament files: their standings at `/tournament?n=K`.
    tournaments: Vec<String>,
    token: Option<String>,
    /// The `Host` values a request may carry: this server's addresses with its port (set
    /// once it listens). Any other name is refused: a site whose name is made to resolve to
    /// this computer (DNS rebinding) is not this server.
    hosts: std::sync::OnceLock<Vec<String>>,
}

pub fn run(args: &ServeArgs) -> Result<ExitCode> {
    let mut files = Vec::new();
    let mut tournaments = Vec::new();
    for f in &args.files {
        // A tournament file stands for the sheets of its tables (of the rounds drawn).
        if let Ok(t) = doko::club::tournament::Tournament::read(f) {
            for round in &t.drawn {
                for table in &round.tables {
                    files.push(t.sheet_path(table).display().to_string());
                }
            }
            tournaments.push(f.clone());
            continue;
        }
        files.push(f.clone());
    }
    let mut names = Vec::new();
    for f in &files {
        let text = file::read(f).map_err(crate::cmd::league::file_error)?;
        let lg = doko::league::evaluate(f, &text, None).map_err(crate::cmd::league::report)?;
        names.push(lg.name);
    }
    if files.is_empty() && tournaments.is_empty() {
        anyhow::bail!("{}", crate::lang().t("error.nothing_to_serve"));
    }
    let token = args.lan.then(new_token).transpose()?;
    let app = Arc::new(App {
        files,
        names,
        tournaments,
        token,
        hosts: std::sync::OnceLock::new(),
    });
    let ip = if args.lan {
        IpAddr::V4(Ipv4Addr::UNSPECIFIED)
    } else {
        IpAddr::V4(Ipv4Addr::LOCALHOST)
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .with_context(|| crate::lang().t("error.server_start"))?;
    runtime.block_on(serve(app, SocketAddr::new(ip, args.port)))?;
    Ok(ExitCode::SUCCESS)
}

async fn serve(app: Arc<App>, addr: SocketAddr) -> Result<()> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| doko::tr!(crate::lang(), "error.server_listen", addr = addr))?;
    let port = listener.local_addr()?.port();
    let mut hosts = vec![
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ];
    if app.token.is_some()
        && let Some(ip) = lan_address()
    {
        hosts.push(SocketAddr::new(ip, port).to_string());
    }
    let _ = app.hosts.set(hosts);
    announce(&app, port);
    let router = axum::Router::new()
        .route("/", get(page))
        .route("/tournament", get(tournament))
        .route("/state", get(state))
        .route("/deal", get(deal))
        .route("/check", post(check))
        .route("/add", post(add))
        .route("/edit", post(edit))
        .route("/undo", post(undo))
        .route("/penalty", post(penalty))
        .route("/close", post(close))
        .route("/settle", post(settle))
        .layer(middleware::from_fn_with_state(app.clone(), guard))
        .with_state(app);
    accept(listener, router)
        .await
        .with_context(|| crate::lang().t("error.server_stopped"))
}

/// Connections served at once (each holds a file handle). A new one past this number
/// closes the oldest, so that clients that open connections and finish no request cannot
/// keep a real one out.
const MAX_CONNECTIONS: usize = 1000;

/// Connections one address may hold at once; a new one past this number closes that
/// address's oldest (a phone on the network is never shut out by another computer).
const MAX_CONNECTIONS_PER_ADDRESS: usize = 64;

/// How long a client may take to send a request's head.
const HEADER_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// How long a client may take to send a request's body, once its head is in.
const BODY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// The largest request body taken (a deal entered on the page is a few hundred bytes).
const MAX_BODY: usize = 64 << 10;

/// How long one connection may stay open (the page opens another as it needs).
const CONNECTION_LIFETIME: std::time::Duration = std::time::Duration::from_secs(600);

/// The connections open, oldest first: each one's number, its client's address and how
/// to close it.
#[derive(Default)]
struct Connections {
    open: std::collections::VecDeque<(u64, IpAddr, tokio::task::AbortHandle)>,
    next: u64,
}

impl Connections {
    /// A new connection's number.
    fn admit(&mut self) -> u64 {
        self.next += 1;
        self.next
    }

    /// Makes room for one more connection from `ip`: the oldest of that address past
    /// [`MAX_CONNECTIONS_PER_ADDRESS`], else the oldest of all past [`MAX_CONNECTIONS`],
    /// is closed.
    fn make_room(&mut self, ip: IpAddr) {
        let mine = self.open.iter().filter(|c| c.1 == ip).count();
        let oldest = if mine >= MAX_CONNECTIONS_PER_ADDRESS {
            self.open.iter().position(|c| c.1 == ip)
        } else if self.open.len() >= MAX_CONNECTIONS {
            Some(0)
        } else {
            None
        };
        if let Some((_, _, handle)) = oldest.and_then(|i| self.open.remove(i)) {
            handle.abort();
        }
    }

    fn close(&mut self, id: u64) {
        if let Some(i) = self.open.iter().position(|c| c.0 == id) {
            self.open.remove(i);
        }
    }
}

/// Takes a connection off [`Connections`] when it ends.
struct Open(Arc<std::sync::Mutex<Connections>>, u64);

impl Drop for Open {
    fn drop(&mut self) {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .close(self.1);
    }
}

/// Serves `router` on `listener`: HTTP/1 with a time limit on a request's head (and, in
/// [`guard`], on its body), each connection for at most [`CONNECTION_LIFETIME`], and at
/// most [`MAX_CONNECTIONS`] at once ([`MAX_CONNECTIONS_PER_ADDRESS`] from one address):
/// a new connection past them closes the oldest, so that slow clients, however many,
/// cannot keep a real request out.
async fn accept(listener: tokio::net::TcpListener, router: axum::Router) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let connections = Arc::new(std::sync::Mutex::new(Connections::default()));
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(s) => s,
            // Out of file handles and the like: wait a moment, serve on.
            Err(_) => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = hyper_util::service::TowerToHyperService::new(router.clone());
        // Held until the new connection is listed: one that ends at once takes itself off
        // the list (`Open`) only after it is on it.
        let mut all = connections
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        all.make_room(peer.ip());
        let id = all.admit();
        let count = Open(connections.clone(), id);
        let task = tokio::spawn(async move {
            let _count = count;
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .serve_connection(TokioIo::new(stream), service);
            let _ = tokio::time::timeout(CONNECTION_LIFETIME, conn).await;
        });
        all.open.push_back((id, peer.ip(), task.abort_handle()));
    }
}

/// Says where the page is: the loopback address, or with `--lan` the network address
/// with its token and a QR code of it.
/// Standard output may be closed (a pipe whose reader is gone): the server goes on.
fn announce(app: &App, port: u16) {
    use std::io::Write;
    let sheets = app.files.join(", ");
    let lang = crate::lang();
    let text = match &app.token {
        None => doko::tr!(lang, "serve.local", sheets = sheets, port = port) + "\n",
        Some(token) => {
            let host = lan_address().map_or("THIS-COMPUTER".to_string(), |ip| ip.to_string());
            let url = format!("http://{host}:{port}/?t={token}");
            let code = doko::render::qr::terminal(&url).unwrap_or_default();
            let at = doko::tr!(lang, "serve.lan", sheets = sheets, url = url);
            let token = lang.t("serve.token");
            format!("{at}\n{token}\n{code}\n")
        }
    };
    let mut out = std::io::stdout().lock();
    let text = doko::render::for_terminal(&text);
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// The address other computers of the network reach this one at (no packet is sent).
fn lan_address() -> Option<IpAddr> {
    let socket = std::net::UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then_some(ip)
}

/// 128 random bits from the system, as hex.
fn new_token() -> Result<String> {
    use std::io::Read;
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .with_context(|| crate::lang().t("error.server_token"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Refuses requests to another host name than this server's, without the token (`--lan`),
/// and changes sent by another site's page; every answer carries the security headers.
async fn guard(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let mut response = check_request(&app, request, next).await;
    let headers = response.headers_mut();
    for (name, value) in [
        (
            header::CONTENT_SECURITY_POLICY,
            "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        ),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::CACHE_CONTROL, "no-store"),
        (header::REFERRER_POLICY, "no-referrer"),
    ] {
        headers.insert(name, axum::http::HeaderValue::from_static(value));
    }
    response
}

/// Why a change (any request but `GET`) is refused as coming from another site's page, if
/// it is: the browser says so (`Sec-Fetch-Site` other than `same-origin` or `none`), or its
/// `Origin` is not this server's `Host`. A client that sends neither (not a browser) is let
/// through: the host name, and with `--lan` the token, were checked before.
fn other_site(headers: &HeaderMap) -> bool {
    let site = headers.get("sec-fetch-site").map(|s| s.as_bytes());
    if site.is_some_and(|s| s != b"same-origin" && s != b"none") {
        return true;
    }
    let host = headers.get(header::HOST).map(|h| h.as_bytes());
    let origin = headers.get(header::ORIGIN).map(|o| o.as_bytes());
    if let Some(origin) = origin {
        let same = origin
            .strip_prefix(b"http://")
            .is_some_and(|rest| host == Some(rest));
        return !same;
    }
    false
}

/// A refusal of the guard: its status and its line in the request's language (the
/// browser's `Accept-Language`, else doko's own).
fn refusal(status: StatusCode, headers: &HeaderMap, text: doko::lang::Text) -> Response {
    let lang = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|h| h.to_str().ok())
        .and_then(doko::lang::Lang::from_accept_language)
        .unwrap_or_else(crate::lang);
    (status, Json(PageAnswer::refused(vec![text.render(lang)]))).into_response()
}

/// Axum's own refusals (a query or a body the page does not send, a body that is not
/// JSON) as the page's: its JSON error in the reader's language, the status kept.
fn in_page_words(answer: Response, headers: &HeaderMap) -> Response {
    let plain = answer.headers().get(header::CONTENT_TYPE);
    if answer.status().is_client_error()
        && plain.is_some_and(|c| c.as_bytes().starts_with(b"text/plain"))
    {
        return refusal(answer.status(), headers, doko::msg!("serve.bad_request"));
    }
    answer
}

/// What [`guard`] lets through to the page, or why not.
async fn check_request(app: &App, request: Request, next: Next) -> Response {
    let host = request.headers().get(header::HOST).map(|h| h.as_bytes());
    let ours = app
        .hosts
        .get()
        .is_some_and(|hosts| host.is_some_and(|h| hosts.iter().any(|x| x.as_bytes() == h)));
    if !ours {
        return refusal(
            StatusCode::FORBIDDEN,
            request.headers(),
            doko::msg!("serve.own_address_only"),
        );
    }
    if let Some(token) = &app.token {
        let in_query = request.uri().query().is_some_and(|q| {
            q.split('&')
                .any(|kv| kv.strip_prefix("t=").is_some_and(|t| t == token))
        });
        let in_header = request
            .headers()
            .get("x-doko-token")
            .is_some_and(|v| v.as_bytes() == token.as_bytes());
        if !in_query && !in_header {
            return refusal(
                StatusCode::FORBIDDEN,
                request.headers(),
                doko::msg!("serve.token_missing"),
            );
        }
    }
    if request.method() != axum::http::Method::GET {
        if other_site(request.headers()) {
            return refusal(
                StatusCode::FORBIDDEN,
                request.headers(),
                doko::msg!("serve.other_site"),
            );
        }
        let headers = request.headers().clone();
        // The body, in at most BODY_TIMEOUT: a client that sends it byte by byte holds no
        // connection for longer.
        let (parts, body) = request.into_parts();
        let bytes =
            match tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, MAX_BODY)).await {
                Ok(Ok(bytes)) => bytes,
                Ok(Err(_)) => {
                    return refusal(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        &headers,
                        doko::msg!("serve.body_too_large", kib = MAX_BODY / 1024),
                    );
                }
                Err(_) => {
                    let mut answer = refusal(
                        StatusCode::REQUEST_TIMEOUT,
                        &headers,
                        doko::msg!("serve.body_too_slow", seconds = BODY_TIMEOUT.as_secs()),
                    );
                    answer.headers_mut().insert(
                        header::CONNECTION,
                        axum::http::HeaderValue::from_static("close"),
                    );
                    return answer;
                }
            };
        let request = Request::from_parts(parts, axum::body::Body::from(bytes));
        return in_page_words(next.run(request).await, &headers);
    }
    let headers = request.headers().clone();
    in_page_words(next.run(request).await, &headers)
}

#[derive(Deserialize)]
struct Where {
    #[serde(default)]
    sheet: usize,
    /// The stamp of the state the page shows (`/state`).
    since: Option<String>,
    /// The deal to read or edit (1 for the first).
    deal: Option<usize>,
    /// The language the user picked on the page (`en`, `de`, `ja`).
    lang: Option<String>,
}

/// The language of a request: the user's pick (`lang=`), else the browser's
/// `Accept-Language`, else doko's own (`--lang`, the locale).
fn lang_of(at: &Where, headers: &HeaderMap) -> doko::lang::Lang {
    at.lang
        .as_deref()
        .and_then(doko::lang::Lang::from_code)
        .or_else(|| {
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|h| h.to_str().ok())
                .and_then(doko::lang::Lang::from_accept_language)
        })
        .unwrap_or_else(crate::lang)
}

impl App {
    /// The sheet a request names, else why not (404).
    fn file(&self, at: &Where) -> Result<String, doko::lang::Text> {
        self.files.get(at.sheet).cloned().ok_or_else(|| {
            let (sheet, sheets) = (at.sheet, self.files.len());
            doko::msg!("error.no_such_sheet", sheet = sheet, sheets = sheets)
        })
    }
}

/// Runs `call` on the sheet the request names, off the server's threads, and answers with
/// what the library says (as JSON, or "nothing changed"). A change holds the sheet's lock
/// from reading the sheet to writing what the library made of it.
async fn on_sheet(app: &App, at: &Where, headers: &HeaderMap, call: Call) -> Response {
    let file = match app.file(at) {
        Ok(f) => f,
        Err(why) => return refusal(StatusCode::NOT_FOUND, headers, why),
    };
    let lang = lang_of(at, headers);
    let change = !matches!(
        call,
        Call::State { .. } | Call::Deal(_) | Call::Check(_) | Call::Settle(_)
    );
    let work = move || -> Result<page::Answer, FileError> {
        let _lock = match change {
            true => Some(file::lock(&file, file::LOCK_PATIENCE, &mut |_| {})?),
            false => None,
        };
        let text = file::read(&file)?;
        let answer = page::answer(&file, &text, call, lang);
        if let Some(after) = &answer.text {
            file::write_atomically(&file, after)?;
        }
        Ok(answer)
    };
    let answer = off_thread(lang, move || {
        work().unwrap_or_else(|e| page::Answer {
            page: Some(PageAnswer::refused(
                e.plain().iter().map(|t| t.render(lang)).collect(),
            )),
            text: None,
        })
    })
    .await;
    match answer.page {
        Some(a) => Json(a).into_response(),
        None => StatusCode::NO_CONTENT.into_response(),
    }
}

/// `work` off the server's threads, speaking `lang` (a panic there goes on here).
async fn off_thread<T: Send + 'static>(
    lang: doko::lang::Lang,
    work: impl FnOnce() -> T + Send + 'static,
) -> T {
    match tokio::task::spawn_blocking(move || crate::with_lang(lang, work)).await {
        Ok(t) => t,
        Err(e) => std::panic::resume_unwind(e.into_panic()),
    }
}

async fn page(
    State(app): State<Arc<App>>,
    Query(at): Query<Where>,
    headers: HeaderMap,
) -> Response {
    let file = match app.file(&at) {
        Ok(f) => f,
        Err(why) => return refusal(StatusCode::NOT_FOUND, &headers, why),
    };
    let served = app.clone();
    let lang = lang_of(&at, &headers);
    let page = off_thread(lang, move || {
        let served_as = html::Served {
            sheets: &served.names,
            current: at.sheet,
            token: served.token.as_deref(),
            tournaments: &served.tournaments,
        };
        match file::read(&file) {
            Ok(text) => page::page(&file, &text, &served_as, lang),
            Err(e) => page::error_page(&file, &page::located(&e, lang), lang),
        }
    })
    .await;
    Html(page).into_response()
}

/// A tournament's standings as its tables' sheets stand, read again every ten seconds.
async fn tournament(
    State(app): State<Arc<App>>,
    Query(at): Query<Where>,
    headers: HeaderMap,
) -> Response {
    let Some(file) = app.tournaments.get(at.sheet).cloned() else {
        let why = doko::msg!("serve.no_tournament");
        return refusal(StatusCode::NOT_FOUND, &headers, why);
    };
    let token = app.token.clone();
    let lang = lang_of(&at, &headers);
    let page = off_thread(
        lang,
        move || match doko::club::tournament::Tournament::read(&file) {
            Ok(t) => {
                let standings = doko::club::tournament::standings(&t);
                let page = doko::render::tournament::standings_page(&standings, lang);
                let back = token.map_or("/".to_string(), |t| format!("/?t={}", esc(&t)));
                let label = esc(crate::lang().t("page.back_to_tables"));
                let back = format!("<body>\n<p><a href=\"{back}\">&larr; {label}</a></p>\n");
                let refresh = "<meta http-equiv=\"refresh\" content=\"10\">\n</head>";
                page.replacen("</head>", refresh, 1)
                    .replacen("<body>\n", &back, 1)
            }
            Err(e) => page::error_page(&file, &[e.to_string()], lang),
        },
    )
    .await;
    Html(page).into_response()
}

/// The sheet's state, or nothing (204) where it has not changed since the stamp `since`.
async fn state(
    State(app): State<Arc<App>>,
    Query(at): Query<Where>,
    headers: HeaderMap,
) -> Response {
    let since = at.since.clone();
    on_sheet(&app, &at, &headers, Call::State { since }).await
}

/// A deal as entered, for the form to edit it.
async fn deal(
    State(app): State<Arc<App>>,
    Query(at): Query<Where>,
    headers: HeaderMap,
) -> Response {
    let number = at.deal.unwrap_or(0);
    on_sheet(&app, &at, &headers, Call::Deal(number)).await
}

/// What the deal would be: the engine's verdict on the form as it stands, nothing written.
async fn check(
    State(app): State<Arc<App>>,
    Query(at): Query<Where>,
    headers: HeaderMap,
    Json(body): Json<page::Checked>,
) -> Response {
    on_sheet(&app, &at, &headers, Call::Check(body)).await
}

async fn add(
    State(app): State<Arc<App>>,
    Query(at): Query<Where>,
    headers: HeaderMap,
    Json(entry): Json<DealEntry>,
) -> Response {
    on_sheet(&app, &at, &headers, Call::Add(entry)).await
}

async fn edit(
    State(app): State<Arc<App>>,
    Query(at): Query<Where>,
    headers: HeaderMap,
    Json(entry): Json<DealEntry>,
) -> Response {
    let number = at.deal.unwrap_or(0);
    on_sheet(&app, &at, &headers, Call::Edit(number, entry)).await
}

async fn undo(
    State(app): State<Arc<App>>,
    Query(at): Query<Where>,
    headers: HeaderMap,
) -> Response {
    on_sheet(&app, &at, &headers, Call::Undo).await
}

/// `league penalty` from the page: a penalty after the last deal.
async fn penalty(
    State(app): State<Arc<App>>,
    Query(at): Query<Where>,
    headers: HeaderMap,
    Json(entry): Json<page::PenaltyEntry>,
) -> Response {
    on_sheet(&app, &at, &headers, Call::Penalty(entry)).await
}

/// `league close` from the page: the round ends; the solos still owed follow.
async fn close(
    State(app): State<Arc<App>>,
    Query(at): Query<Where>,
    headers: HeaderMap,
) -> Response {
    on_sheet(&app, &at, &headers, Call::Close).await
}

/// `league settle` from the page: the money at the price asked; nothing is written.
async fn settle(
    State(app): State<Arc<App>>,
    Query(at): Query<Where>,
    headers: HeaderMap,
    Json(ask): Json<page::SettleAsk>,
) -> Response {
    on_sheet(&app, &at, &headers, Call::Settle(ask)).await
}
