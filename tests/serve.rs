//! `doko serve` over HTTP, without a browser: who may ask (loopback by default, the token
//! with `--lan`, no changes from another site's page), and that refused changes write
//! nothing.

mod common;

use std::io::{BufRead, BufReader};
use std::net::{Ipv4Addr, TcpStream, UdpSocket};
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use common::{Killed, command as doko};
use serde_json::{Value, json};

fn sheet(dir: &Path) -> String {
    common::run_in(
        dir,
        &[
            "league",
            "new",
            "abend.toml",
            "--players",
            "Anna,Ben,Cara,Dirk",
        ],
    );
    dir.join("abend.toml").display().to_string()
}

/// Starts `doko serve`; its first lines of output.
fn serve(file: &str, lan: bool) -> (Killed, Vec<String>) {
    let mut cmd = doko();
    cmd.args(["serve", file, "--port", "0"]);
    if lan {
        cmd.arg("--lan");
    }
    let mut child = cmd.stdout(Stdio::piped()).spawn().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut lines = Vec::new();
    for _ in 0..if lan { 2 } else { 1 } {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        lines.push(line.trim_end().to_string());
    }
    // Keep reading (the QR code), so that the server never blocks on a full pipe.
    std::thread::spawn(move || for _ in out.lines() {});
    (Killed(child), lines)
}

fn url_in(line: &str) -> String {
    line.split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line}"))
        .to_string()
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into()
}

fn get(url: &str) -> (u16, String) {
    let mut r = agent().get(url).call().unwrap();
    (r.status().as_u16(), r.body_mut().read_to_string().unwrap())
}

fn post(url: &str, body: &Value, headers: &[(&str, &str)]) -> (u16, String) {
    let mut req = agent().post(url).header("content-type", "application/json");
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let mut r = req.send(body.to_string()).unwrap();
    (r.status().as_u16(), r.body_mut().read_to_string().unwrap())
}

/// This machine's address on its network, if it has one.
fn lan_ip() -> Option<std::net::IpAddr> {
    let s = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    s.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = s.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

#[test]
fn by_default_only_this_computer_is_served() {
    let dir = tempfile::tempdir().unwrap();
    let file = sheet(dir.path());
    let (_server, lines) = serve(&file, false);
    let url = url_in(&lines[0]);
    assert!(url.starts_with("http://127.0.0.1:"), "{}", lines[0]);
    let (status, page) = get(&url);
    assert_eq!(status, 200);
    assert!(page.contains("<meta name=\"viewport\""), "{page}");
    for outside in [
        "src=\"http",
        "href=\"http",
        "url(http",
        "url(//",
        "@import",
        "//cdn",
    ] {
        assert!(
            !page.contains(outside),
            "the page loads {outside}...: it must load nothing from elsewhere"
        );
    }
    let port: u16 = url
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    match lan_ip() {
        Some(ip) => assert!(
            TcpStream::connect_timeout(&(ip, port).into(), Duration::from_secs(2)).is_err(),
            "{ip}:{port} answers, but the server should listen on 127.0.0.1 only"
        ),
        None => eprintln!("no network address on this machine: only loopback was tried"),
    }
    // Another site's page may not change the sheet.
    let before = std::fs::read(&file).unwrap();
    let add = format!("{url}add?sheet=0");
    let deal = json!({ "re": ["Anna", "Cara"], "re_points": 130 });
    let (status, _) = post(&add, &deal, &[("origin", "http://evil.example")]);
    assert_eq!(status, 403);
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

#[test]
fn with_lan_every_request_needs_the_token() {
    let dir = tempfile::tempdir().unwrap();
    let file = sheet(dir.path());
    let (_server, lines) = serve(&file, true);
    assert!(
        lines[0].contains("on the local network at http://"),
        "{lines:?}"
    );
    assert!(
        lines[1].contains("without the token are refused"),
        "{lines:?}"
    );
    let url = url_in(&lines[0]);
    let token = url.split("?t=").nth(1).expect("a token").to_string();
    assert_eq!(token.len(), 32, "{token}");
    let port = url.split(':').nth(2).unwrap().split('/').next().unwrap();
    let local = format!("http://127.0.0.1:{port}/");
    let before = std::fs::read(&file).unwrap();
    let deal = json!({ "re": ["Anna", "Cara"], "re_points": 130 });

    for bad in [
        local.clone(),
        format!("{local}?t=wrong"),
        format!("{local}state?sheet=0"),
    ] {
        let (status, body) = get(&bad);
        assert_eq!(status, 403, "{bad}: {body}");
        assert!(body.contains("token"), "{body}");
    }
    let (status, _) = post(&format!("{local}add?sheet=0"), &deal, &[]);
    assert_eq!(status, 403);
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "a refused request wrote"
    );

    let (status, page) = get(&format!("{local}?t={token}"));
    assert_eq!(status, 200);
    // The printed address is reached from the network (where the machine has one).
    if let Some(ip) = lan_ip() {
        let (status, _) = get(&format!("http://{ip}:{port}/?t={token}"));
        assert_eq!(status, 200, "{ip}:{port}");
    }
    assert!(page.contains("id=\"deal\""), "{page}");
    let (status, body) = post(
        &format!("{local}add?sheet=0"),
        &deal,
        &[("x-doko-token", &token)],
    );
    assert_eq!(status, 200, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["ok"], json!(true), "{body}");
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("re_points = 130")
    );
}

