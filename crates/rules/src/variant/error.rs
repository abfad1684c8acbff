//! Why a profile could not be loaded.

use super::{BUILTIN, Text};

/// Why a profile could not be loaded.
#[derive(Debug, thiserror::Error)]
#[error("{}", self.text())]
#[non_exhaustive]
pub enum ProfileError {
    /// No built-in profile, and no profile in the user's folder, has this name.
    Unknown(String),
    /// The file could not be read (the I/O error is in the message, not a cause of its
    /// own, so that it is written once).
    Io {
        /// The profile's file.
        file: String,
        /// The operating system's error.
        error: std::io::Error,
    },
    /// A line of the file is not TOML, or not a profile's key.
    Syntax {
        /// The profile's file.
        file: String,
        /// The line of the error.
        line: usize,
        /// What is wrong.
        message: Text,
    },
    /// A `--set` override that does not fit the profile.
    Set {
        /// The profile's file.
        file: String,
        /// The key set.
        key: String,
        /// What is wrong.
        message: Text,
    },
    /// The profile's values do not make a game.
    Invalid {
        /// The profile's file.
        file: String,
        /// What is wrong.
        message: Text,
    },
}

impl ProfileError {
    /// Where, then what, in no language yet.
    pub fn text(&self) -> Text {
        match self {
            ProfileError::Unknown(name) => crate::msg!(
                "error.unknown_variant",
                name = name,
                list = BUILTIN
                    .iter()
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            ProfileError::Io { file, error } => Text::placed(
                file,
                crate::msg!("error.cannot_read", why = crate::files::why(error)),
            ),
            ProfileError::Syntax {
                file,
                line,
                message,
            } => Text::placed(format!("{file}:{line}"), message.clone()),
            // The override is the place, not the profile's file it changes.
            // (Once: a message that starts with the key it is about is placed at `--set`.)
            ProfileError::Set { key, message, .. } => {
                let names_key = message.to_string().starts_with(key.as_str());
                if names_key {
                    Text::placed("--set", message.clone())
                } else {
                    Text::placed(format!("--set {key}"), message.clone())
                }
            }
            ProfileError::Invalid { file, message } => Text::placed(file, message.clone()),
        }
    }

    /// The error in `lang`: where, then what.
    pub fn render(&self, lang: crate::lang::Lang) -> String {
        self.text().render(lang)
    }
}
