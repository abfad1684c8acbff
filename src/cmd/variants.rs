//! `doko variants list | show NAME | check FILE`.

use std::process::ExitCode;

use anyhow::Result;
use doko::variant::{Profile, load};

use crate::cli::VariantsCommand;

pub fn run(cmd: &VariantsCommand) -> Result<ExitCode> {
    match cmd {
        VariantsCommand::List => list(),
        VariantsCommand::Show { name, resolved } => {
            let text = if *resolved {
                toml::to_string_pretty(&Profile::resolved_table(name)?)?
            } else {
                load::find(name, None)?.text
            };
            crate::emit(&text)?;
            Ok(ExitCode::SUCCESS)
        }
        VariantsCommand::Check { file } => {
            let p = Profile::load(file, &[])?;
            let line = doko::tr!(
                crate::lang(),
                "variants.ok",
                file = file,
                name = p.name,
                title = p.title_in(crate::lang()),
                cards = p.deck().size(),
                tricks = p.hand_size()
            );
            crate::emit(&format!("{line}\n"))?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn list() -> Result<ExitCode> {
    let mut t = doko::render::new_table(false);
    let lang = crate::lang();
    t.set_header(["variants.name", "variants.title", "variants.from"].map(|k| lang.t(k)));
    for name in load::builtin_names() {
        let p = Profile::load(name, &[])?;
        let title = p.title_in(lang).to_string();
        t.add_row(vec![p.name, title, lang.t("variants.builtin").to_string()]);
    }
    for (name, path) in load::user_profiles() {
        let title = match Profile::load(&path.display().to_string(), &[]) {
            Ok(p) => p.title_in(lang).to_string(),
            Err(e) => doko::tr!(lang, "variants.invalid", error = doko::localized(&e, lang)),
        };
        t.add_row(vec![name, title, path.display().to_string()]);
    }
    crate::emit(&format!("{}\n", doko::render::fitted(t)))?;
    Ok(ExitCode::SUCCESS)
}