#[test]
fn refused_changes_write_nothing_and_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let file = sheet(dir.path());
    let (_server, lines) = serve(&file, false);
    let url = url_in(&lines[0]);
    let before = std::fs::read(&file).unwrap();
    for (path, body, says) in [
        (
            "add",
            json!({ "re": ["Anna", "Cara"], "re_points": 300 }),
            "300 eyes; the deck has 240",
        ),
        (
            "add",
            json!({ "re": ["Zoe"], "re_points": 100 }),
            "`Zoe` is not a player of this sheet",
        ),
        (
            "check",
            json!({ "entry": { "re": ["A", "C"], "re_points": 100, "re_calls": "no 30" } }),
            "deal 1:",
        ),
        (
            "edit",
            json!({ "re": ["Anna", "Cara"], "re_points": 100 }),
            "there is no deal 0 to edit",
        ),
        ("undo", json!({}), "no deal to undo"),
    ] {
        let (status, text) = post(&format!("{url}{path}?sheet=0"), &body, &[]);
        assert_eq!(status, 200, "{text}");
        assert!(text.contains(says), "{path}: {text}");
        // The players' words: no file, line or key (issue 29).
        for technical in [".toml", "field", "re_points", "re_calls"] {
            assert!(!text.contains(technical), "{path}: {technical} in {text}");
        }
        assert_eq!(std::fs::read(&file).unwrap(), before, "{path} wrote");
    }
    // A number out of range is refused, never wrapped.
    let (status, text) = post(
        &format!("{url}add?sheet=0"),
        &json!({ "re": ["Anna"], "re_points": 65_666 }),
        &[],
    );
    assert_eq!(status, 422, "{text}");
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // A deal written by hand with cards is read on the page but edited in the file.
    let mut text = String::from_utf8(before).unwrap();
    text.push_str("\n[[deal]]\nre = [\"Anna\", \"Cara\"]\nre_points = 130\nbock = 2\n");
    std::fs::write(&file, &text).unwrap();
    let (status, body) = get(&format!("{url}deal?sheet=0&deal=1"));
    assert_eq!(status, 200);
    assert!(
        body.contains("`bock`, which the form does not hold; edit it in the file"),
        "{body}"
    );
    let (_, body) = get(&format!("{url}state?sheet=0"));
    let state: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(state["state"]["next"], json!(2), "{body}");
}

