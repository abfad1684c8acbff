//! Command-line tests: every subcommand, the README's examples and each error message,
//! as trycmd data in `tests/cmd/`.

#[test]
fn cli() {
    // English unless a case says otherwise: the machine's locale does not leak in.
    trycmd::TestCases::new()
        .env("LANG", "C.UTF-8")
        .env("LC_ALL", "")
        .env("LC_MESSAGES", "")
        .case("tests/cmd/*.trycmd")
        .case("tests/cmd/*.toml");
}
