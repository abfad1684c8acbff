//! Command-line tests: every subcommand, the README's examples and each error message,
//! as trycmd data in `tests/cmd/`.

#[test]
fn cli() {
    trycmd::TestCases::new()
        .case("tests/cmd/*.trycmd")
        .case("tests/cmd/*.toml");
}