#[test]
fn a_tournament_file_serves_its_tables_and_standings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let players: Vec<String> = (1..=12).map(|i| format!("P{i:02}")).collect();
    let run = |args: &[&str]| {
        let out = doko().current_dir(d).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    run(&[
        "tournament",
        "new",
        "cup.toml",
        "--players",
        &players.join(","),
        "--rounds",
        "2",
        "--deals",
        "4",
        "--set",
        "league.compulsory_solos=0",
    ]);
    let plan: Value = serde_json::from_str(&run(&[
        "tournament",
        "draw",
        "cup.toml",
        "--format",
        "json",
    ]))
    .unwrap();
    let cup = d.join("cup.toml").display().to_string();
    let (_server, lines) = serve(&cup, false);
    let url = url_in(&lines[0]);
    let (status, page) = get(&url);
    assert_eq!(status, 200);
    assert!(page.contains("Standings: "), "{page}");
    for k in 0..3 {
        assert!(page.contains(&format!("/?sheet={k}")), "tab {k}");
    }
    // A deal entered on table 2's page lands in its sheet and in the standings.
    let table2 = &plan["tables"][1];
    let first = table2["players"][0].as_str().unwrap();
    let deal = json!({ "re": [first, table2["players"][1]], "re_points": 150 });
    let (status, body) = post(&format!("{url}add?sheet=1"), &deal, &[]);
    assert_eq!(status, 200, "{body}");
    let sheet = std::fs::read_to_string(d.join(table2["file"].as_str().unwrap())).unwrap();
    assert!(sheet.contains("re_points = 150"), "{sheet}");
    let (status, standings) = get(&format!("{url}tournament?sheet=0"));
    assert_eq!(status, 200);
    assert!(
        standings.contains(&format!("data-player=\"{first}\" data-total=\"1\"")),
        "{standings}"
    );
    assert!(standings.contains("http-equiv=\"refresh\""));
}

#[test]
fn the_server_says_when_a_deal_lacks_its_re_party() {
    let dir = tempfile::tempdir().unwrap();
    let file = sheet(dir.path());
    let (_server, lines) = serve(&file, false);
    let url = url_in(&lines[0]);
    let check = format!("{url}check?sheet=0");
    // No Re players: the page is told what is missing, nothing is checked.
    let (status, body) = post(&check, &json!({ "entry": { "re_points": 130 } }), &[]);
    assert_eq!(status, 200, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["hint"], "Tap the Re players.", "{body}");
    // A redeal has no Re party (any of its names).
    for game in ["redeal", "schmeissen"] {
        let (_, body) = post(&check, &json!({ "entry": { "contract": game } }), &[]);
        let answer: Value = serde_json::from_str(&body).unwrap();
        assert!(answer.get("hint").is_none(), "{game}: {body}");
    }
    // With its Re players the deal is checked.
    let entry = json!({ "entry": { "re": ["Anna", "Cara"], "re_points": 130 } });
    let (_, body) = post(&check, &entry, &[]);
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["ok"], true, "{body}");
}

/// Issue 28, Why 1: the page on a link and the command line on its target take one lock:
/// 20 adds at once, half through each, keep 20 deals.
#[cfg(unix)]
#[test]
fn the_page_and_the_command_line_on_two_names_keep_every_deal() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("real")).unwrap();
    common::run_in(
        dir.path(),
        &[
            "league",
            "new",
            "real/f.toml",
            "--players",
            "Anna,Ben,Cara,Dirk",
            "--deals",
            "60",
        ],
    );
    let real = dir.path().join("real").join("f.toml");
    let link = dir.path().join("f.toml");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let (_server, lines) = serve(link.to_str().unwrap(), false);
    let url = url_in(&lines[0]);
    let add = format!("{url}add?sheet=0");
    let deal = json!({ "re": ["Anna", "Ben"], "re_points": 130 });
    let page: Vec<_> = (0..10)
        .map(|_| {
            let (add, deal) = (add.clone(), deal.clone());
            std::thread::spawn(move || post(&add, &deal, &[]))
        })
        .collect();
    let cli: Vec<_> = (0..10)
        .map(|_| {
            doko()
                .args(["league", "add", real.to_str().unwrap()])
                .args(["--re", "Anna,Ben", "--re-points", "130"])
                .env("DOKO_LOCK_WAIT", "60")
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for t in page {
        let (status, body) = t.join().unwrap();
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("\"ok\":true"), "{body}");
    }
    for c in cli {
        let out = c.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let sheet = std::fs::read_to_string(&real).unwrap();
    assert_eq!(sheet.matches("[[deal]]").count(), 20, "{sheet}");
}

/// A raw HTTP/1.1 request (its own `Host`), and the answer's head and body.
fn raw(port: u16, request: &str) -> String {
    use std::io::{Read, Write};
    let mut s = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.write_all(request.as_bytes()).unwrap();
    let mut out = String::new();
    let _ = s.read_to_string(&mut out);
    out
}

fn port_of(url: &str) -> u16 {
    url.trim_end_matches('/')
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// Issue 28, Why 2 and 3: a request under another host name (DNS rebinding) is refused and
/// writes nothing; every answer carries the security headers; idle connections do not
/// keep a real request waiting.
#[test]
fn another_host_name_is_refused_and_answers_carry_security_headers() {
    let dir = tempfile::tempdir().unwrap();
    let file = sheet(dir.path());
    let (_server, lines) = serve(&file, false);
    let url = url_in(&lines[0]);
    let port = port_of(&url);
    let before = std::fs::read(&file).unwrap();
    let body = r#"{"compulsory":false,"re":["Anna","Cara"],"re_points":134}"#;
    for path in ["/add?sheet=0", "/undo?sheet=0", "/edit?sheet=0&deal=1"] {
        let answer = raw(
            port,
            &format!(
                "POST {path} HTTP/1.1\r\nHost: evil.example:{port}\r\nOrigin: http://evil.example:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            ),
        );
        assert!(answer.starts_with("HTTP/1.1 403"), "{path}: {answer}");
    }
    let state = raw(
        port,
        &format!(
            "GET /state?sheet=0 HTTP/1.1\r\nHost: evil.example:{port}\r\nConnection: close\r\n\r\n"
        ),
    );
    assert!(state.starts_with("HTTP/1.1 403"), "{state}");
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written");

    let page = raw(
        port,
        &format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"),
    )
    .to_ascii_lowercase();
    assert!(page.starts_with("http/1.1 200"), "{page}");
    for h in [
        "content-security-policy: frame-ancestors 'none'",
        "x-frame-options: deny",
        "x-content-type-options: nosniff",
        "cache-control: no-store",
        "referrer-policy: no-referrer",
    ] {
        assert!(page.contains(h), "{h} missing");
    }

    // 300 connections that never finish their request.
    let idle: Vec<TcpStream> = (0..300)
        .map(|_| {
            use std::io::Write;
            let mut s = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
            let _ = s.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1");
            s
        })
        .collect();
    let start = std::time::Instant::now();
    let (status, _) = get(&format!("{url}state?sheet=0"));
    assert_eq!(status, 200);
    assert!(
        start.elapsed() < Duration::from_secs(8),
        "a real request waited {:?} behind idle connections",
        start.elapsed()
    );
    drop(idle);
}

/// Issue 29, Why 6: when a forced compulsory solo is due, the page's state names its player
/// (the form opens on it); otherwise it names none.
#[test]
fn the_state_names_a_forced_solo() {
    let dir = tempfile::tempdir().unwrap();
    common::run_in(
        dir.path(),
        &[
            "league",
            "new",
            "kurz.toml",
            "--players",
            "Anna,Ben,Cara,Dirk",
            "--deals",
            "4",
        ],
    );
    let file = dir.path().join("kurz.toml").display().to_string();
    let (_server, lines) = serve(&file, false);
    let url = url_in(&lines[0]);
    let (_, body) = get(&format!("{url}state?sheet=0"));
    let state: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(state["state"]["forced"], json!("Anna"), "{state}");
    let other = dir.path().join("plain");
    std::fs::create_dir_all(&other).unwrap();
    let plain = sheet(&other);
    let (_server, lines) = serve(&plain, false);
    let url = url_in(&lines[0]);
    let (_, body) = get(&format!("{url}state?sheet=0"));
    let state: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(state["state"]["forced"], Value::Null, "{state}");
}

/// Issue 55: at a table of six the page marks the dealer and the player across as sitting
/// out, adds a deal through the same checks (a Re player who sits out is refused), and
/// moves both on.
#[test]
fn the_page_seats_a_table_of_six() {
    let dir = tempfile::tempdir().unwrap();
    common::run_in(
        dir.path(),
        &[
            "league",
            "new",
            "sechs.toml",
            "--players",
            "Anna,Ben,Cara,Dirk,Eva,Finn",
            "--set",
            "league.compulsory_solos=0",
        ],
    );
    let file = dir.path().join("sechs.toml").display().to_string();
    let (_server, lines) = serve(&file, false);
    let url = url_in(&lines[0]);
    let (_, body) = get(&format!("{url}state?sheet=0"));
    let state: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        state["state"]["sitting_out"],
        json!(["Finn", "Cara"]),
        "{state}"
    );
    let (_, page) = get(&format!("{url}?sheet=0"));
    assert_eq!(page.matches("chip out").count(), 2, "two chips marked out");
    let before = std::fs::read(&file).unwrap();
    let (code, text) = post(
        &format!("{url}add?sheet=0"),
        &json!({"re": ["Anna", "Cara"], "re_points": 130}),
        &[],
    );
    assert_eq!(code, 200, "{text}");
    assert!(text.contains("Cara sits out this deal"), "{text}");
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "a refused deal writes nothing"
    );
    let (code, body) = post(
        &format!("{url}add?sheet=0"),
        &json!({"re": ["Anna", "Ben"], "re_points": 130}),
        &[],
    );
    assert_eq!(code, 200, "{body}");
    assert!(!body.contains("sits out"), "{body}");
    let (_, body) = get(&format!("{url}state?sheet=0"));
    let state: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        state["state"]["sitting_out"],
        json!(["Anna", "Dirk"]),
        "{state}"
    );
}

/// Issue 31: the page records a penalty after the last deal (the button beside the form):
/// the sheet gets it, `/state` shows the new standings; a bad one writes nothing.
#[test]
fn the_page_records_a_penalty() {
    let dir = tempfile::tempdir().unwrap();
    let file = sheet(dir.path());
    let (_server, lines) = serve(&file, false);
    let url = url_in(&lines[0]);
    let (status, text) = post(
        &format!("{url}add?sheet=0"),
        &json!({ "re": ["Anna", "Cara"], "re_points": 130 }),
        &[],
    );
    assert_eq!(status, 200, "{text}");
    let before = std::fs::read(&file).unwrap();
    let (status, text) = post(
        &format!("{url}penalty?sheet=0"),
        &json!({ "player": "Ben", "points": 4 }),
        &[],
    );
    assert_eq!(status, 200, "{text}");
    assert!(text.contains("do not divide"), "{text}");
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "a refused penalty wrote"
    );
    let (status, text) = post(
        &format!("{url}penalty?sheet=0"),
        &json!({ "player": "Ben" }),
        &[],
    );
    assert_eq!(status, 200, "{text}");
    let answer: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(answer["ok"], json!(true), "{text}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .starts_with("penalty: Ben -3 after deal 1"),
        "{text}"
    );
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(
        written.contains("[[penalty]]\nafter = 1\nplayer = \"Ben\""),
        "{written}"
    );
    assert!(
        answer["state"]["history"]
            .as_str()
            .unwrap()
            .contains("class=\"penalty\""),
        "{text}"
    );
}

/// Issue 31: the page ends a round against the clock (the "End the round" button): the
/// solos still owed follow as forced solos; a normal deal is refused afterwards.
#[test]
fn the_page_closes_a_round() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("uhr.toml").display().to_string();
    common::run_in(
        dir.path(),
        &[
            "league",
            "new",
            "uhr.toml",
            "--players",
            "Anna,Ben,Cara,Dirk",
            "--minutes",
            "100",
        ],
    );
    let (_server, lines) = serve(&file, false);
    let url = url_in(&lines[0]);
    let (_, page) = get(&format!("{url}?sheet=0"));
    assert!(
        page.contains("id=\"close\""),
        "the page offers to end the round"
    );
    let (status, text) = post(
        &format!("{url}add?sheet=0"),
        &json!({ "re": ["Anna", "Cara"], "re_points": 130 }),
        &[],
    );
    assert_eq!(status, 200, "{text}");
    let (status, text) = post(&format!("{url}close?sheet=0"), &json!({}), &[]);
    assert_eq!(status, 200, "{text}");
    let answer: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(answer["ok"], json!(true), "{text}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("round closed after deal 1"),
        "{text}"
    );
    assert_eq!(answer["state"]["forced"], json!("Ben"), "{text}");
    let (_, text) = post(
        &format!("{url}check?sheet=0"),
        &json!({ "entry": { "re": ["Anna", "Cara"], "re_points": 130 } }),
        &[],
    );
    assert!(text.contains("must be a compulsory solo"), "{text}");
}

/// Issue 50: a request body sent a byte every two seconds is cut off after the body's
/// time limit, and a thousand such clients do not keep a real request out.
#[test]
fn slow_clients_do_not_keep_others_out() {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().unwrap();
    let file = sheet(dir.path());
    let (_server, lines) = serve(&file, false);
    let url = url_in(&lines[0]);
    let port = port_of(&url);
    let head = format!(
        "POST /add?sheet=0 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n{{"
    );
    // A thousand clients that send a request's head and the first byte of its body.
    let slow: Vec<TcpStream> = (0..1000)
        .filter_map(|_| {
            let mut s = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).ok()?;
            s.write_all(head.as_bytes()).ok()?;
            Some(s)
        })
        .collect();
    assert!(slow.len() > 900, "{} connections", slow.len());
    let start = std::time::Instant::now();
    let (status, _) = get(&format!("{url}state?sheet=0"));
    assert_eq!(status, 200);
    assert!(
        start.elapsed() < Duration::from_secs(8),
        "a real request waited {:?} behind slow clients",
        start.elapsed()
    );
    drop(slow);
    // One client that sends its body a byte every two seconds: answered and closed
    // within the body's limit (10 s), not held for minutes.
    let mut s = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
    s.set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    s.write_all(head.as_bytes()).unwrap();
    let start = std::time::Instant::now();
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    'out: while start.elapsed() < Duration::from_secs(40) {
        let _ = s.write_all(b" ");
        let until = std::time::Instant::now() + Duration::from_secs(2);
        while std::time::Instant::now() < until {
            match s.read(&mut buf) {
                Ok(0) => break 'out,
                Ok(n) => answer.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(_) => break 'out,
            }
        }
    }
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "held {:?}",
        start.elapsed()
    );
    assert_eq!(
        std::fs::read_to_string(&file)
            .unwrap()
            .matches("[[deal]]")
            .count(),
        0
    );
}

/// Issue 50: a change sent by another site's page is refused when the browser says so
/// (`Sec-Fetch-Site: cross-site`) without an `Origin` (a `text/plain` form), and a
/// penalty beyond the command line's bound (1 to 999 points) is refused on the page too.
#[test]
fn cross_site_changes_and_huge_penalties_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = sheet(dir.path());
    let (_server, lines) = serve(&file, false);
    let url = url_in(&lines[0]);
    let port = port_of(&url);
    let (status, text) = post(
        &format!("{url}add?sheet=0"),
        &json!({ "re": ["Anna", "Cara"], "re_points": 130 }),
        &[("sec-fetch-site", "same-origin")],
    );
    assert_eq!(status, 200, "{text}");
    let before = std::fs::read(&file).unwrap();
    for site in ["cross-site", "same-site"] {
        for path in ["/undo?sheet=0", "/close?sheet=0"] {
            let answer = raw(
                port,
                &format!(
                    "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nSec-Fetch-Site: {site}\r\nContent-Type: text/plain\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=b"
                ),
            );
            assert!(answer.starts_with("HTTP/1.1 403"), "{path}: {answer}");
        }
    }
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written");
    for points in [65_535, 1_000, 0] {
        let (status, text) = post(
            &format!("{url}penalty?sheet=0"),
            &json!({ "player": "Ben", "points": points }),
            &[],
        );
        assert_eq!(status, 200, "{text}");
        let answer: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(answer["ok"], json!(false), "{points}: {text}");
        assert!(text.contains("from 1 to 999 points"), "{text}");
    }
    assert_eq!(std::fs::read(&file).unwrap(), before, "nothing written");
}

#[test]
fn a_sheet_edited_to_nest_thousands_deep_is_refused_and_the_server_lives() {
    // Issue 65: 3,000 levels (6 KB) in a served sheet overflowed the stack and took the
    // server down for every table.
    let dir = tempfile::tempdir().unwrap();
    let file = sheet(dir.path());
    let (_server, lines) = serve(&file, false);
    let url = url_in(&lines[0]);
    let good = std::fs::read_to_string(&file).unwrap();
    let deep = format!("{good}\nx = {}{}\n", "[".repeat(3000), "]".repeat(3000));
    std::fs::write(&file, &deep).unwrap();
    let (_, body) = get(&format!("{url}state?sheet=0"));
    assert!(body.contains("nested 3000 deep (at most 64)"), "{body}");
    let (_, body) = post(
        &format!("{url}add?sheet=0"),
        &json!({ "re": ["Anna", "Cara"], "re_points": 130 }),
        &[],
    );
    assert!(body.contains("nested 3000 deep (at most 64)"), "{body}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), deep);
    // The sheet mended, the same server answers.
    std::fs::write(&file, &good).unwrap();
    let (status, body) = get(&format!("{url}state?sheet=0"));
    assert_eq!(status, 200, "{body}");
}

#[test]
fn every_answer_is_the_pages_json_in_the_readers_language() {
    // Issue 65: a bad query string or a body without its content type got axum's English
    // plain text.
    let dir = tempfile::tempdir().unwrap();
    let file = sheet(dir.path());
    let (_server, lines) = serve(&file, false);
    let url = url_in(&lines[0]);
    let mut r = agent()
        .get(&format!("{url}state?sheet=x"))
        .header("accept-language", "de")
        .call()
        .unwrap();
    assert_eq!(r.status().as_u16(), 400);
    let body = r.body_mut().read_to_string().unwrap();
    let answer: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{body}"));
    assert_eq!(answer["ok"], json!(false), "{body}");
    assert!(
        body.contains("die Anfrage ist keine, die die Seite sendet"),
        "{body}"
    );
    let mut r = agent()
        .post(&format!("{url}add?sheet=0"))
        .header("content-type", "text/plain")
        .send("re=Anna")
        .unwrap();
    assert_eq!(r.status().as_u16(), 415);
    let body = r.body_mut().read_to_string().unwrap();
    assert!(
        body.contains("the request is not one the page sends"),
        "{body}"
    );
    assert!(serde_json::from_str::<Value>(&body).is_ok(), "{body}");
    // A sheet the server does not keep: its words, as JSON too.
    let (status, body) = get(&format!("{url}state?sheet=7"));
    assert_eq!(status, 404);
    assert!(serde_json::from_str::<Value>(&body).is_ok(), "{body}");
}
